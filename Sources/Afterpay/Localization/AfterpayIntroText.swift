/// The words that open the instalment sentence.
///
/// Lower-case cases give lower-case words; the `Title` cases are separate strings (not computed
/// capitalisation), so French gets `Payez en` for ``payInTitle``. ``empty`` drops the intro, and
/// the sentence's leading space is trimmed.
///
/// | Case | English | French (Canada) |
/// | --- | --- | --- |
/// | ``or`` (default) | or | ou |
/// | ``orTitle`` | Or | Ou |
/// | ``pay`` | pay | payez |
/// | ``payTitle`` | Pay | Payez |
/// | ``make`` | make | effectuez |
/// | ``makeTitle`` | Make | Effectuez |
/// | ``payIn`` | pay in | payez en |
/// | ``payInTitle`` | Pay in | Payez en |
/// | ``in`` | in | en |
/// | ``inTitle`` | In | En |
/// | ``empty`` | (nothing) | (nothing) |
public enum AfterpayIntroText: String, Codable, Equatable, Hashable, Sendable, CaseIterable {
    /// "or" (the default).
    case or
    /// "Or".
    case orTitle
    /// "pay".
    case pay
    /// "Pay".
    case payTitle
    /// "make".
    case make
    /// "Make".
    case makeTitle
    /// "pay in".
    case payIn
    /// "Pay in".
    case payInTitle
    /// "in".
    case `in`
    /// "In".
    case inTitle
    /// No intro words.
    case empty

    /// The words in the given strings table.
    func text(in strings: AfterpayStrings) -> String {
        switch self {
        case .or: return strings.or
        case .orTitle: return strings.orTitle
        case .pay: return strings.pay
        case .payTitle: return strings.payTitle
        case .make: return strings.make
        case .makeTitle: return strings.makeTitle
        case .payIn: return strings.payIn
        case .payInTitle: return strings.payInTitle
        case .in: return strings.in
        case .inTitle: return strings.inTitle
        case .empty: return ""
        }
    }
}
