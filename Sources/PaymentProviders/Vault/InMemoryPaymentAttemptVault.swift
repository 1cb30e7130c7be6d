public import Foundation
public import StateStore

/// A ``PaymentAttemptVault`` in memory: what it keeps dies with the process. For tests, SwiftUI
/// previews and the sandbox; it is ``AdyenPaymentProvider``'s default, which keeps today's
/// behaviour of an app that keeps nothing (a killed payment is then checked by the lookups that
/// need no secret, or ends unconfirmed).
///
/// ```swift
/// let vault = InMemoryPaymentAttemptVault()
/// let adyen = AdyenPaymentProvider(configuration: configuration, server: server, vault: vault)
/// ```
public actor InMemoryPaymentAttemptVault: PaymentAttemptVault {
    private var secrets: [String: Data]

    /// A vault holding `secrets` (by key), empty by default.
    public init(secrets: [String: Data] = [:]) {
        self.secrets = secrets
    }

    /// The keys of what is kept, sorted.
    public var keys: [String] { secrets.keys.sorted() }

    /// Keeps `secret` under `key` (a redacted value keeps nothing and forgets the key).
    public func store(_ secret: Sensitive<Data>, forKey key: String) {
        secrets[key] = secret.value
    }

    /// What is kept under `key`.
    public func secret(forKey key: String) -> Sensitive<Data>? {
        secrets[key].map(Sensitive.init)
    }

    /// Forgets what is kept under `key`.
    public func removeSecret(forKey key: String) {
        secrets[key] = nil
    }

    /// Forgets everything: the shopper wiped the app's data, or the checkout went on on another
    /// device.
    public func removeAll() {
        secrets = [:]
    }
}
