import Foundation

/// A small seeded random generator (SplitMix64) for the property tests: every run draws the same
/// inputs, so a failure names its seed and can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: 0..<choices.count, using: &self)]
    }

    /// Whether a coin with chance `probability` of heads came up heads.
    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }
}

/// Inputs for the property tests: names, addresses, postcodes, emails and phone numbers in many
/// scripts, with the case, spacing and Unicode spellings the checkout's normalisation forgives.
enum Generated {
    /// Letters by script: the property tests draw words from these.
    static let scripts: [[Character]] = [
        Array("abcdefghijklmnopqrstuvwxyz"),
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        Array("àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþß"),  // Latin-1 Supplement, some with accents (NFC)
        Array("ąćęłńśźżčďěňřšťůžőű"),  // Latin Extended-A
        Array("αβγδεζηθικλμνξοπρστυφχψωάέήί"),  // Greek
        Array("абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЖЗИЙ"),  // Cyrillic
        Array("ابتثجحخدذرزسشصضطظعغفقكلمنهوي"),  // Arabic (right to left)
        Array("אבגדהוזחטיכלמנסעפצקרשת"),  // Hebrew (right to left)
        Array("山田太郎佐藤花子鈴木一郎東京都港区"),  // CJK
        Array("やまだたろうがぱ"),  // Hiragana (が and ぱ decompose)
        Array("ヤマダタロウガパ"),  // Katakana
        Array("김민수이영희서울특별시강남구"),  // Hangul syllables
        Array("देवनागरीकिशोर"),  // Devanagari, with vowel signs
        Array("ğışİöüç"),  // Turkish, İ upper-cases without a partner-round-trip
    ]

    static let whiteSpace: [String] = [" ", "  ", "\t", "\u{00A0}", " \n "]
    static let punctuation: [Character] = ["-", "'", ".", ",", "/", "&", "#", "(", ")"]
    static let emoji: [Character] = ["😀", "👍🏽", "🇬🇧", "👨‍👩‍👧"]

    /// A word of 1 to 12 characters from one script, sometimes with an apostrophe or hyphen inside.
    static func word(_ random: inout SeededGenerator) -> String {
        let script = random.pick(scripts)
        let length = Int.random(in: 1...12, using: &random)
        var word = ""
        for index in 0..<length {
            if index > 0, index < length - 1, random.chance(0.05) {
                word.append(random.pick(["-", "'"]))
            } else {
                word.append(random.pick(script))
            }
        }
        return word
    }

    /// A name or address line: words, numbers, punctuation and now and then an emoji.
    static func nameOrAddress(_ random: inout SeededGenerator) -> String {
        let count = Int.random(in: 1...5, using: &random)
        var parts: [String] = []
        for _ in 0..<count {
            switch Int.random(in: 0..<10, using: &random) {
            case 0: parts.append(String(Int.random(in: 1...9999, using: &random)))
            case 1: parts.append(String(random.pick(emoji)))
            case 2: parts.append(word(&random) + String(random.pick(punctuation)))
            default: parts.append(word(&random))
            }
        }
        return parts.joined(separator: " ")
    }

    /// A postcode shaped like one of several countries', or one of another country.
    static func postcode(_ random: inout SeededGenerator) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        func letter() -> String { String(random.pick(letters)) }
        func digit() -> String { String(Int.random(in: 0...9, using: &random)) }
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return letter() + letter() + digit() + letter() + " " + digit() + letter() + letter()  // SW1A 2AA
        case 1: return (0..<5).map { _ in digit() }.joined()  // 10115
        case 2: return digit() + digit() + digit() + "-" + digit() + digit() + digit() + digit()  // 100-0001
        case 3: return letter() + digit() + letter() + " " + digit() + letter() + digit()  // K1A 0B1
        default: return (0..<4).map { _ in digit() }.joined() + " " + letter() + letter()  // 1012 AB
        }
    }

    /// An email address, plausible most of the time.
    static func email(_ random: inout SeededGenerator) -> String {
        let ascii = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        func label(_ length: ClosedRange<Int>) -> String {
            String((0..<Int.random(in: length, using: &random)).map { _ in random.pick(ascii) })
        }
        let local = random.chance(0.3) ? label(1...6) + random.pick([".", "+", "_"]) + label(1...6) : label(1...12)
        let domain = label(1...10) + (random.chance(0.2) ? "." + label(2...5) : "")
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return local + "@" + domain  // no dot after the @
        case 1: return local + domain  // no @
        case 2: return word(&random) + "@" + label(2...8) + ".рф"  // an internationalised address
        default: return local + "@" + domain + "." + random.pick(["com", "co.uk", "de", "org", "io"])
        }
    }

    /// A phone number in international or national form.
    static func phone(_ random: inout SeededGenerator) -> String {
        func digits(_ count: Int) -> String {
            (0..<count).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
        }
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return "+44 " + digits(2) + " " + digits(4) + " " + digits(4)
        case 1: return "+1 (" + digits(3) + ") " + digits(3) + "-" + digits(4)
        case 2: return "0" + digits(4) + " " + digits(6)
        default: return "+" + random.pick(["33", "49", "353", "7", "86"]) + digits(9)
        }
    }

    /// Another spelling of `value` that the kind's normalisation treats as equal: case changed per
    /// character, white space runs changed (where the kind forgives them), NFC and NFD swapped.
    static func variant(of value: String, kind: VariantRules, _ random: inout SeededGenerator) -> String {
        var output = ""
        for character in value {
            if character.isWhitespace, kind.forgivesInnerSpace {
                output += random.pick(whiteSpace)
                continue
            }
            var text = String(character)
            if kind.forgivesCase, character.isLetter, random.chance(0.5) {
                let changed = random.chance(0.5) ? text.uppercased() : text.lowercased()
                // Only case changes that keep one character: the others change the normalised value.
                if changed.count == 1, kind.keepsNormalised(text, changed) { text = changed }
            }
            output += random.chance(0.5) ? text.decomposedStringWithCanonicalMapping : text
        }
        if kind.forgivesOuterSpace {
            output = random.pick(["", " ", "\t"]) + output + random.pick(["", " ", "\n"])
        }
        return output
    }
}

/// What a kind's normalisation forgives, for making variants.
struct VariantRules: Sendable {
    var forgivesCase: Bool
    var forgivesInnerSpace: Bool
    var forgivesOuterSpace: Bool
    var keepsNormalised: @Sendable (String, String) -> Bool

    static let nameOrAddress = VariantRules(
        forgivesCase: true, forgivesInnerSpace: true, forgivesOuterSpace: true,
        keepsNormalised: { $0.lowercased() == $1.lowercased() })
    static let postcode = VariantRules(
        forgivesCase: true, forgivesInnerSpace: true, forgivesOuterSpace: true,
        keepsNormalised: { $0.uppercased() == $1.uppercased() })
    static let emailOrPhone = VariantRules(
        forgivesCase: true, forgivesInnerSpace: false, forgivesOuterSpace: true,
        keepsNormalised: { $0.lowercased() == $1.lowercased() })
    static let exact = VariantRules(
        forgivesCase: false, forgivesInnerSpace: false, forgivesOuterSpace: false, keepsNormalised: { $0 == $1 })
}
