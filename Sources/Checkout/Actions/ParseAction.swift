/// Actions of a parse-type web checkout.
public enum ParseAction: Sendable, Hashable, Codable {
    /// A page finished loading.
    indirect case pageLoaded(ParsedPage)
}
