import Foundation

/// Why a message from the page was not accepted: a bridge message, a Forms submission, or the
/// answer to a parse-mode script. Rejections are recorded in the state (and so in the action
/// log); they never change anything else.
public enum BridgeRejection: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The message is not JSON, or not a JSON object.
    case malformedJSON(detail: String)
    /// The event name is not one the checkout knows.
    case unknownEvent(String)
    /// A required field is missing (`event` when `nil`, the event's name otherwise).
    case missingField(event: String?, field: String)
    /// A field has the wrong type or value.
    case invalidField(event: String, field: String, reason: String)
    /// The message has both `event` and `name`, naming different events.
    case ambiguousEvent(event: String, name: String)
    /// A completion-page script gave nothing to use (parse mode).
    case parseScript(ParseScript, ParseScriptRejection)
    /// A Forms-mode submission did not decode.
    case formSubmission(BridgeFormRejection)

    /// What was wrong, and where.
    public var description: String {
        switch self {
        case .malformedJSON(let detail): return "bridge message rejected: \(detail)"
        case .unknownEvent(let name): return "bridge message rejected: unknown event \"\(name)\""
        case .missingField(let event, let field):
            return "bridge message rejected: \(event.map { "\"\($0)\" " } ?? "")missing field \(field)"
        case .invalidField(let event, let field, let reason):
            return "bridge message rejected: \"\(event)\" field \(field): \(reason)"
        case .ambiguousEvent(let event, let name):
            return "bridge message rejected: ambiguous event: \"event\" is \"\(event)\" but \"name\" is \"\(name)\""
        case .parseScript(let script, let rejection):
            return "parse script \(script.rawValue) rejected: \(rejection)"
        case .formSubmission(let rejection):
            return "bridge form submission rejected: \(rejection)"
        }
    }
}
