/// What a field's value must satisfy: whether it is required and its validation rules.
public struct DataRestrictions: Hashable, Sendable, Codable {
    /// Whether a value must be given.
    public var isRequired: Bool
    /// The rules, in the order they run (see ``Validator``).
    public var validators: [Validator]
    /// True when a rule can make the field required depending on other fields
    /// (`boletoBancarioRequiredness`); the rules then run on an empty value too.
    public var variableRequiredness: Bool
    /// Rule keys that were present but skipped: unknown names, or parameters that do not decode
    /// (e.g. a regular expression that does not compile). The SDK skips these silently; we keep
    /// their names so that a log can show them.
    public var ignoredValidators: [String]

    /// Creates restrictions; the validators are put in the fixed running order.
    public init(isRequired: Bool = false, validators: [Validator] = []) {
        self.isRequired = isRequired
        self.validators = validators.sorted {
            (Validator.order.firstIndex(of: $0.jsonKey) ?? 0) < (Validator.order.firstIndex(of: $1.jsonKey) ?? 0)
        }
        variableRequiredness = validators.contains { $0.jsonKey == "boletoBancarioRequiredness" }
        ignoredValidators = []
    }

    private enum CodingKeys: String, CodingKey { case isRequired, validators, ignoredValidators }

    /// Decodes `{"isRequired": true, "validators": {"length": {...}, "luhn": {}}}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let isRequired = try container.decodeFlag(forKey: .isRequired)
        guard container.contains(.validators), try !container.decodeNil(forKey: .validators) else {
            self.init(isRequired: isRequired)
            return
        }
        let rules = try container.nestedContainer(keyedBy: AnyKey.self, forKey: .validators)
        var validators: [Validator] = []
        var ignored: [String] = []
        for key in rules.allKeys {
            if let validator = Self.validator(named: key, in: rules) {
                validators.append(validator)
            } else {
                ignored.append(key.stringValue)
            }
        }
        self.init(isRequired: isRequired, validators: validators)
        let previouslyIgnored = try container.decodeIfPresent([String].self, forKey: .ignoredValidators) ?? []
        ignoredValidators = (ignored + previouslyIgnored).sorted()
    }

    /// Encodes the API's form; rules that were ignored go under `ignoredValidators` (ours) so that
    /// a decoded copy equals the original.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isRequired, forKey: .isRequired)
        var rules = container.nestedContainer(keyedBy: AnyKey.self, forKey: .validators)
        for validator in validators {
            let key = AnyKey(stringValue: validator.jsonKey)
            switch validator {
            case .length(let rule):
                try rules.encode(LengthParameters(minLength: rule.minLength, maxLength: rule.maxLength), forKey: key)
            case .range(let rule):
                try rules.encode(RangeParameters(minValue: rule.minValue, maxValue: rule.maxValue), forKey: key)
            case .fixedList(let rule):
                try rules.encode(FixedListParameters(allowedValues: rule.allowedValues), forKey: key)
            case .regularExpression(let rule):
                try rules.encode(RegularExpressionParameters(regularExpression: rule.regularExpression), forKey: key)
            case .boletoBancarioRequiredness(let rule):
                try rules.encode(BoletoParameters(fiscalNumberLength: rule.fiscalNumberLength), forKey: key)
            case .luhn, .expirationDate, .emailAddress, .residentIdNumber, .termsAndConditions, .iban:
                try rules.encode(NoParameters(), forKey: key)
            }
        }
        if !ignoredValidators.isEmpty { try container.encode(ignoredValidators, forKey: .ignoredValidators) }
    }

    private static func validator(named key: AnyKey, in rules: KeyedDecodingContainer<AnyKey>) -> Validator? {
        switch key.stringValue {
        case "luhn": return .luhn(LuhnValidator())
        case "expirationDate": return .expirationDate(ExpirationDateValidator())
        case "emailAddress": return .emailAddress(EmailAddressValidator())
        case "termsAndConditions": return .termsAndConditions(TermsAndConditionsValidator())
        case "iban": return .iban(IBANValidator())
        case "residentIdNumber": return .residentIdNumber(ResidentIdNumberValidator())
        case "length":
            guard let parameters = try? rules.decode(LengthParameters.self, forKey: key) else { return nil }
            return .length(LengthValidator(minLength: parameters.minLength ?? 0, maxLength: parameters.maxLength ?? 0))
        case "range":
            guard let parameters = try? rules.decode(RangeParameters.self, forKey: key) else { return nil }
            return .range(RangeValidator(minValue: parameters.minValue ?? 0, maxValue: parameters.maxValue ?? 0))
        case "fixedList":
            guard let parameters = try? rules.decode(FixedListParameters.self, forKey: key) else { return nil }
            return .fixedList(FixedListValidator(allowedValues: parameters.allowedValues))
        case "regularExpression":
            guard let parameters = try? rules.decode(RegularExpressionParameters.self, forKey: key),
                let pattern = parameters.regularExpression ?? parameters.regex,
                let rule = RegularExpressionValidator(regularExpression: pattern)
            else { return nil }
            return .regularExpression(rule)
        case "boletoBancarioRequiredness":
            guard let parameters = try? rules.decode(BoletoParameters.self, forKey: key) else { return nil }
            return .boletoBancarioRequiredness(
                BoletoBancarioRequirednessValidator(fiscalNumberLength: parameters.fiscalNumberLength))
        default: return nil
        }
    }

    private struct NoParameters: Codable {}
    private struct LengthParameters: Codable {
        var minLength: Int?
        var maxLength: Int?
    }
    private struct RangeParameters: Codable {
        var minValue: Int?
        var maxValue: Int?
    }
    private struct FixedListParameters: Codable { var allowedValues: [String] }
    private struct RegularExpressionParameters: Codable {
        var regularExpression: String?
        var regex: String? = nil
    }
    private struct BoletoParameters: Codable { var fiscalNumberLength: Int }
}
