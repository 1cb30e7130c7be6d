/// A value the customer provides for a payment product: card number, expiry date, bank, ….
///
/// ```swift
/// if let cvv = product.paymentProductField(withId: "cvv") {
///     cvv.dataRestrictions.isRequired   // false
///     cvv.displayHints.obfuscate        // true
///     cvv.validateValue("123").isEmpty  // true
/// }
/// ```
public struct PaymentProductField: Hashable, Sendable, Codable {
    /// The field id, e.g. `cardNumber`; also the key of its value in a ``PaymentRequest``.
    public var identifier: String
    /// The type of the value.
    public var type: FieldType
    /// Whether the value is used for an IIN lookup (the card number).
    public var usedForLookup: Bool
    /// Whether a value is required and the rules it must satisfy.
    public var dataRestrictions: DataRestrictions
    /// How to show the field.
    public var displayHints: PaymentProductFieldDisplayHints

    /// Creates a field.
    public init(
        identifier: String, type: FieldType = .string, dataRestrictions: DataRestrictions = .init(),
        displayHints: PaymentProductFieldDisplayHints = .init(), usedForLookup: Bool = false
    ) {
        self.identifier = identifier
        self.type = type
        self.dataRestrictions = dataRestrictions
        self.displayHints = displayHints
        self.usedForLookup = usedForLookup
    }

    private enum CodingKeys: String, CodingKey { case id, type, usedForLookup, dataRestrictions, displayHints }

    /// Decodes the API's form; `id` is required, `displayHints` optional (as in SDK v6 and v7).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .id)
        type = try container.decodeIfPresent(FieldType.self, forKey: .type) ?? .string
        usedForLookup = try container.decodeFlag(forKey: .usedForLookup)
        dataRestrictions = try container.decodeIfPresent(DataRestrictions.self, forKey: .dataRestrictions) ?? .init()
        displayHints =
            try container.decodeIfPresent(PaymentProductFieldDisplayHints.self, forKey: .displayHints) ?? .init()
    }

    /// Encodes the API's form (`id` for ``identifier``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(usedForLookup, forKey: .usedForLookup)
        try container.encode(dataRestrictions, forKey: .dataRestrictions)
        try container.encode(displayHints, forKey: .displayHints)
    }

    /// Checks `value` (unmasked) against the field's restrictions.
    ///
    /// - A required field with `""` gives exactly one ``ValidationError/Kind/isRequired``.
    /// - Otherwise, when the field is required, the value is non-empty, or requiredness depends on
    ///   other fields, every rule runs and **all** errors are returned, in rule order; then the
    ///   type is checked (`integer` fields must hold an integer, `numericstring` fields digits).
    /// - An optional field with `""` has no errors.
    ///
    /// The SDK stopped checking types in v5.13 (and had the integer check inverted before); the
    /// issue asks for the integer and numeric-string kinds, so we check types, correctly.
    public func validateValue(_ value: String, context: ValidationContext = ValidationContext()) -> [ValidationError] {
        if dataRestrictions.isRequired, value.isEmpty {
            return [ValidationError(kind: .isRequired, paymentProductFieldId: identifier)]
        }
        guard dataRestrictions.isRequired || !value.isEmpty || dataRestrictions.variableRequiredness else {
            return []
        }
        var errors = dataRestrictions.validators.compactMap { validator in
            validator.errorKind(for: value, context: context).map {
                ValidationError(kind: $0, paymentProductFieldId: identifier)
            }
        }
        if !value.isEmpty, let typeError = typeErrorKind(for: value) {
            errors.append(ValidationError(kind: typeError, paymentProductFieldId: identifier))
        }
        return errors
    }

    private func typeErrorKind(for value: String) -> ValidationError.Kind? {
        switch type {
        case .integer: return IntegerText.parse(value) == nil ? .integer : nil
        case .numericstring: return IntegerText.isDigits(value) ? nil : .numericString
        case .string, .expirydate, .boolean, .date: return nil
        }
    }

    /// `value` formatted with the field's mask (unchanged without one).
    public func applyMask(_ value: String) -> String {
        guard let mask = displayHints.mask else { return value }
        return StringFormatter().formatString(value, mask: mask)
    }

    /// `value` with the mask's literals removed (unchanged without a mask).
    public func removeMask(_ value: String) -> String {
        guard let mask = displayHints.mask else { return value }
        return StringFormatter().unformatString(value, mask: mask)
    }
}
