import Foundation

/// A configuration is `Codable` so it can live in persisted or logged state. It is written as
/// strings (`{"maximumAmount":"2000","currencyCode":"AUD","locale":"en_AU",...}`) and read back
/// through the validating initialiser: a stored configuration that would no longer pass the checks
/// fails to decode with the failed check's reason, at the offending key.
extension Configuration: Codable {
    private enum CodingKeys: String, CodingKey {
        case minimumAmount, maximumAmount, currencyCode, locale, environment, consumerLocale
    }

    /// Decodes and validates a configuration.
    ///
    /// - Throws: `DecodingError.dataCorrupted` at the failing key, with the
    ///   ``ConfigurationError/failureReason`` as its description.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let consumer = try container.decodeIfPresent(String.self, forKey: .consumerLocale)
        do {
            try self.init(
                minimumAmount: try container.decodeIfPresent(String.self, forKey: .minimumAmount),
                maximumAmount: try container.decode(String.self, forKey: .maximumAmount),
                currencyCode: try container.decode(String.self, forKey: .currencyCode),
                locale: Locale(identifier: try container.decode(String.self, forKey: .locale)),
                environment: try container.decode(Environment.self, forKey: .environment),
                consumerLocale: consumer.map(Locale.init(identifier:))
            )
        } catch let error as ConfigurationError {
            let key: CodingKeys
            switch error {
            case .invalidMinimum, .invalidOrdering: key = .minimumAmount
            case .invalidMaximum: key = .maximumAmount
            case .invalidCurrencyCode: key = .currencyCode
            case .invalidLocale: key = .locale
            }
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: error.failureReason ?? error.description)
        }
    }

    /// Encodes the configuration as strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(minimumAmount.map { "\($0)" }, forKey: .minimumAmount)
        try container.encode("\(maximumAmount)", forKey: .maximumAmount)
        try container.encode(currencyCode, forKey: .currencyCode)
        try container.encode(locale.identifier, forKey: .locale)
        try container.encode(environment, forKey: .environment)
        try container.encodeIfPresent(consumerLocale?.identifier, forKey: .consumerLocale)
    }
}
