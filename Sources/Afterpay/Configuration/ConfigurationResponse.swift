public import Foundation

/// The body of Afterpay's configuration endpoint (`GET /v2/configuration`):
/// `{"minimumAmount":{"amount":"1.00","currency":"AUD"},"maximumAmount":{"amount":"2000.00","currency":"AUD"}}`.
/// The minimum may be absent.
///
/// ```swift
/// let response = try ConfigurationResponse(jsonData: body)
/// let configuration = try Configuration(
///     response: response, locale: Locale(identifier: "en_AU"), environment: .production)
/// ```
public struct ConfigurationResponse: Codable, Equatable, Hashable, Sendable {
    /// The smallest order total, when the merchant has one.
    public let minimumAmount: Money?
    /// The largest order total; its currency is the configuration's currency.
    public let maximumAmount: Money

    /// A response from its two amounts.
    public init(minimumAmount: Money?, maximumAmount: Money) {
        self.minimumAmount = minimumAmount
        self.maximumAmount = maximumAmount
    }

    /// Decodes the endpoint's JSON body.
    ///
    /// - Throws: ``ConfigurationResponseError/invalidJSON(reason:)`` saying which field is missing
    ///   or malformed.
    public init(jsonData: Data) throws(ConfigurationResponseError) {
        do {
            self = try JSONDecoder().decode(ConfigurationResponse.self, from: jsonData)
        } catch let error as DecodingError {
            throw .invalidJSON(reason: Self.describe(error))
        } catch {
            throw .invalidJSON(reason: "\(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.isEmpty ? "the top level" : codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))"
            return "missing field \"\(key.stringValue)\"\(parent)"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) is not \(type == String.self ? "a string" : "a \(type)")"
        case .valueNotFound(_, let context):
            return "\(path(context.codingPath)) is null"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "not valid JSON (\(context.debugDescription))"
                : "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}

extension Configuration {
    /// A configuration from the configuration endpoint's response: the limits and the currency come
    /// from the response, the locale (whose terms apply) and environment from the app.
    ///
    /// - Throws: ``ConfigurationResponseError/mismatchedCurrencies(minimum:maximum:)`` when the two
    ///   amounts disagree on currency, else ``ConfigurationResponseError/invalidConfiguration(_:)``
    ///   wrapping the first failed check.
    public init(
        response: ConfigurationResponse,
        locale: Locale,
        environment: Environment,
        consumerLocale: Locale? = nil
    ) throws(ConfigurationResponseError) {
        if let minimum = response.minimumAmount, minimum.currency != response.maximumAmount.currency {
            throw .mismatchedCurrencies(minimum: minimum.currency, maximum: response.maximumAmount.currency)
        }
        do {
            try self.init(
                minimumAmount: response.minimumAmount?.amount,
                maximumAmount: response.maximumAmount.amount,
                currencyCode: response.maximumAmount.currency,
                locale: locale,
                environment: environment,
                consumerLocale: consumerLocale
            )
        } catch {
            throw .invalidConfiguration(error)
        }
    }
}
