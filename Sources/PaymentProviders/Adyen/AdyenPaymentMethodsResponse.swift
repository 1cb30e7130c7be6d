public import Checkout
public import StateStore

/// The answer to `POST /paymentMethods` (advanced flow), whole: what Adyen's drop-in is built from.
///
/// Adyen's answer carries more than a list of names: `paymentMethods` with each method's `brands`,
/// `issuers` (iDEAL's banks), `configuration` (Apple Pay's and Google Pay's merchant ids) and
/// `fundingSource`, and `storedPaymentMethods` (the shopper's saved cards and wallets). The SDK
/// decodes its `PaymentMethods` from that JSON, so the answer is kept as it came, in ``json``
/// (members in order, numbers as their text), and the provider hands it to the checkout's state
/// whole (``paymentMethodsResponse``, with `storedPaymentMethods` secret). ``paymentMethods`` is
/// the typed list the checkout's own screens show.
///
/// ```swift
/// let response = try AdyenPaymentMethodsResponse(jsonText: bodyFromMyServer)
/// response.paymentMethods.map(\.name)   // ["Cards", "iDEAL", "Apple Pay"]
/// ```
public struct AdyenPaymentMethodsResponse: Sendable, Hashable {
    /// The name of the answer's member that lists the shopper's saved methods: secret in the
    /// checkout's state and logs.
    public static let storedPaymentMethodsKey = "storedPaymentMethods"

    /// The whole answer, as Adyen wrote it.
    public let json: JSONValue
    /// The methods to offer, typed from the answer's `paymentMethods`.
    public let paymentMethods: [AdyenPaymentMethod]

    /// Reads Adyen's answer: `paymentMethods` must be an array of objects, each with a string
    /// `type` and `name`, and `brands`, when present, an array of strings. Every other member is
    /// kept as it is, unread.
    ///
    /// - Throws: ``AdyenJSONProblem`` naming the first member that is not so.
    public init(json: JSONValue) throws(AdyenJSONProblem) {
        _ = try AdyenJSONProblem.object(json, path: "")
        guard case .array(let entries)? = json["paymentMethods"] else {
            throw AdyenJSONProblem(
                path: "paymentMethods", reason: "expected an array, \(AdyenJSONProblem.found(json["paymentMethods"]))")
        }
        var methods: [AdyenPaymentMethod] = []
        for (index, entry) in entries.enumerated() {
            methods.append(try Self.method(entry, path: "paymentMethods[\(index)]"))
        }
        self.json = json
        paymentMethods = methods
    }

    /// Reads Adyen's answer from its JSON text, keeping its members' order and its numbers' text.
    ///
    /// - Throws: ``AdyenJSONProblem`` for text that is not JSON (naming the byte) or not such an
    ///   answer.
    public init(jsonText: String) throws(AdyenJSONProblem) {
        try self.init(json: try AdyenJSONProblem.parse(jsonText, path: ""))
    }

    /// An answer listing `paymentMethods` (`type`, `name`, `brands`), and the shopper's saved
    /// methods when given.
    public init(paymentMethods: [AdyenPaymentMethod], storedPaymentMethods: [JSONValue]? = nil) {
        var members = [JSONMember(key: "paymentMethods", value: .array(paymentMethods.map(\.json)))]
        if let storedPaymentMethods {
            members.append(JSONMember(key: Self.storedPaymentMethodsKey, value: .array(storedPaymentMethods)))
        }
        json = .object(members)
        self.paymentMethods = paymentMethods
    }

    /// The answer as the checkout's state keeps it: whole, with `storedPaymentMethods` secret.
    public var paymentMethodsResponse: PaymentMethodsResponse {
        PaymentMethodsResponse(json: json, secretMembers: [Self.storedPaymentMethodsKey])
    }

    private static func method(_ entry: JSONValue, path: String) throws(AdyenJSONProblem) -> AdyenPaymentMethod {
        _ = try AdyenJSONProblem.object(entry, path: path)
        var brands: [String]?
        if let value = entry["brands"] {
            guard case .array(let items) = value else {
                throw AdyenJSONProblem(path: "\(path).brands", reason: "expected an array, found \(value.kindName)")
            }
            brands = []
            for (index, item) in items.enumerated() {
                guard case .string(let brand) = item else {
                    throw AdyenJSONProblem(
                        path: "\(path).brands[\(index)]", reason: "expected a string, found \(item.kindName)")
                }
                brands?.append(brand)
            }
        }
        return AdyenPaymentMethod(
            type: try AdyenJSONProblem.string("type", of: entry, path: path),
            name: try AdyenJSONProblem.string("name", of: entry, path: path), brands: brands)
    }
}

extension AdyenPaymentMethodsResponse: Codable {
    /// Decodes Adyen's answer (through Foundation's `JSONDecoder`, members come back sorted by
    /// name; ``init(jsonText:)`` keeps their order).
    ///
    /// - Throws: `DecodingError` with ``AdyenJSONProblem``'s words when it is not such an answer.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let json = try container.decode(JSONValue.self)
        do throws(AdyenJSONProblem) {
            try self.init(json: json)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the whole answer.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(json)
    }
}
