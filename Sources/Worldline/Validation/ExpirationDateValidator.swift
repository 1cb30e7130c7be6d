/// `expirationDate`: an unmasked `MMYY` from the current month up to 25 years ahead.
///
/// The year is put in the current century (`30` → `2030` during 2000–2099). The current month is
/// valid, last month is not; any month of the year current + 25 is valid, the year after is not.
/// On 2026-11-21: `1126` valid, `1026` invalid, `1251` valid, `1252` invalid, `0052`/`1350` invalid.
public struct ExpirationDateValidator: ValueValidator {
    /// Creates the rule.
    public init() {}

    /// ``ValidationType/expirationDate``.
    public var validationType: ValidationType { .expirationDate }

    /// ``ValidationError/Kind/expirationDate`` unless the value is a card expiry still to come.
    public func errorKind(for value: String, context: ValidationContext) -> ValidationError.Kind? {
        guard value.count == 4, IntegerText.isDigits(value),
            let month = Int(value.prefix(2)), let shortYear = Int(value.suffix(2)), (1...12).contains(month)
        else { return .expirationDate }
        let now = context.calendar.dateComponents([.year, .month], from: context.now)
        guard let currentYear = now.year, let currentMonth = now.month else { return .expirationDate }
        let year = currentYear / 100 * 100 + shortYear
        if year < currentYear || (year == currentYear && month < currentMonth) { return .expirationDate }
        if year > currentYear + 25 { return .expirationDate }
        return nil
    }
}
