import Foundation

/// The customer's input for one payment: the product, an optional account on file, whether to
/// store the data (`tokenize`) and the values of the product's fields.
///
/// Values are kept as typed (masked or not); ``unmaskedValue(forField:)`` and
/// ``unmaskedFieldValues`` give what is validated and encrypted.
///
/// ```swift
/// var request = PaymentRequest(paymentProduct: visa)
/// try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
/// request.maskedValue(forField: "cardNumber", cursorPosition: 4)  // ("4111 1111 1111 1111 ", 4)
/// if request.validate().isEmpty {
///     let prepared = try await session.prepare(request)
/// }
/// ```
///
/// Field values never reach a `description`, `debugDescription`, `dump` or `Encodable` output:
/// they are stored in a type that redacts itself. Printing a request shows which fields have a
/// value, never the value.
public struct PaymentRequest: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable, Encodable
{
    /// The product to pay with (nil gives ``ValidationError/Kind/invalidPaymentProduct``).
    public var paymentProduct: PaymentProduct?
    /// The stored account the customer picked, if any.
    public var accountOnFile: AccountOnFile?
    /// Whether the platform should store the data as an account on file.
    public var tokenize: Bool
    /// The errors of the last ``validate(context:)``.
    public private(set) var errors: [ValidationError] = []

    private var fieldValues: [String: SensitiveString] = [:]

    /// Creates a request for `paymentProduct`, optionally with an account on file.
    public init(paymentProduct: PaymentProduct? = nil, accountOnFile: AccountOnFile? = nil, tokenize: Bool = false) {
        self.paymentProduct = paymentProduct
        self.accountOnFile = accountOnFile
        self.tokenize = tokenize
    }

    // MARK: Product

    /// Switches to `product` (e.g. after an IIN lookup found the card's brand), keeping the
    /// values typed so far so the customer does not type the card number again. An account on
    /// file of another product is dropped, and so are the errors of the last validation.
    public mutating func switchPaymentProduct(to product: PaymentProduct) {
        paymentProduct = product
        if let account = accountOnFile, account.paymentProductId != product.identifier {
            accountOnFile = nil
        }
        errors = []
    }

    // MARK: Values

    /// Stores `value` (masked or not) for `fieldId`.
    ///
    /// - Throws: ``PaymentRequestError/readOnlyField(_:)`` when the account on file stores the
    ///   field read-only (e.g. the card number of a stored card).
    public mutating func setValue(_ value: String, forField fieldId: String) throws(PaymentRequestError) {
        guard !isReadOnly(field: fieldId) else { throw .readOnlyField(fieldId) }
        fieldValues[fieldId] = SensitiveString(value)
    }

    /// Removes the value of `fieldId`.
    public mutating func removeValue(forField fieldId: String) {
        fieldValues[fieldId] = nil
    }

    /// The stored value of `fieldId` as it was set, or nil.
    ///
    /// Unlike the SDK's `getValue`, this never stores the first value of a fixed list as a side
    /// effect: a value the customer did not choose is not sent.
    public func value(forField fieldId: String) -> String? {
        fieldValues[fieldId]?.revealed
    }

    /// The ids of the fields that have a value, sorted.
    public var fieldIdsWithValues: [String] { fieldValues.keys.sorted() }

    /// The value of `fieldId` formatted with the field's mask (unchanged without a mask), or nil.
    public func maskedValue(forField fieldId: String) -> String? {
        maskedValue(forField: fieldId, cursorPosition: 0)?.value
    }

    /// The value of `fieldId` formatted with the field's mask, and where the cursor goes.
    ///
    /// `cursorPosition` is the cursor's offset in the stored value (in characters); the returned
    /// position is its offset in the formatted value, moved right past inserted separators.
    /// Without a mask the value and cursor come back unchanged; nil when there is no value.
    public func maskedValue(forField fieldId: String, cursorPosition: Int) -> (value: String, cursorPosition: Int)? {
        guard let value = value(forField: fieldId) else { return nil }
        guard let mask = mask(forField: fieldId) else { return (value, cursorPosition) }
        let formatted = StringFormatter().formatString(value, mask: mask, cursorPosition: cursorPosition)
        return (formatted.formatted, formatted.cursorPosition)
    }

    /// The value of `fieldId` with the mask's literals removed, or nil.
    public func unmaskedValue(forField fieldId: String) -> String? {
        guard let value = value(forField: fieldId) else { return nil }
        guard let mask = mask(forField: fieldId) else { return value }
        return StringFormatter().unformatString(value, mask: mask)
    }

    /// The unmasked value of the product's field that is used for IIN lookups (`usedForLookup`,
    /// the card number), or nil when there is none or it has no value.
    public var iinLookupValue: String? {
        guard let field = paymentProduct?.fields.first(where: \.usedForLookup) else { return nil }
        return unmaskedValue(forField: field.identifier)
    }

