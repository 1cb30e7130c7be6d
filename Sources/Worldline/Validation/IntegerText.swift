/// Strict integer text: an optional `+`/`-` and one or more ASCII digits, nothing else.
enum IntegerText {
    static func parse(_ text: String) -> Int? {
        var digits = Substring(text)
        if let sign = digits.first, sign == "+" || sign == "-" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
