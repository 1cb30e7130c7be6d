import ActionLog
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

    /// Why an answer is not a `/paymentMethods` answer: where (`paymentMethods[2].name`) and what.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// Where in the answer (`paymentMethods[2].name`; empty for the answer itself).
        public var path: String
        /// What is wrong there.
        public var reason: String

        /// Creates a problem.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        /// `paymentMethods[2].name: expected a string, found a number`.
        public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
    }

    /// Reads Adyen's answer: `paymentMethods` must be an array of objects, each with a string
    /// `type` and `name`, and `brands`, when present, an array of strings. Every other member is
    /// kept as it is, unread.
    ///
    /// - Throws: ``Problem`` naming the first member that is not so.
    public init(json: JSONValue) throws(Problem) {
        guard case .object = json else { throw Problem(path: "", reason: "expected an object, found \(json.kindName)") }
        guard case .array(let entries)? = json["paymentMethods"] else {
            let found = json["paymentMethods"].map { "found \($0.kindName)" } ?? "missing"
            throw Problem(path: "paymentMethods", reason: "expected an array, \(found)")
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
    /// - Throws: ``Problem`` for text that is not JSON (naming the byte) or not such an answer.
    public init(jsonText: String) throws(Problem) {
        let json: JSONValue
        do throws(JSONParseError) {
            json = try JSONParser.parse(jsonText)
        } catch {
            throw Problem(path: "", reason: "not JSON: \(error)")
        }
        try self.init(json: json)
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

    private static func method(_ entry: JSONValue, path: String) throws(Problem) -> AdyenPaymentMethod {
        guard case .object = entry else {
            throw Problem(path: path, reason: "expected an object, found \(entry.kindName)")
        }
        func string(_ key: String) throws(Problem) -> String {
            guard case .string(let text)? = entry[key] else {
                let found = entry[key].map { "found \($0.kindName)" } ?? "missing"
                throw Problem(path: "\(path).\(key)", reason: "expected a string, \(found)")
            }
            return text
        }
        var brands: [String]?
        if let value = entry["brands"] {
            guard case .array(let items) = value else {
                throw Problem(path: "\(path).brands", reason: "expected an array, found \(value.kindName)")
            }
            brands = []
            for (index, item) in items.enumerated() {
                guard case .string(let brand) = item else {
                    throw Problem(path: "\(path).brands[\(index)]", reason: "expected a string, found \(item.kindName)")
                }
                brands?.append(brand)
            }
        }
        return AdyenPaymentMethod(type: try string("type"), name: try string("name"), brands: brands)
    }
}

extension AdyenPaymentMethodsResponse: Codable {
    /// Decodes Adyen's answer (through Foundation's `JSONDecoder`, members come back sorted by
    /// name; ``init(jsonText:)`` keeps their order).
    ///
    /// - Throws: `DecodingError` with ``Problem``'s words when it is not such an answer.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let json = try container.decode(JSONValue.self)
        do throws(Problem) {
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
