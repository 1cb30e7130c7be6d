/// A web checkout page's Apple Pay payment, from the page's request (`applepaypayment`) to its
/// end: what the host presents (``request``, in the wallet sheet ``sheetSession``), and where
/// the payment is (``status``). The sheet itself is ``CheckoutState/walletSheet``, driven by the
/// same ``WalletSheetAction``s and answered through the same ``WalletSheet`` as a native
/// checkout's.
///
/// ```swift
/// // Present a sheet for every new session (a new request, or a retry).
/// store.subscribe(\.web.applePay?.sheetSession, on: .mainActor) { session in
///     guard session != nil, let applePay = store.state.web.applePay, applePay.status == .sheetOpen else { return }
///     applePaySheet.present(applePay.request)
/// }
/// ```
public struct WebApplePayState: Sendable, Hashable, Codable {
    /// The page's request, as read (``WebApplePayRequest/decode(_:)``).
    public var request: WebApplePayRequest
    /// Which of the page's accepted requests this is (1, 2, …).
    public var sequence: Int
    /// The ``WalletSheetState/session`` of the sheet presenting it: a new one for each
    /// presentation (the page's request, or ``RetryAction/applePay``).
    public var sheetSession: Int
    /// Where the payment is.
    public var status: WebApplePayStatus
    /// The `requestId` of the page's answer the engine waits for: the one it sent with a
    /// shipping change or with `paymentauthorized` (`nil`: none).
    public var awaitedRequestID: Int?

    /// The ``WalletSheetState/providerID`` of a web checkout's sheet: the page takes the token.
    public static let providerID = "webpage"

    /// Creates the state of a request whose sheet just opened.
    public init(request: WebApplePayRequest, sequence: Int, sheetSession: Int) {
        self.request = request
        self.sequence = sequence
        self.sheetSession = sheetSession
        status = .sheetOpen
        awaitedRequestID = nil
    }
}

/// Where a web checkout page's Apple Pay payment is.
public enum WebApplePayStatus: String, Sendable, Hashable, Codable {
    /// The sheet shows the request: shipping changes go to the page, which answers with the totals.
    case sheetOpen
    /// The shopper authorised: the page has the token (`paymentauthorized`), and the sheet waits
    /// for its `paymentcompleted` or `error`.
    case awaitingPage
    /// The page reported the payment completed.
    case completed
    /// The sheet closed without a completed payment (the page was told `applepaycancelled` when
    /// it had no token); ``RetryAction/applePay`` presents it again.
    case closed
}
