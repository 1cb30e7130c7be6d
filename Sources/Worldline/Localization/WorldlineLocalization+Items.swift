/// What a form shows, with sensible fallbacks: the localised text, else the API's own label,
/// else the identifier.
extension WorldlineLocalization {
    /// The name to show for a product or group: `gc.general.paymentProducts.<id>.name` (or the
    /// group key), else the API's label, else the id.
    public func displayName(for item: some BasicPaymentItem, language: String) -> String {
        let localized =
            item.isPaymentProductGroup
            ? groupName(item.identifier, language: language) : productName(item.identifier, language: language)
        return localized ?? item.displayHints.label ?? item.identifier
    }

    /// A field's label: the product's own key, the generic key, the API's label, else the field id.
    public func label(for field: PaymentProductField, productId: String? = nil, language: String) -> String {
        fieldText(.label, fieldId: field.identifier, productId: productId, language: language)
            ?? field.displayHints.label ?? field.identifier
    }

    /// A field's placeholder: the localised one, else the API's, else nil.
    public func placeholder(for field: PaymentProductField, productId: String? = nil, language: String) -> String? {
        fieldText(.placeholder, fieldId: field.identifier, productId: productId, language: language)
            ?? field.displayHints.placeholderLabel
    }

    /// A field's tooltip text: the localised one, else the API's, else nil.
    public func tooltipText(for field: PaymentProductField, productId: String? = nil, language: String) -> String? {
        fieldText(.tooltipText, fieldId: field.identifier, productId: productId, language: language)
            ?? field.displayHints.tooltip?.label
    }
}
