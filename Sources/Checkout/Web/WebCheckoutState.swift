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
    /// The URL of the last page that loaded.
    public var currentURL: String?
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

/// An order the checkout completed, and how its id was found.
public struct CompletedOrder: Sendable, Hashable, Codable {
    /// Where the order id came from.
    public enum IDSource: String, Sendable, Hashable, Codable {
        /// The bridge's `paymentcompleted` message.
        case bridge
        /// The configured query parameter of the confirmation URL.
        case urlQuery
        /// A value the host extracted from the page.
        case extracted
        /// Parsing failed: the backend's internal reference stands in for it.
        case internalReference
        /// The payment provider's confirmation (native checkout).
        case payment
    }

    /// The order id.
    public var orderID: String
    /// The amount paid, when known.
    public var total: Money?
    /// Where ``orderID`` came from.
    public var idSource: IDSource

    /// Creates a completed order.
    public init(orderID: String, total: Money?, idSource: IDSource) {
        self.orderID = orderID
        self.total = total
        self.idSource = idSource
    }
}

/// Whether a completed order was recorded with the backend's complete endpoint.
public enum CompletionRecord: Sendable, Hashable, Codable {
    /// Nothing to record yet.
    case notStarted
    /// The complete endpoint is being called.
    case recording
    /// The backend recorded the order.
    case recorded
    /// The call failed; the order is still complete for the user, and the call can be retried.
    case failed(CheckoutAPIError)
}
