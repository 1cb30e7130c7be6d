public import Checkout
import Foundation
import StateStore
public import Worldline

/// The model of a native card form on Worldline: what the host's card screen drives between
/// presenting the payment and submitting it. It walks the client SDK's steps:
///
/// 1. the card product (``productId``) and its fields (``fields``);
/// 2. the shopper's values: ``setValue(_:forField:cursorPosition:)`` stores what was typed and
///    answers the masked text and cursor (the unmasked value is what is validated and encrypted);
/// 3. the IIN lookup: typing the card number looks the brand up (at 6 digits, again when one of
///    the first 8 changes) and switches the product when the answer says so, keeping the values;
/// 4. validation: ``validate()`` answers every field's typed error with its localised message;
/// 5. encryption: ``submission()`` validates, then `Session.prepare` (the SDK's JWE), and
///    answers the `PaymentSubmission` to dispatch.
///
/// ```swift
/// let form = try await worldline.cardForm(for: session)
/// let shown = try await form.setValue("41111111", forField: "cardNumber", cursorPosition: 8)
/// // shown.value "4111 1111 ", shown.cursorPosition 10; the product is now Visa (1)
/// do {
///     store.dispatch(.payment(.submitted(try await form.submission())))
/// } catch let error as WorldlineCardFormError {
///     show(error.problems)   // one message per field
/// }
/// ```
///
/// Values live only here, in the SDK's self-redacting `PaymentRequest`: never in the checkout's
/// state, its log or its analytics.
public actor WorldlineCardForm {
    /// A problem with one field (or the request), ready to show.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The field, or nil for the whole request.
        public var fieldId: String?
        /// The SDK's typed error.
        public var error: ValidationError
        /// The localised message (`Please provide a valid card number`).
        public var message: String

        /// `fieldId: message`.
        public var description: String { "\(fieldId ?? "request"): \(message)" }
    }

    private let session: Worldline.Session
    private let context: PaymentContext
    private let initialProduct: PaymentProduct
    private let language: String
    private let validationContext: ValidationContext
    private var request: Worldline.PaymentRequest
    private var lastLookedUp: String?
    private var iinError: ValidationError?

    /// The brands the shopper may choose between after the last IIN lookup (two or more allowed).
    public private(set) var coBrandChoices: [IINDetail] = []

    init(
        session: Worldline.Session, context: PaymentContext, initialProduct: PaymentProduct, language: String,
        validationContext: ValidationContext
    ) {
        self.session = session
        self.context = context
        self.initialProduct = initialProduct
        self.language = language
        self.validationContext = validationContext
        request = Worldline.PaymentRequest(paymentProduct: initialProduct)
    }

    /// The product the form is for now (`3` MasterCard, `1` Visa).
    public var productId: String { request.paymentProduct?.identifier ?? initialProduct.identifier }

    /// The product's fields, in display order.
    public var fields: [PaymentProductField] {
        (request.paymentProduct ?? initialProduct).fields
    }

    /// Stores what the shopper typed in `fieldId` and answers what the field shows: the value
    /// formatted with the field's mask and where the cursor goes (`cursorPosition` is the cursor
    /// in `value`; the end of it when nil). Typing the card number runs the IIN lookup.
    ///
    /// - Throws: ``WorldlineCardFormError/unknownField(_:)`` for a field the product does not
    ///   have; ``Worldline/WorldlineError`` when the IIN lookup fails.
    public func setValue(
        _ value: String, forField fieldId: String, cursorPosition: Int? = nil
    ) async throws -> (value: String, cursorPosition: Int) {
        guard let field = fields.first(where: { $0.identifier == fieldId }) else {
            throw WorldlineCardFormError.unknownField(fieldId)
        }
        do {
            try request.setValue(value, forField: fieldId)
        } catch {
            throw WorldlineCardFormError.readOnlyField(fieldId)
        }
        if field.usedForLookup {
            try await lookUpIIN()
        }
        let masked = request.maskedValue(forField: fieldId, cursorPosition: cursorPosition ?? value.count)
        return masked ?? (value, cursorPosition ?? value.count)
    }

    /// What `fieldId` shows now (masked), or nil.
    public func maskedValue(forField fieldId: String) -> String? {
        request.maskedValue(forField: fieldId)
    }

    /// Switches to the brand the shopper picked among ``coBrandChoices`` (a card that is, say,
    /// both Visa and a local scheme), keeping the values.
    ///
    /// - Throws: ``WorldlineCardFormError/notACoBrandChoice(_:)`` for a product that is not an
    ///   allowed choice of the last lookup; ``Worldline/WorldlineError`` when fetching it fails.
    public func chooseCoBrand(productId: String) async throws {
        guard coBrandChoices.contains(where: { $0.paymentProductId == productId && $0.isAllowedInContext }) else {
            throw WorldlineCardFormError.notACoBrandChoice(productId)
        }
        guard productId != self.productId else { return }
        request.switchPaymentProduct(to: try await session.paymentProduct(withId: productId, context: context))
    }

    /// Every problem of the values now: the IIN lookup's (a card not allowed here) first, then
    /// each field's validation errors, with localised messages. Empty when the form can submit.
    public func validate() -> [Problem] {
        let errors = (iinError.map { [$0] } ?? []) + request.validate(context: validationContext)
        return errors.map { error in
            let field = fields.first { $0.identifier == error.paymentProductFieldId }
            return Problem(
                fieldId: error.paymentProductFieldId, error: error,
                message: WorldlineLocalization.shared.message(for: error, field: field, language: language))
        }
    }

    /// Validates and encrypts the values (`Session.prepare`, the SDK's JWE) into the submission
    /// to dispatch: its payload is the encrypted request, its description the brand and the last
    /// four digits.
    ///
    /// - Throws: ``WorldlineCardFormError/invalid(_:)`` with every problem when validation fails
    ///   (nothing is encrypted); ``Worldline/WorldlineError`` when encryption fails.
    public func submission() async throws -> PaymentSubmission {
        let problems = validate()
        guard problems.isEmpty else { throw WorldlineCardFormError.invalid(problems) }
        let prepared = try await session.prepare(request)
        let payload = String(decoding: try JSONEncoder().encode(prepared), as: UTF8.self)
        return PaymentSubmission(methodID: productId, payload: Sensitive(payload), displayDescription: cardDescription)
    }

    /// `Visa •••• 1111`: the product's name and the last four digits, safe to show and log.
    public var cardDescription: String {
        let product = request.paymentProduct ?? initialProduct
        let name = WorldlineLocalization.shared.displayName(for: product, language: language)
        guard let digits = request.iinLookupValue, digits.count >= 4 else { return name }
        return "\(name) •••• \(digits.suffix(4))"
    }

    /// The example app's rule: look up at 6 digits and again when one of the first 8 changes;
    /// switch to the answer's product, or back to the initial one.
    private func lookUpIIN() async throws {
        let digits = request.iinLookupValue ?? ""
        guard digits.count >= 6 else {
            lastLookedUp = nil
            coBrandChoices = []
            iinError = nil
            return
        }
        guard IINLookupOutcome.shouldLookUp(unmaskedCardNumber: digits, lastLookedUp: lastLookedUp) else { return }
        let response = try await session.iinDetails(forPartialCreditCardNumber: digits, context: context)
        guard
            let outcome = IINLookupOutcome(
                response: response, selectedProductId: productId, initialProductId: initialProduct.identifier)
        else { return }
        lastLookedUp = digits
        coBrandChoices = outcome.coBrandChoices
        iinError = outcome.error
        if outcome.productId != productId {
            let product =
                outcome.productId == initialProduct.identifier
                ? initialProduct : try await session.paymentProduct(withId: outcome.productId, context: context)
            request.switchPaymentProduct(to: product)
        }
    }
}
