public import StateStore

/// A page a parse-type web checkout loaded, with anything the host extracted from it.
public struct ParsedPage: Sendable, Hashable, Codable {
    /// The page's URL. Secret query items (a payment page's `token`, a `sessionId`) are redacted
    /// in logs, and the ``ParseRules`` read the URL in that form, so a replay decides as the
    /// recording did.
    public var url: SensitiveURL
    /// The page's title.
    public var title: String?
    /// The order number the host's configured script read from the page, if any.
    public var extractedOrderNumber: String?
    /// The order summary the host's configured script read from the page, if any.
    public var extractedOrder: WebOrder?

    /// Creates a page.
    public init(
        url: SensitiveURL, title: String? = nil, extractedOrderNumber: String? = nil, extractedOrder: WebOrder? = nil
    ) {
        self.url = url
        self.title = title
        self.extractedOrderNumber = extractedOrderNumber
        self.extractedOrder = extractedOrder
    }
}
