import ActionLog

/// What in a free text looks like an email address or a phone number, known or not: free-text
/// replacement pseudonymises it too, so a value the log never classified (a page echoing an
/// address the shopper typed elsewhere) does not survive in a message.
///
/// - An email address: a run of letters, digits and `. _ % + -`, an `@`, then letters, digits,
///   dots and hyphens with a dot inside (leading dots of the local part and trailing dots and
///   hyphens of the domain are not part of it).
/// - A phone number: 7 to 15 decimal digits grouped by single spaces, hyphens or brackets (at most
///   two separators in a row), not touching a letter, a digit, a decimal point or a time's colon,
///   that either starts with `+`, or starts with `0` or `(` and has 9 or more digits in at least
///   two groups, or has 10 or more digits in three or more groups of at least three digits. A bare
///   run of digits (an order number, a timestamp, a product id) and a date are never taken for a
///   phone number.
enum TextShapes {
    /// The email addresses and phone numbers in `units`, as the kind and the end of each, by start.
    static func spans(in units: [TextUnit]) -> [Int: (end: Int, kind: PersonalKind)] {
        var spans: [Int: (end: Int, kind: PersonalKind)] = [:]
        for (start, end) in emails(in: units) { spans[start] = (end, .email) }
        for (start, end) in phoneNumbers(in: units) where spans[start].map({ $0.end < end }) ?? true {
            spans[start] = (end, .phone)
        }
        return spans
    }

    private static func emails(in units: [TextUnit]) -> [(start: Int, end: Int)] {
        var found: [(start: Int, end: Int)] = []
        for at in units.indices where units[at].character == "@" {
            var start = at
            while start > 0, isLocal(units[start - 1].character) { start -= 1 }
            while start < at, units[start].character == "." { start += 1 }
            guard start < at else { continue }
            var end = at + 1
            while end < units.count, isDomain(units[end].character) { end += 1 }
            while end > at + 1, units[end - 1].character == "." || units[end - 1].character == "-" { end -= 1 }
            guard let dot = units[(at + 1)..<end].lastIndex(where: { $0.character == "." }), dot > at + 1 else {
                continue
            }
            found.append((start, end))
        }
        return found
    }

    private static func isLocal(_ character: Character) -> Bool {
        character.isLetter || character.isDecimalDigit || "._%+-".contains(character)
    }

    private static func isDomain(_ character: Character) -> Bool {
        character.isLetter || character.isDecimalDigit || character == "." || character == "-"
    }

    private static func phoneNumbers(in units: [TextUnit]) -> [(start: Int, end: Int)] {
        var found: [(start: Int, end: Int)] = []
        var start = 0
        while start < units.count {
            if let end = phoneNumber(startingAt: start, in: units) {
                found.append((start, end))
                start = end
            } else {
                start += 1
            }
        }
        return found
    }

    private static func phoneNumber(startingAt start: Int, in units: [TextUnit]) -> Int? {
        let first = units[start].character
        guard first == "+" || first == "(" || first.isDecimalDigit else { return nil }
        if start > 0 {
            let before = units[start - 1].character
            guard !before.isLetter, !before.isDecimalDigit, before != ".", before != ",", before != "+" else {
                return nil
            }
        }
        var index = first == "+" ? start + 1 : start
        var digits = 0
        var groups = 0
        var shortestGroup = Int.max
        var group = 0
        var end: Int?
        while index < units.count {
            let character = units[index].character
            if character.isDecimalDigit {
                digits += 1
                // Longer than any phone number: stop here, so a long run of grouped digits costs
                // a bounded scan from each start.
                guard digits <= 15 else { return nil }
                group += 1
                index += 1
                end = index
                continue
            }
            if group > 0 { shortestGroup = min(shortestGroup, group) }
            group = 0
            // A run of one or two separators, which must lead to a digit.
            var run = index
            while run < units.count, run - index < 3, " -()".contains(units[run].character) { run += 1 }
            guard run > index, run - index <= 2, run < units.count, units[run].character.isDecimalDigit else { break }
            if end != nil { groups += 1 }
            index = run
        }
        guard let end, (7...15).contains(digits) else { return nil }
        if group > 0 { shortestGroup = min(shortestGroup, group) }
        // Not part of a longer word or number, a decimal fraction ("0.1234567") or a time ("10:30").
        if end < units.count {
            let after = units[end].character
            if after.isLetter || after.isDecimalDigit { return nil }
            if ".,:".contains(after), end + 1 < units.count, units[end + 1].character.isDecimalDigit {
                return nil
            }
        }
        let national = (first == "(" || first == "0") && digits >= 9 && groups >= 1
        // Without a prefix, groups of three or more digits ("555 123 4567", not a date "2026-11-24").
        let grouped = groups >= 2 && digits >= 10 && shortestGroup >= 3
        guard first == "+" || national || grouped else { return nil }
        return end
    }
}

extension Character {
    /// Whether the character is a decimal digit of any numeral system (general category Nd).
    var isDecimalDigit: Bool {
        unicodeScalars.count == 1 && unicodeScalars.first?.properties.generalCategory == .decimalNumber
    }
}
