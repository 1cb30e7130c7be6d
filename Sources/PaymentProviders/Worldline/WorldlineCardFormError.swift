/// Why a ``WorldlineCardForm`` refused a value or a submission, in a form the UI can show.
public enum WorldlineCardFormError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Validation failed: every problem, one per field error, with its localised message.
    case invalid([WorldlineCardForm.Problem])
    /// The product has no field with this id.
    case unknownField(String)
    /// The account on file stores this field read-only.
    case readOnlyField(String)
    /// The product is not one of the brands the last IIN lookup offered.
    case notACoBrandChoice(String)

    /// The problems joined (`cardNumber: Please provide a valid card number`).
    public var description: String {
        switch self {
        case .invalid(let problems): return problems.map(\.description).joined(separator: "; ")
        case .unknownField(let field): return "the card form has no field \(field)"
        case .readOnlyField(let field): return "the field \(field) is stored read-only in the account on file"
        case .notACoBrandChoice(let product): return "product \(product) is not one of the card's brands to choose from"
        }
    }

    /// The problems to show beside the fields (empty for the other cases).
    public var problems: [WorldlineCardForm.Problem] {
        if case .invalid(let problems) = self { return problems }
        return []
    }
}
