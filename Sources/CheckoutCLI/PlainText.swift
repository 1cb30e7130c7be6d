import ActionLog
import Checkout

/// Canonical values as a person reads them: enum cases by name (`idle`, `shippingMethod(id: standard)`,
/// never `{"idle":{}}` or `_0`), money as `45.95 GBP`, strings unquoted when they are one plain
/// token, and long values shortened at token boundaries (a key, a value, a word of a string,
/// a component of a URL), never inside one, with the brackets still open closed after the `…`.
///
/// Built from the canonical form, so a secret shows as `[REDACTED]` like everywhere else.
enum PlainText {
    /// `value` as plain text, at most `limit` characters.
    ///
    /// With `enumCases` off (for JSON that is not Codable's, such as a web page's message), a
    /// one-member object stays an object: `{order: {…}}`, not `order(…)`.
    static func render(_ value: CanonicalValue, limit: Int = .max, enumCases: Bool = true) -> String {
        var pieces = Pieces()
        write(value, enumCases: enumCases, into: &pieces)
        return pieces.joined(limit: limit)
    }

    /// A string as plain text: unquoted when it is one plain token, quoted (JSON escapes) otherwise.
    static func render(string: String, limit: Int = .max) -> String {
        var pieces = Pieces()
        write(string: string, into: &pieces)
        return pieces.joined(limit: limit)
    }

    /// Whether a value is an encoded enum case: one member named like a case, whose value is the
    /// object of its associated values (`{}` for none, `_0` for an unlabelled one).
    static func isEnumCase(_ value: CanonicalValue) -> Bool {
        guard case .object(let members) = value, members.count == 1, !members[0].key.hasPrefix("_") else {
            return false
        }
        if case .object = members[0].value { return true }
        return false
    }

    /// `45.95 GBP` for a `Money` (an object of exactly `amount` and `currencyCode`), padded to the
    /// currency's minor-unit digits (`42.00 GBP`), never rounded.
    static func money(_ value: CanonicalValue) -> String? {
        guard case .object(let members) = value, members.count == 2, members[0].key == "amount",
            members[1].key == "currencyCode", case .string(let amount) = members[0].value,
            case .string(let currency) = members[1].value
        else { return nil }
        return "\(Self.amount(amount, currency: currency)) \(currency)"
    }

    /// A decimal amount's text padded with zeros to the currency's digits (`42` → `42.00` in GBP).
    static func amount(_ text: String, currency: String) -> String {
        guard let digits = CurrencyDigits.digits(for: currency), digits > 0,
            text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") })
        else { return text }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return text + "." + String(repeating: "0", count: digits)
        case 2 where parts[1].count < digits: return text + String(repeating: "0", count: digits - parts[1].count)
        default: return text
        }
    }

    // MARK: Writing pieces

    static func write(_ value: CanonicalValue, enumCases: Bool = true, into pieces: inout Pieces) {
        switch value {
        case .null: pieces.text("none")
        case .bool(let flag): pieces.text(flag ? "true" : "false")
        case .number(let text): pieces.text(text)
        case .string(let text): write(string: text, into: &pieces)
        case .array(let items):
            pieces.open("[", closer: "]")
            for (index, item) in items.enumerated() {
                if index > 0 { pieces.text(", ") }
                write(item, enumCases: enumCases, into: &pieces)
            }
            pieces.close()
        case .object(let members):
            if let money = money(value) {
                pieces.text(money)
            } else if enumCases, isEnumCase(value), case .object(let arguments) = members[0].value {
                pieces.text(members[0].key)
                guard !arguments.isEmpty else { return }
                pieces.open("(", closer: ")")
                writeMembers(arguments, enumCases: enumCases, into: &pieces)
                pieces.close()
            } else {
                pieces.open("{", closer: "}")
                writeMembers(members, enumCases: enumCases, into: &pieces)
                pieces.close()
            }
        }
    }

    /// `label: value, value` — positional members (`_0`, `_1`) without their Codable names.
    static func writeMembers(
        _ members: [(key: String, value: CanonicalValue)], enumCases: Bool, into pieces: inout Pieces
    ) {
        for (index, member) in members.enumerated() {
            if index > 0 { pieces.text(", ") }
            if !enumCases || !isPositional(member.key) { pieces.text(key(member.key) + ": ") }
            write(member.value, enumCases: enumCases, into: &pieces)
        }
    }

    /// Whether a member is an unlabelled associated value (`_0`, `_1`, …).
    static func isPositional(_ key: String) -> Bool {
        key.count > 1 && key.hasPrefix("_") && key.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A key as written in a path or an object: bare when plain, quoted otherwise.
    static func key(_ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { scalar in
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                    || scalar == "_" || scalar == "-"
            }
        return plain ? key : CanonicalValue.string(key).compactJSON
    }

    static func write(string: String, into pieces: inout Pieces) {
        if string == "[REDACTED]" {
            pieces.text(string)
            return
        }
        let bare = isBareToken(string)
        if !bare { pieces.open("\"", closer: "\"") }
        for word in words(of: string) {
            pieces.text(bare ? word : escaped(word))
        }
        if !bare { pieces.close() }
    }

    /// A string that reads unambiguously without quotes: an id, an amount, an e-mail address, a
    /// URL without spaces, a personal value's marker (`‹email#1›`).
    private static func isBareToken(_ string: String) -> Bool {
        guard !string.isEmpty, !["none", "true", "false"].contains(string) else { return false }
        return string.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || "_.@:/+-?&=%#~‹›".unicodeScalars.contains(scalar)
        }
    }

    /// A string cut into the words a shortened value may end after: after a space, a slash, a
    /// query separator or a punctuation mark.
    private static func words(of string: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in string {
            current.append(character)
            if " /?&=,;".contains(character) {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The inside of a JSON string literal for `text` (control characters and quotes escaped).
    private static func escaped(_ text: String) -> String {
        String(CanonicalValue.string(text).compactJSON.dropFirst().dropLast())
    }

    /// Text in pieces that shortening never splits, with brackets to close after a cut.
    struct Pieces {
        private enum Piece {
            case text(String)
            case open(String, closer: String)
            case close
        }

        private var pieces: [Piece] = []

        mutating func text(_ text: String) { pieces.append(.text(text)) }
        mutating func open(_ opener: String, closer: String) { pieces.append(.open(opener, closer: closer)) }
        mutating func close() { pieces.append(.close) }

        /// The text, or its longest prefix that ends between pieces followed by `…` and the
        /// closing brackets, within `limit` characters.
        func joined(limit: Int) -> String {
            var full = ""
            var open: [String] = []
            for piece in pieces { full += text(of: piece, closers: &open) }
            guard full.count > limit else { return full }
            var output = ""
            var length = 0
            var closers: [String] = []
            for piece in pieces {
                var next = closers
                let text = text(of: piece, closers: &next)
                guard length + text.count + 1 + next.reduce(0, { $0 + $1.count }) <= limit else { break }
                output += text
                length += text.count
                closers = next
            }
            return output + "…" + closers.reversed().joined()
        }

        private func text(of piece: Piece, closers: inout [String]) -> String {
            switch piece {
            case .text(let text):
                return text
            case .open(let opener, let closer):
                closers.append(closer)
                return opener
            case .close:
                return closers.popLast() ?? ""
            }
        }
    }
}
