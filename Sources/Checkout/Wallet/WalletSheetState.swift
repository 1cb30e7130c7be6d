/// The wallet sheet while it is open: what the engine last told it, the callback it is
/// answering, and the authorised payment it is applying. One per presentation (``session``);
/// the reducer is the only thing that changes it (see ``WalletSheetReducer``).
public struct WalletSheetState: Sendable, Hashable, Codable {
    // Copy-on-write: the fields live in one shared allocation, so copying a sheet (the reducers
    // read `state.walletSheet` on every action once a sheet was shown) costs a retain, not the
    // 1.3 KB the fields take inline. Encoded, compared and hashed exactly as the fields are.
    // A new stored field goes in `Fields` (with its accessor here), never here: only `Fields`
    // is encoded.
    private var storage: Storage

    /// Which presentation this is (1 for the checkout's first sheet, then 2, …).
    public var session: Int {
        get { storage.fields.session }
        _modify { yield &uniqueStorage().fields.session }
    }
    /// The provider that takes the wallet's token.
    public var providerID: String {
        get { storage.fields.providerID }
        _modify { yield &uniqueStorage().fields.providerID }
    }
    /// The name the total line shows.
    public var merchantName: String {
        get { storage.fields.merchantName }
        _modify { yield &uniqueStorage().fields.merchantName }
    }
    /// The sheet's currency (the cart's when it opened); an update in another currency is refused.
    public var currencyCode: String {
        get { storage.fields.currencyCode }
        _modify { yield &uniqueStorage().fields.currencyCode }
    }
    /// Where the sheet is.
    public var status: WalletSheetStatus {
        get { storage.fields.status }
        _modify { yield &uniqueStorage().fields.status }
    }
    /// The highest callback request id seen; a callback must come with a greater one.
    public var lastRequestID: Int? {
        get { storage.fields.lastRequestID }
        _modify { yield &uniqueStorage().fields.lastRequestID }
    }
    /// The callback being answered, if any.
    public var pending: WalletSheetRequest? {
        get { storage.fields.pending }
        _modify { yield &uniqueStorage().fields.pending }
    }
    /// The engine's request id of the Checkout API call made for the sheet that has not answered
    /// (the sheet's calls go one at a time).
    public var callInFlight: Int? {
        get { storage.fields.callInFlight }
        _modify { yield &uniqueStorage().fields.callInFlight }
    }
    /// The partial delivery address the sheet last gave.
    public var partialAddress: PartialAddress? {
        get { storage.fields.partialAddress }
        _modify { yield &uniqueStorage().fields.partialAddress }
    }
    /// The card the sheet last reported.
    public var paymentMethod: WalletPaymentMethod? {
        get { storage.fields.paymentMethod }
        _modify { yield &uniqueStorage().fields.paymentMethod }
    }
    /// The summary the sheet shows: the last one sent (or the checkout's when it opened). Its
    /// total is what the shopper authorises.
    public var summaryItems: [WalletSummaryItem] {
        get { storage.fields.summaryItems }
        _modify { yield &uniqueStorage().fields.summaryItems }
    }
    /// The shipping methods the sheet offers: the last ones sent.
    public var shippingMethods: [ShippingMethod] {
        get { storage.fields.shippingMethods }
        _modify { yield &uniqueStorage().fields.shippingMethods }
    }
    /// How many answers this sheet was sent (they are delivered in this order).
    public var answerCount: Int {
        get { storage.fields.answerCount }
        _modify { yield &uniqueStorage().fields.answerCount }
    }
    /// Whether an answer carried a summary: from then on the sheet shows ``summaryItems``, and an
    /// authorisation must come with their total (before, the host's request did).
    public var hasSentSummary: Bool {
        get { storage.fields.hasSentSummary }
        _modify { yield &uniqueStorage().fields.hasSentSummary }
    }
    /// The last answer sent.
    public var lastAnswer: WalletSheetAnswer? {
        get { storage.fields.lastAnswer }
        _modify { yield &uniqueStorage().fields.lastAnswer }
    }
    /// The last callback left unanswered, and why.
    public var lastIgnored: WalletSheetIgnoredRequest? {
        get { storage.fields.lastIgnored }
        _modify { yield &uniqueStorage().fields.lastIgnored }
    }
    /// The authorised payment being applied and paid (its token is secret).
    public var authorization: WalletAuthorization? {
        get { storage.fields.authorization }
        _modify { yield &uniqueStorage().fields.authorization }
    }
    /// The steps of applying ``authorization``.
    public var progress: WalletAuthorizationProgress? {
        get { storage.fields.progress }
        _modify { yield &uniqueStorage().fields.progress }
    }
    /// The checkout's error that refused the last authorisation, if one did.
    public var refusal: CheckoutErrorKind? {
        get { storage.fields.refusal }
        _modify { yield &uniqueStorage().fields.refusal }
    }

