/// Every word and sentence template the breakdown uses, per language.
///
/// Two tables exist, as in Afterpay's SDK: English, and French for Canada. The limits template
/// uses U+2013 EN DASH with an ordinary space either side. The interest-free word carries its own
/// trailing space, so dropping it leaves no double space.
enum AfterpayStrings: Sendable, Equatable {
    case english
    case frenchCanadian

    /// The table for a display language: French (Canada) for fr_CA, English for everything else,
    /// including no language at all.
    init(language: MerchantLocale?) {
        self = language == .frCA ? .frenchCanadian : .english
    }

    var or: String { self == .english ? "or" : "ou" }
    var orTitle: String { self == .english ? "Or" : "Ou" }
    var pay: String { self == .english ? "pay" : "payez" }
    var payTitle: String { self == .english ? "Pay" : "Payez" }
    var make: String { self == .english ? "make" : "effectuez" }
    var makeTitle: String { self == .english ? "Make" : "Effectuez" }
    var payIn: String { self == .english ? "pay in" : "payez en" }
    var payInTitle: String { self == .english ? "Pay in" : "Payez en" }
    var `in`: String { self == .english ? "in" : "en" }
    var inTitle: String { self == .english ? "In" : "En" }
    /// The interest-free word with its trailing space.
    var interestFree: String { self == .english ? "interest-free " : "sans int\u{E9}r\u{EA}ts " }
    var with: String { self == .english ? "with" : "avec" }
    var orPayWith: String { self == .english ? "or pay with" : "ou payer avec" }
    var moreInfo: String { self == .english ? "More Info" : "Plus d'infos" }
    var learnMore: String { self == .english ? "Learn More" : "En savoir plus" }

    /// The instalment sentence, untrimmed: `%1 %2 %3payments of %4 %5` in English.
    func available(intro: String, count: Int, interestFree: String, amount: String, with: String) -> String {
        switch self {
        case .english: return "\(intro) \(count) \(interestFree)payments of \(amount) \(with)"
        case .frenchCanadian: return "\(intro) \(count) paiements \(interestFree)de \(amount) \(with)"
        }
    }

    /// The limits sentence; the dash is U+2013 EN DASH.
    func outsideLimits(minimum: String, maximum: String) -> String {
        switch self {
        case .english: return "available for orders between \(minimum) \u{2013} \(maximum)"
        case .frenchCanadian: return "disponible pour les montants entre \(minimum) \u{2013} \(maximum)"
        }
    }
}
