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

    /// What the host configured about the page's bridge.
    public var configuration: WebCheckoutConfiguration
    /// Custom bridge events the page sent, most recent last (at most
    /// ``maximumRecordedCustomEvents``).
    public var customEvents: [BridgeCustomEvent]
    /// How many custom events the page sent in all (the last one's
    /// ``BridgeCustomEvent/sequence``).
    public var customEventCount: Int
    /// The order number a confirmation page's URL gave before the completion page loaded
    /// (``ParseRules/confirmationURLFragments``).
    public var confirmedOrderNumber: String?
    /// The completion page's scripts the checkout is waiting for (parse mode), `nil` when none.
    public var completionParsing: CompletionParsing?
    /// The page's Apple Pay payment (`applepaypayment`), `nil` before the page asks for one.
    public var applePay: WebApplePayState?

    /// How many rejections the state keeps.
    public static let maximumRecordedRejections = 20
    /// How many custom events the state keeps.
    public static let maximumRecordedCustomEvents = 20

    /// Creates the state of a web checkout that has not begun.
    public init(
        apiType: WebCheckoutApiType = .cartTransfer, mode: WebCheckoutMode = .bridge,
        configuration: WebCheckoutConfiguration = WebCheckoutConfiguration()
    ) {
        self.apiType = apiType
        self.mode = mode
        self.configuration = configuration
        customEvents = []
        customEventCount = 0
        confirmedOrderNumber = nil
        completionParsing = nil
        applePay = nil
        session = nil
        loadProgress = 0
        currentURL = nil
        order = nil
        completionRecord = .notStarted
        rejections = []
    }

    /// Whether the progress view shows (the page is loading).
    public var isLoadingPage: Bool { session != nil && loadProgress < 1 }

    private enum CodingKeys: String, CodingKey {
        case apiType, mode, session, loadProgress, currentURL, order, completionRecord, rejections
        case configuration, customEvents, customEventCount, confirmedOrderNumber, completionParsing, applePay
    }

    /// Decodes the state; what later versions added (configuration, custom events, parse
    /// progress, the page's Apple Pay payment) may be absent, as in logs recorded before them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        apiType = try container.decode(WebCheckoutApiType.self, forKey: .apiType)
        mode = try container.decode(WebCheckoutMode.self, forKey: .mode)
        session = try container.decodeIfPresent(WebCheckoutSession.self, forKey: .session)
        loadProgress = try container.decode(Double.self, forKey: .loadProgress)
        currentURL = try container.decodeIfPresent(SensitiveURL.self, forKey: .currentURL)
        order = try container.decodeIfPresent(WebOrder.self, forKey: .order)
        completionRecord = try container.decode(CompletionRecord.self, forKey: .completionRecord)
        rejections = try container.decode([BridgeRejection].self, forKey: .rejections)
        configuration =
            try container.decodeIfPresent(WebCheckoutConfiguration.self, forKey: .configuration)
            ?? WebCheckoutConfiguration()
        customEvents = try container.decodeIfPresent([BridgeCustomEvent].self, forKey: .customEvents) ?? []
        customEventCount = try container.decodeIfPresent(Int.self, forKey: .customEventCount) ?? 0
        confirmedOrderNumber = try container.decodeIfPresent(String.self, forKey: .confirmedOrderNumber)
        completionParsing = try container.decodeIfPresent(CompletionParsing.self, forKey: .completionParsing)
        applePay = try container.decodeIfPresent(WebApplePayState.self, forKey: .applePay)
    }

    /// Encodes the state, leaving out what later versions added while it holds its default, so
    /// that a state without them encodes (and fingerprints) as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(apiType, forKey: .apiType)
        try container.encode(mode, forKey: .mode)
        try container.encodeIfPresent(session, forKey: .session)
        try container.encode(loadProgress, forKey: .loadProgress)
        try container.encodeIfPresent(currentURL, forKey: .currentURL)
        try container.encodeIfPresent(order, forKey: .order)
        try container.encode(completionRecord, forKey: .completionRecord)
        try container.encode(rejections, forKey: .rejections)
        if configuration != WebCheckoutConfiguration() { try container.encode(configuration, forKey: .configuration) }
        if !customEvents.isEmpty { try container.encode(customEvents, forKey: .customEvents) }
        if customEventCount != 0 { try container.encode(customEventCount, forKey: .customEventCount) }
        try container.encodeIfPresent(confirmedOrderNumber, forKey: .confirmedOrderNumber)
        try container.encodeIfPresent(completionParsing, forKey: .completionParsing)
        try container.encodeIfPresent(applePay, forKey: .applePay)
    }
}
