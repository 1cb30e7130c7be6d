public import Foundation

/// The JSON the SDK encrypts, written member by member with the SDK's spacing:
///
/// ```text
/// {"clientSessionId": "<id>", "nonce": "<UUID>", "paymentProductId": 1, "accountOnFileId": 1234,
///  "tokenize": true, "paymentValues": [{"key":"cvv","value":"123"}]}
/// ```
/// (on one line). Product and account ids are numbers (strings if not numeric); `accountOnFileId`
/// only with an account on file, `tokenize` only when true. `paymentValues` is compact JSON of the
/// product's fields that have a value, unmasked, in field order (the SDK uses dictionary order;
/// the server does not care, tests do). Unlike the SDK we always close the object and never
/// escape `/`.
public struct PaymentRequestPlaintext: Sendable {
    /// The session the request belongs to.
    public var clientSessionId: String
    /// A fresh uppercase UUID per request, so that two encryptions of the same input differ.
    public var nonce: String

    /// Creates a builder; the nonce defaults to a fresh UUID.
    public init(clientSessionId: String, nonce: String = UUID().uuidString) {
        self.clientSessionId = clientSessionId
        self.nonce = nonce
    }

    /// The UTF-8 plaintext for `request`.
    ///
    /// - Throws: ``WorldlineError/paymentProductMissing`` when the request has no product.
    public func data(for request: PaymentRequest) throws(WorldlineError) -> Data {
        Data(try text(for: request).utf8)
    }

    /// The plaintext as text. Contains the customer's input: never log it.
    func text(for request: PaymentRequest) throws(WorldlineError) -> String {
        guard let product = request.paymentProduct else { throw .paymentProductMissing }
        var text = "{\"clientSessionId\": \(Self.quoted(clientSessionId)), \"nonce\": \(Self.quoted(nonce)), "
        text += "\"paymentProductId\": \(Self.number(product.identifier)), "
        if let account = request.accountOnFile {
            text += "\"accountOnFileId\": \(Self.number(account.identifier)), "
        }
        if request.tokenize { text += "\"tokenize\": true, " }
        let values = request.orderedUnmaskedValues.map {
            "{\"key\":\(Self.quoted($0.key)),\"value\":\(Self.quoted($0.value))}"
        }
        text += "\"paymentValues\": [\(values.joined(separator: ","))]}"
        return text
    }

    /// A number when the id is a JSON integer (ASCII digits, no leading zero), as the SDK writes
    /// it; else a JSON string, so the result is always valid JSON.
    static func number(_ identifier: String) -> String {
        let isJSONInteger = IntegerText.isDigits(identifier) && (identifier == "0" || !identifier.hasPrefix("0"))
        return isJSONInteger ? identifier : quoted(identifier)
    }

    /// A JSON string literal.
    static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
