public import Foundation

/// Why a message from the checkout widget's web page, or a status it returned, could not be read.
///
/// A bad message never crashes and never throws out of ``CheckoutWidget/receive(message:)``: it
/// becomes a ``WidgetEvent/failure(_:)`` event and a call to ``WidgetHandler/onFailure(error:)``.
public enum WidgetMessageError: Error, Codable, Equatable, Hashable, Sendable, LocalizedError, CustomStringConvertible {
    /// The text is not a JSON object. Carries the parser's reason.
    case notJSON(reason: String)
    /// The object has no string `type`.
    case missingType
    /// The `type` is none of `ready`, `change`, `error`, `resize`.
    case unknownType(String)
    /// A required field is absent (`messageType` is the message's type, or `status`).
    case missingField(String, messageType: String)
    /// A field is present with the wrong JSON type, e.g. `isValid` as a string.
    case invalidField(String, messageType: String, expected: String)
    /// Evaluating one of the widget's scripts on the page failed, as reported by the host with
    /// ``CheckoutWidget/reportScriptFailure(_:)``. Carries the host's description of the error.
    case scriptFailed(String)

    /// A sentence saying what was wrong and where.
    public var errorDescription: String? {
        switch self {
        case .notJSON(let reason):
            return "Widget message is not a JSON object: \(reason)"
        case .missingType:
            return "Widget message has no string field \"type\""
        case .unknownType(let type):
            return "Widget message has unknown type \"\(type)\" (expected ready, change, error or resize)"
        case .missingField(let field, let messageType):
            return "Widget \(messageType) message is missing the required field \"\(field)\""
        case .invalidField(let field, let messageType, let expected):
            return "Widget \(messageType) message field \"\(field)\" is not \(expected)"
        case .scriptFailed(let reason):
            return "The Afterpay widget's script failed on the page: \(reason)"
        }
    }

    /// The same sentence as ``errorDescription``.
    public var description: String {
        errorDescription ?? "Unreadable widget message"
    }
}
