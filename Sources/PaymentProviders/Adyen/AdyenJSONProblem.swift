import ActionLog
import StateStore

/// Why JSON from Adyen or its SDK (a `/paymentMethods` answer, a component's data) is not what it
/// should be: where (`paymentMethods[2].name`) and what.
public struct AdyenJSONProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the JSON (`paymentMethods[2].name`; empty for the value itself).
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

    /// `text` parsed, members in order and numbers as their text.
    static func parse(_ text: String, path: String) throws(AdyenJSONProblem) -> JSONValue {
        do throws(JSONParseError) {
            return try JSONParser.parse(text)
        } catch {
            throw AdyenJSONProblem(path: path, reason: "not JSON: \(error)")
        }
    }

    /// `value`, which must be an object.
    static func object(_ value: JSONValue?, path: String) throws(AdyenJSONProblem) -> JSONValue {
        guard let value, case .object = value else {
            throw AdyenJSONProblem(path: path, reason: "expected an object, \(found(value))")
        }
        return value
    }

    /// The string member `key` of `object`.
    static func string(_ key: String, of object: JSONValue, path: String) throws(AdyenJSONProblem) -> String {
        guard case .string(let text)? = object[key] else {
            throw AdyenJSONProblem(path: join(path, key), reason: "expected a string, \(found(object[key]))")
        }
        return text
    }

    /// `found a number`, or `missing`.
    static func found(_ value: JSONValue?) -> String {
        value.map { "found \($0.kindName)" } ?? "missing"
    }

    /// `path.key`, or `key` at the top.
    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }
}