    /// A sheet that just opened, showing `summaryItems` and `shippingMethods`.
    public init(
        session: Int, providerID: String, merchantName: String, currencyCode: String,
        status: WalletSheetStatus = .open, summaryItems: [WalletSummaryItem] = [],
        shippingMethods: [ShippingMethod] = []
    ) {
        storage = Storage(
            Fields(
                session: session, providerID: providerID, merchantName: merchantName, currencyCode: currencyCode,
                status: status, summaryItems: summaryItems, shippingMethods: shippingMethods))
    }

    /// The total the sheet shows: the last summary line sent.
    public var shownTotal: Money? { summaryItems.total }

    /// Whether the sheet is open or authorising: what an action other than the sheet's own can
    /// still move on (a waiting Checkout API call, the authorisation's next step).
    public var isInProgress: Bool {
        switch status {
        case .open, .authorizing: return true
        case .authorized, .dismissed, .refused: return false
        }
    }

    /// Decodes a sheet as its fields were encoded.
    public init(from decoder: any Decoder) throws {
        storage = Storage(try Fields(from: decoder))
    }

    /// Encodes the sheet's fields.
    public func encode(to encoder: any Encoder) throws {
        try storage.fields.encode(to: encoder)
    }

    /// Sheets are equal when their fields are.
    public static func == (lhs: WalletSheetState, rhs: WalletSheetState) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes the fields.
    public func hash(into hasher: inout Hasher) {
        storage.fields.hash(into: &hasher)
    }

    /// The storage, made unique first if it is shared (copy on write).
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    /// The stored fields of a sheet.
    private struct Fields: Sendable, Hashable, Codable {
        /// Which presentation this is (1 for the checkout's first sheet, then 2, …).
        var session: Int
        /// The provider that takes the wallet's token.
        var providerID: String
        /// The name the total line shows.
        var merchantName: String
        /// The sheet's currency (the cart's when it opened); an update in another currency is refused.
        var currencyCode: String
        /// Where the sheet is.
        var status: WalletSheetStatus
        /// The highest callback request id seen; a callback must come with a greater one.
        var lastRequestID: Int?
        /// The callback being answered, if any.
        var pending: WalletSheetRequest?
        /// The engine's request id of the Checkout API call made for the sheet that has not answered
        /// (the sheet's calls go one at a time).
        var callInFlight: Int?
        /// The partial delivery address the sheet last gave.
        var partialAddress: PartialAddress?
        /// The card the sheet last reported.
        var paymentMethod: WalletPaymentMethod?
        /// The summary the sheet shows: the last one sent (or the checkout's when it opened). Its
        /// total is what the shopper authorises.
        var summaryItems: [WalletSummaryItem]
        /// The shipping methods the sheet offers: the last ones sent.
        var shippingMethods: [ShippingMethod]
        /// How many answers this sheet was sent (they are delivered in this order).
        var answerCount: Int
        /// Whether an answer carried a summary: from then on the sheet shows ``summaryItems``, and an
        /// authorisation must come with their total (before, the host's request did).
        var hasSentSummary: Bool
        /// The last answer sent.
        var lastAnswer: WalletSheetAnswer?
        /// The last callback left unanswered, and why.
        var lastIgnored: WalletSheetIgnoredRequest?
        /// The authorised payment being applied and paid (its token is secret).
        var authorization: WalletAuthorization?
        /// The steps of applying ``authorization``.
        var progress: WalletAuthorizationProgress?
        /// The checkout's error that refused the last authorisation, if one did.
        var refusal: CheckoutErrorKind?

        init(
            session: Int, providerID: String, merchantName: String, currencyCode: String,
            status: WalletSheetStatus, summaryItems: [WalletSummaryItem], shippingMethods: [ShippingMethod]
        ) {
            self.session = session
            self.providerID = providerID
            self.merchantName = merchantName
            self.currencyCode = currencyCode
            self.status = status
            lastRequestID = nil
            pending = nil
            callInFlight = nil
            partialAddress = nil
            paymentMethod = nil
            self.summaryItems = summaryItems
            self.shippingMethods = shippingMethods
            answerCount = 0
            hasSentSummary = false
            lastAnswer = nil
            lastIgnored = nil
            authorization = nil
            progress = nil
            refusal = nil
        }
    }

