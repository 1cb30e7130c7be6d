extension String {
    /// Trims whitespace and newlines at both ends without Foundation.
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace || first.isNewline { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace || last.isNewline { slice.removeLast() }
        return String(slice)
    }
}
