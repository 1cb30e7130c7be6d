/// Actions of a parse-type web checkout.
public enum ParseAction: Sendable, Hashable, Codable {
    /// A page finished loading.
    indirect case pageLoaded(ParsedPage)
    /// The page answered one of the completion page's scripts (or did not, and why), read and
    /// checked by ``ParseScript/result(reading:)``; `requestID` is
    /// ``CompletionParsing/requestID``. Effects send it; a replay reads it from the log.
    indirect case scriptAnswered(ParseScriptResult, requestID: Int)
}