    /// Masked values of the product's fields that have one (values of other ids are never sent).
    public var maskedFieldValues: [String: String] {
        productFieldValues { maskedValue(forField: $0) }
    }

    /// Unmasked values of the product's fields that have one; this is what gets encrypted.
    public var unmaskedFieldValues: [String: String] {
        productFieldValues { unmaskedValue(forField: $0) }
    }

    /// The product's fields with a value, in field order, unmasked.
    var orderedUnmaskedValues: [(key: String, value: String)] {
        (paymentProduct?.fields ?? []).compactMap { field in
            unmaskedValue(forField: field.identifier).map { (field.identifier, $0) }
        }
    }

    private func productFieldValues(_ transform: (String) -> String?) -> [String: String] {
        var result: [String: String] = [:]
        for field in paymentProduct?.fields ?? [] {
            result[field.identifier] = transform(field.identifier)
        }
        return result
    }

    private func mask(forField fieldId: String) -> String? {
        paymentProduct?.paymentProductField(withId: fieldId)?.displayHints.mask
    }

    // MARK: Account on file

    /// Whether the account on file stores a value for `fieldId`.
    public func isPartOfAccountOnFile(field fieldId: String) -> Bool {
        accountOnFile?.hasValue(forField: fieldId) ?? false
    }

    /// What a form shows in `fieldId`: the customer's value, masked; else the account on file's
    /// stored value with the label template's relaxed mask (`**** **** **** 1111`); else nil.
    public func displayedValue(forField fieldId: String) -> String? {
        if let masked = maskedValue(forField: fieldId) { return masked }
        guard let account = accountOnFile, account.hasValue(forField: fieldId) else { return nil }
        let stored = account.maskedValue(forField: fieldId).trimmingWhitespace()
        return stored.isEmpty ? nil : stored
    }

    /// Whether the account on file stores `fieldId` read-only.
    public func isReadOnly(field fieldId: String) -> Bool {
        accountOnFile?.isReadOnly(field: fieldId) ?? false
    }

    // MARK: Validation

    /// Validates every field of the product and stores the result in ``errors``.
    ///
    /// - No product: one ``ValidationError/Kind/invalidPaymentProduct``.
    /// - A field stored in the account on file is skipped when read-only, or when it may be
    ///   changed and the customer left it alone; a `MUST_WRITE` field must be entered again.
    /// - Any other field is validated with its unmasked value; a field never set counts as `""`,
    ///   so an optional field left alone has no error (the SDK reports it as required).
    @discardableResult
    public mutating func validate(context: ValidationContext = ValidationContext()) -> [ValidationError] {
        errors = validationErrors(context: context)
        return errors
    }

    /// The errors ``validate(context:)`` would store, without storing them.
    public func validationErrors(context: ValidationContext = ValidationContext()) -> [ValidationError] {
        guard let product = paymentProduct else {
            return [ValidationError(kind: .invalidPaymentProduct, paymentProductFieldId: nil)]
        }
        var context = context
        context.fiscalNumber = unmaskedValue(forField: "fiscalNumber")
        var errors: [ValidationError] = []
        for field in product.fields {
            let value = unmaskedValue(forField: field.identifier)
            if let attribute = accountOnFile?.attribute(forField: field.identifier) {
                switch attribute.status {
                case .readOnly: continue
                case .canWrite where value == nil: continue
                case .mustWrite where value == nil || value == "":
                    errors.append(ValidationError(kind: .isRequired, paymentProductFieldId: field.identifier))
                    continue
                case .canWrite, .mustWrite: break
                }
            }
            errors += field.validateValue(value ?? "", context: context)
        }
        return errors
    }

    // MARK: Redaction

    /// The product, account and which fields have a value; never a value.
    public var description: String {
        let product = paymentProduct?.identifier ?? "none"
        let account = accountOnFile.map { ", accountOnFile: \($0.identifier)" } ?? ""
        return "PaymentRequest(product: \(product)\(account), tokenize: \(tokenize), "
            + "fields: [\(fieldIdsWithValues.joined(separator: ", "))])"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without values, so `dump(request)` shows no card data.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "paymentProductId": paymentProduct?.identifier as Any,
                "accountOnFileId": accountOnFile?.identifier as Any,
                "tokenize": tokenize,
                "fieldsWithValues": fieldIdsWithValues,
            ], displayStyle: .struct)
    }

    private enum CodingKeys: String, CodingKey { case paymentProductId, accountOnFileId, tokenize, fieldValues }

    /// Encodes ids, `tokenize` and the field values **redacted** (for logs and snapshots).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(paymentProduct?.identifier, forKey: .paymentProductId)
        try container.encodeIfPresent(accountOnFile?.identifier, forKey: .accountOnFileId)
        try container.encode(tokenize, forKey: .tokenize)
        try container.encode(fieldValues, forKey: .fieldValues)
    }
}
