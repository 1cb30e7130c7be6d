public import Foundation
public import StateStore

/// Where a payment provider keeps, on the device, what it needs to finish a payment after the app
/// was killed and that must never reach a log: Adyen's `sessionData` (with the client key it can
/// pay in the session), an action's `paymentData`, a session result, a partial-payment order's
/// data.
///
/// The checkout's log and a saved state hold only what is safe to log; the provider writes its
/// secrets here as each step answers, before the answer reaches the checkout, so a kill at any
/// point leaves the vault at least as new as the log. On relaunch the provider reads them back
/// (``AdyenPaymentProvider/resume(from:)``).
///
/// Implementations: `KeychainPaymentAttemptVault` (iOS and macOS: the Keychain, this device
/// only) for an app, ``InMemoryPaymentAttemptVault`` for tests, previews and the sandbox (and for
/// an app that accepts that a killed payment then ends unconfirmed). A host with its own secure
/// storage implements the three methods over it: each entry is a few hundred bytes, under a key
/// such as `adyen/CS1234` (the provider's id and the payment session's id).
///
/// An error from the vault never fails a payment: the payment goes on, and only a relaunch
/// misses what could not be kept (the provider then uses the lookups that need no secret, and
/// otherwise the checkout shows that the payment could not be confirmed).
public protocol PaymentAttemptVault: Sendable {
    /// Keeps `secret` under `key`, replacing what was there.
    func store(_ secret: Sensitive<Data>, forKey key: String) async throws

    /// What is kept under `key`, or `nil` when nothing is.
    func secret(forKey key: String) async throws -> Sensitive<Data>?

    /// Forgets what is kept under `key` (nothing happens when nothing is).
    func removeSecret(forKey key: String) async throws
}
