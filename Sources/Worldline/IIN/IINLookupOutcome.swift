/// What a checkout should do with an IIN lookup's answer, following the SDK's example app.
///
/// - ``IINStatus/supported``: keep the selected product if it is one of the card's brands, else
///   switch to the card's product. Offer a brand choice when two or more brands are allowed.
/// - ``IINStatus/existingButNotAllowed``: go back to the initial product and show
///   ``ValidationError/Kind/allowedInContext`` on the card number.
/// - ``IINStatus/unknown`` and ``IINStatus/notEnoughDigits``: go back to the initial product.
/// - ``IINStatus/pending``: change nothing (nil).
///
/// ```swift
/// let response = try await session.iinDetails(forPartialCreditCardNumber: digits, context: context)
/// if let outcome = IINLookupOutcome(response: response, selectedProductId: "cards", initialProductId: "cards") {
///     show(productId: outcome.productId, error: outcome.error, brands: outcome.coBrandChoices)
/// }
/// ```
public struct IINLookupOutcome: Hashable, Sendable {
    /// The product the form should show now.
    public var productId: String
    /// An error to show on the card-number field, if any.
    public var error: ValidationError?
    /// The brands the customer may choose between (empty unless two or more are allowed).
    public var coBrandChoices: [IINDetail]

    /// Decides; nil for a pending answer.
    public init?(
        response: IINDetailsResponse, selectedProductId: String, initialProductId: String,
        cardNumberFieldId: String = "cardNumber"
    ) {
        error = nil
        coBrandChoices = []
        switch response.status {
        case .pending:
            return nil
        case .supported:
            let allowed = response.allowedCoBrands
            coBrandChoices = allowed.count > 1 ? allowed : []
            if response.coBrands.contains(where: { $0.paymentProductId == selectedProductId }) {
                productId = selectedProductId
            } else {
                productId = response.paymentProductId ?? initialProductId
            }
        case .existingButNotAllowed:
            productId = initialProductId
            error = ValidationError(kind: .allowedInContext, paymentProductFieldId: cardNumberFieldId)
        case .unknown, .unsupported, .notEnoughDigits:
            productId = initialProductId
        }
    }

    /// Whether a new lookup is worth making: the new number has at least 6 digits and one of its
    /// first 8 digits differs from the number of the last lookup.
    public static func shouldLookUp(unmaskedCardNumber: String, lastLookedUp: String?) -> Bool {
        guard unmaskedCardNumber.count >= 6 else { return false }
        guard let lastLookedUp else { return true }
        return unmaskedCardNumber.prefix(8) != lastLookedUp.prefix(8)
    }
}
