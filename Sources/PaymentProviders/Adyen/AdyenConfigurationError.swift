/// Why an ``AdyenConfiguration`` was refused. Each case names the field; none repeats the client
/// key (only its prefix, `test` or `live`, which says which environment it is for).
public enum AdyenConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `clientKey` is not shaped like an Adyen client key: a lower-case prefix, `_`, then 8 to 128
    /// letters and digits (the check Adyen's iOS SDK makes before any call). `length` is its
    /// length in characters.
    case malformedClientKey(length: Int)
    /// `clientKey` is for another environment than `environment`: a `test_` key with a live
    /// region, a `live_` key with `test`, or a key with neither prefix (`keyPrefix` is what comes
    /// before its `_`).
    case clientKeyForAnotherEnvironment(keyPrefix: String, environment: AdyenEnvironment)
    /// `clientKey` was read back redacted (from a log or an encoded configuration): the key is
    /// unknown, so the drop-in could not be built with it.
    case redactedClientKey

    /// The configuration field that is wrong.
    public var field: String { "clientKey" }

    /// `clientKey: a test_ key cannot be used with environment live-eu (it takes live_ keys)`.
    public var description: String {
        switch self {
        case .malformedClientKey(let length):
            return "\(field): not an Adyen client key (\(length) characters; expected a prefix such as test_ or "
                + "live_, then 8 to 128 letters and digits)"
        case .clientKeyForAnotherEnvironment(let prefix, let environment):
            return "\(field): a \(prefix)_ key cannot be used with environment \(environment.rawValue) "
                + "(it takes \(environment.clientKeyPrefix) keys)"
        case .redactedClientKey:
            return "\(field): the key is redacted (read back from a log or an encoded configuration)"
        }
    }

    /// Checks `clientKey` as Adyen does: its shape (the iOS SDK's check), then that its prefix is
    /// the environment's (`test_` only with ``AdyenEnvironment/test``, `live_` only with a live
    /// region, the check Adyen's other SDKs make).
    static func check(clientKey: String, environment: AdyenEnvironment) throws(AdyenConfigurationError) {
        let parts = clientKey.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, (4...8).contains(parts[0].count), parts[0].allSatisfy(Self.isLowercaseLetter),
            (8...128).contains(parts[1].count), parts[1].allSatisfy(Self.isLetterOrDigit)
        else {
            throw .malformedClientKey(length: clientKey.count)
        }
        guard "\(parts[0])_" == environment.clientKeyPrefix else {
            throw .clientKeyForAnotherEnvironment(keyPrefix: String(parts[0]), environment: environment)
        }
    }

    private static func isLowercaseLetter(_ character: Character) -> Bool {
        character.isASCII && character.isLowercase && character.isLetter
    }

    private static func isLetterOrDigit(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }
}
