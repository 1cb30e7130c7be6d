/// A response from the Client API that could not be turned into a model, naming the field at fault.
///
/// The ``path`` is written the way a reader finds the field in the JSON, e.g.
/// `paymentProducts[2].displayHints.logo`, so a support engineer can point at the offending member
/// without a debugger.
///
/// ```swift
/// do {
///     let product = try WorldlineJSON.decode(PaymentProduct.self, from: data)
/// } catch let error as WorldlineDecodingError {
///     print(error.path, error.reason)  // "fields[0].displayHints.formElement", missing field
/// }
/// ```
public struct WorldlineDecodingError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// What was wrong with the field.
    public enum Reason: Hashable, Sendable, Codable {
        /// A required member is absent (or `null`).
        case missingField
        /// The member has the wrong JSON type; the associated value names the expected one.
        case wrongType(expected: String)
        /// The member has the right type but a value the model does not accept.
        case invalidValue(String)
        /// The body is not JSON at all, or not the JSON the call answers with.
        case notJSON(String)
    }

    /// Where the problem is, as a JSON path (`""` for the document itself).
    public let path: String
    /// What is wrong there.
    public let reason: Reason

    /// Creates an error for the member at `path`.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// A one-line explanation, e.g. `paymentProducts[0].paymentMethod: required field is missing`.
    public var description: String {
        let place = path.isEmpty ? "<document>" : path
        switch reason {
        case .missingField: return "\(place): required field is missing"
        case .wrongType(let expected): return "\(place): expected \(expected)"
        case .invalidValue(let detail): return "\(place): invalid value (\(detail))"
        case .notJSON(let detail): return "\(place): not valid JSON (\(detail))"
        }
    }
}

extension WorldlineDecodingError {
    /// Translates Swift's `DecodingError` into the path-and-reason form.
    init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(path: JSONPath.render(context.codingPath + [key]), reason: .missingField)
        case .valueNotFound(_, let context):
            self.init(path: JSONPath.render(context.codingPath), reason: .missingField)
        case .typeMismatch(let type, let context):
            self.init(
                path: JSONPath.render(context.codingPath), reason: .wrongType(expected: JSONPath.jsonName(of: type)))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                self.init(path: "", reason: .notJSON(context.debugDescription))
            } else {
                self.init(path: JSONPath.render(context.codingPath), reason: .invalidValue(context.debugDescription))
            }
        @unknown default:
            self.init(path: "", reason: .notJSON(String(describing: error)))
        }
    }
}