    /// The shared allocation. `@unchecked Sendable`: it is written only through
    /// `uniqueStorage()`, that is when no other sheet refers to it, so a storage two threads can
    /// see is only ever read.
    private final class Storage: @unchecked Sendable {
        // Unchecked: every access is one accessor's, none overlaps another (the check would cost
        // a runtime call on every read of a field).
        @exclusivity(unchecked) var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }
}

/// Where a wallet sheet is.
public enum WalletSheetStatus: Sendable, Hashable, Codable {
    /// Open: the shopper may change the contact, the method, the card, and authorise.
    case open
    /// The shopper authorised; the engine is applying the wallet's data and paying.
    case authorizing
    /// The authorisation was answered with success (paid, awaiting confirmation, or handed to the
    /// provider's next step): the sheet closes.
    case authorized
    /// The host reported the sheet closed.
    case dismissed
    /// The engine refused to open the sheet, for this reason: every callback is answered with it.
    case refused(WalletSheetError)
}

/// A sheet callback the engine is answering.
public struct WalletSheetRequest: Sendable, Hashable, Codable {
    /// What the callback asked.
    public enum Kind: Sendable, Hashable, Codable {
        /// Shipping methods and totals for a partial delivery address.
        case shippingContact(PartialAddress)
        /// Totals for another shipping method.
        case shippingMethod(id: String)
        /// The payment.
        case authorization
    }

    /// The callback's request id (the host's).
    public var requestID: Int
    /// What it asked.
    public var kind: Kind
    /// The engine's id for its timer (updates only: an authorisation is bounded by the payment's
    /// own timeouts).
    public var timer: Int?
    /// The engine's request id of the Checkout API call made for it (`nil`: not made yet).
    public var call: Int?
    /// After the estimate for a contact offered methods with none selected: the method being
    /// selected before answering (the sheet shows its first method as selected).
    public var selectingMethodID: String?

    /// Creates a request.
    public init(requestID: Int, kind: Kind, timer: Int? = nil) {
        self.requestID = requestID
        self.kind = kind
        self.timer = timer
        call = nil
        selectingMethodID = nil
    }
}

/// A callback the engine left unanswered, and why (it came out of order, or during an
/// authorisation): answering it would send an answer after a newer one's.
public struct WalletSheetIgnoredRequest: Sendable, Hashable, Codable {
    /// The callback's request id.
    public var requestID: Int
    /// Why it was not answered.
    public var reason: WalletSheetError

    /// Creates a record.
    public init(requestID: Int, reason: WalletSheetError) {
        self.requestID = requestID
        self.reason = reason
    }
}

/// How far applying an authorised payment has got.
public struct WalletAuthorizationProgress: Sendable, Hashable, Codable {
    /// The action the engine dispatched on the shopper's behalf and waits to see reduced.
    public var awaitedAction: CheckoutAction?
    /// The last action it dispatched: choosing it again means it changed nothing.
    public var lastAction: CheckoutAction?
    /// How many actions it dispatched (bounded by ``WalletSheetReducer/maximumSteps``).
    public var steps: Int
    /// The ids of the checkout's errors shown before the authorisation: a new one refuses it.
    public var knownErrorIDs: [Int]
    /// The payment attempt before the engine tapped pay.
    public var attemptBeforePay: Int?
    /// The payment attempt the engine started for the authorisation.
    public var paymentAttempt: Int?
    /// Whether the wallet's token was submitted.
    public var isSubmitted: Bool

    /// Progress at the start.
    public init(knownErrorIDs: [Int]) {
        awaitedAction = nil
        lastAction = nil
        steps = 0
        self.knownErrorIDs = knownErrorIDs
        attemptBeforePay = nil
        paymentAttempt = nil
        isSubmitted = false
    }
}

extension WalletSheetState: CustomReflectable {
    /// The sheet's fields as its own children, as they were before they moved into a shared box:
    /// `dump`, debuggers and the data inventory see `walletSheet.providerID`, not the storage.
    public var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: storage.fields).children, displayStyle: .struct)
    }
}
