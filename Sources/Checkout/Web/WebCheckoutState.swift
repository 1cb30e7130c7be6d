public import StateStore

/// Everything the web checkout screen needs: how to talk to the page, what to load, how far the
/// page has loaded, the order it reported, and whether the checkout completed.
public struct WebCheckoutState: Sendable, Hashable, Codable {
    /// Which endpoints begin and complete the checkout.
    public var apiType: WebCheckoutApiType
    /// How the app learns what happens in the page.
    public var mode: WebCheckoutMode
    /// What to load: URL, cookies, headers. `nil` until the begin endpoint answered.
    public var session: WebCheckoutSession?
    /// The page's load progress, `0...1`; the progress view follows it.
    public var loadProgress: Double
    /// The URL of the last page that loaded (secret query items redacted in logs).
    public var currentURL: SensitiveURL?
    /// The last order the page reported (bridge `order` messages).
    public var order: WebOrder?
    /// Whether the completed order was recorded with the complete endpoint.
    public var completionRecord: CompletionRecord
    /// Bridge messages that were rejected, most recent last (at most
    /// ``maximumRecordedRejections``).
    public var rejections: [BridgeRejection]

    /// How many rejections the state keeps.
    public static let maximumRecordedRejections = 20

    /// Creates the state of a web checkout that has not begun.
    public init(apiType: WebCheckoutApiType = .cartTransfer, mode: WebCheckoutMode = .bridge) {
        self.apiType = apiType
        self.mode = mode
        session = nil
        loadProgress = 0
        currentURL = nil
        order = nil
        completionRecord = .notStarted
        rejections = []
    }

    /// Whether the progress view shows (the page is loading).
    public var isLoadingPage: Bool { session != nil && loadProgress < 1 }
}
