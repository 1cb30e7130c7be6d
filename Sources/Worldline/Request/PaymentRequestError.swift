/// Why a ``PaymentRequest`` refused a change.
public enum PaymentRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field's value is stored read-only in the selected account on file and cannot be replaced.
    case readOnlyField(String)

    /// A sentence naming the field.
    public var description: String {
        switch self {
        case .readOnlyField(let field):
            return "The value of '\(field)' is stored read-only in the account on file and cannot be changed."
        }
    }
}
