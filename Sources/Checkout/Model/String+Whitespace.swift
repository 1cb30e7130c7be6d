/// Whitespace trimming without Foundation, for the checks that decide completeness.
extension String {
    /// `true` when the text is empty or only white space; allocates nothing (the section rules
    /// ask this for every field on every action).
    var isBlank: Bool {
        !contains { !$0.isWhitespace }
    }

    var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
