public import Foundation

/// Why the checkout widget could not start, update or report its status.
public enum WidgetError: Error, Equatable, Hashable, Sendable, LocalizedError, CustomStringConvertible {
    /// No configuration is set; both widget modes need one (the currency comes from it).
    case noConfiguration
    /// An amount is not a plain decimal number such as `"50.00"`. Carries the given text.
    case invalidAmount(String)
    /// A checkout token is empty or only whitespace.
    case invalidToken(String)
    /// Evaluating the widget's JavaScript failed, or returned something other than a string.
    case javaScriptError(message: String?)
    /// The widget's status string could not be read.
    case invalidStatus(WidgetMessageError)

    /// A sentence saying what was wrong.
    public var errorDescription: String? {
        switch self {
        case .noConfiguration:
            return "The Afterpay widget needs a configuration: set one before creating the widget"
        case .invalidAmount(let amount):
            return "Widget amount (\(amount)) is not a decimal number such as \"50.00\""
        case .invalidToken(let token):
            return "Widget checkout token (\(token)) is empty"
        case .javaScriptError(let message):
            return "The Afterpay widget's JavaScript failed" + (message.map { ": \($0)" } ?? "")
        case .invalidStatus(let error):
            return "The Afterpay widget's status could not be read: \(error.description)"
        }
    }

    /// The same sentence as ``errorDescription``.
    public var description: String {
        errorDescription ?? "Afterpay widget error"
    }
}
