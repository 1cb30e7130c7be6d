/// A parse-type checkout on its completion page, waiting for the page to answer its scripts
/// (``ParseRules/orderNumberScript``, ``ParseRules/orderSummaryScript``,
/// ``ParseRules/guestEmailScript``). The checkout completes when the last one is answered,
/// rejected or timed out.
public struct CompletionParsing: Sendable, Hashable, Codable {
    /// The id the scripts' ``ParseAction/scriptAnswered(_:requestID:)`` actions carry.
    public var requestID: Int
    /// The scripts not answered yet, in the order they run.
    public var pendingScripts: [ParseScript]
    /// The order number found so far, and where it came from.
    public var orderID: String?
    /// Where ``orderID`` came from.
    public var idSource: CompletedOrder.IDSource?
    /// The amount paid, when known (from the host's extracted order or the summary script).
    public var total: Money?

    /// Creates the waiting state.
    public init(
        requestID: Int, pendingScripts: [ParseScript], orderID: String? = nil,
        idSource: CompletedOrder.IDSource? = nil, total: Money? = nil
    ) {
        self.requestID = requestID
        self.pendingScripts = pendingScripts
        self.orderID = orderID
        self.idSource = idSource
        self.total = total
    }
}
