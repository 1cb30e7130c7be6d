/// Why a value was rejected, for which field.
///
/// The ``kind`` carries the rule's parameters (e.g. the lengths), so a message can be built from
/// it; ``errorMessage`` is the SDK's message id and ``localizationKey`` the key of the localised
/// text (see ``WorldlineLocalization``).
///
/// ```swift
/// for error in request.validate() {
///     switch error.kind {
///     case .length(let min, let max): print("\(error.paymentProductFieldId ?? ""): \(min)…\(max)")
///     default: print(WorldlineLocalization.shared.message(for: error, language: "en"))
///     }
/// }
/// ```
public struct ValidationError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The kinds of validation error (the SDK's `ValidationError` subclasses).
    public enum Kind: Hashable, Sendable, Codable {
        /// The value is shorter than `minLength` or longer than `maxLength` characters.
        case length(minLength: Int, maxLength: Int)
        /// The number is outside `minValue…maxValue`, or not a number.
        case range(minValue: Int, maxValue: Int)
        /// Not a valid `MMYY` expiry date from this month up to 25 years ahead.
        case expirationDate
        /// Not one of the allowed values.
        case fixedList
        /// The card number fails the Luhn check.
        case luhn
        /// The value does not match the field's regular expression exactly once.
        case regularExpression
        /// Not an e-mail address.
        case emailAddress
        /// The terms and conditions were not accepted (the value is not `"true"`).
        case termsAndConditions
        /// Not a valid IBAN.
        case iban
        /// Not a valid (Chinese) resident id number.
        case residentIdNumber
        /// A required value is missing.
        case isRequired
        /// The value (e.g. a card found by IIN lookup) is not allowed in the payment context.
        case allowedInContext
        /// The value of an `integer` field is not an integer.
        case integer
        /// The value of a `numericstring` field has characters other than digits.
        case numericString
        /// The request has no payment product.
        case invalidPaymentProduct
    }

    /// What was wrong.
    public var kind: Kind
    /// The field the error is about (nil for ``Kind/invalidPaymentProduct``).
    public var paymentProductFieldId: String?

    /// Creates an error of `kind` for the field `paymentProductFieldId`.
    public init(kind: Kind, paymentProductFieldId: String?) {
        self.kind = kind
        self.paymentProductFieldId = paymentProductFieldId
    }

    /// The SDK's message id (`errorMessage`): `length`, `range`, `required`, `luhn`, ….
    public var errorMessage: String {
        switch kind {
        case .length: return "length"
        case .range: return "range"
        case .expirationDate: return "expirationDate"
        case .fixedList: return "fixedList"
        case .luhn: return "luhn"
        case .regularExpression: return "regularExpression"
        case .emailAddress: return "emailAddress"
        case .termsAndConditions: return "termsAndConditions"
        case .iban: return "iban"
        case .residentIdNumber: return "residentIdNumber"
        case .isRequired: return "required"
        case .allowedInContext: return "allowedInContext"
        case .integer: return "integer"
        case .numericString: return "numericString"
        case .invalidPaymentProduct: return "invalidPaymentProduct"
        }
    }

    /// The key of the localised message,
    /// `gc.general.paymentProductFields.validationErrors.<key>.label`.
    ///
    /// Length errors use `length.exact` (min == max), `length.max` (min 0) or `length.between`;
    /// range errors use `range` (the example app's use of `length.between` for them is a bug we do
    /// not copy).
    public var localizationKey: String {
        let key: String
        switch kind {
        case .length(let minLength, let maxLength):
            if minLength == maxLength {
                key = "length.exact"
            } else if minLength <= 0 {
                key = "length.max"
            } else {
                key = "length.between"
            }
        default: key = errorMessage
        }
        return "gc.general.paymentProductFields.validationErrors.\(key).label"
    }

    /// `"<field>: <messageId>"`; never contains the value that failed.
    public var description: String { "\(paymentProductFieldId ?? "<request>"): \(errorMessage)" }
}
