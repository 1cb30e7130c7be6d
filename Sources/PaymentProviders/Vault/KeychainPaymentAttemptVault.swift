#if canImport(Security)
public import Foundation
import Security
public import StateStore

/// A ``PaymentAttemptVault`` in the Keychain: generic-password items of `service`, one per key,
/// readable after the device's first unlock, on this device only (never in a backup or another
/// device's Keychain: a payment is finished where it was started). In the data-protection
/// Keychain on macOS too, which needs a signed app (an unsigned tool gets
/// `errSecMissingEntitlement`, thrown as ``Failure``).
///
/// ```swift
/// let adyen = AdyenPaymentProvider(
///     configuration: configuration, server: MyAdyenBackend(),
///     vault: KeychainPaymentAttemptVault(service: "com.example.shop.payments"))
/// ```
///
/// Never compiled on Linux; minimal on purpose: delete then add (no update path to get wrong),
/// every status other than success or "not found" thrown as ``Failure``.
public struct KeychainPaymentAttemptVault: PaymentAttemptVault {
    /// A Keychain call that did not succeed.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The `OSStatus` the Keychain answered.
        public var status: Int32

        /// `Keychain status -25308`, say (`errSecInteractionNotAllowed`: the device is locked).
        public var description: String { "Keychain status \(status)" }
    }

    /// The items' `kSecAttrService`.
    public let service: String

    /// A vault in the Keychain items of `service` (use your bundle identifier's domain).
    public init(service: String) {
        self.service = service
    }

    /// Replaces the item of `key` with `secret` (a redacted value only deletes it).
    public func store(_ secret: Sensitive<Data>, forKey key: String) throws {
        try removeSecret(forKey: key)
        guard let data = secret.value else { return }
        var item = query(key)
        item[kSecValueData as String] = data
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess else { throw Failure(status: status) }
    }

    /// The data of the item of `key`, or `nil` when there is none.
    public func secret(forKey key: String) throws -> Sensitive<Data>? {
        var search = query(key)
        search[kSecReturnData as String] = true
        search[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(search as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else { throw Failure(status: status) }
        return Sensitive(data)
    }

    /// Deletes the item of `key`, if there is one.
    public func removeSecret(forKey key: String) throws {
        let status = SecItemDelete(query(key) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw Failure(status: status) }
    }

    /// The attributes that name the item of `key`.
    private func query(_ key: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: key,
            kSecUseDataProtectionKeychain as String: true,
        ]
    }
}
#endif
