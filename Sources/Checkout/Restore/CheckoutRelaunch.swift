/// The checkout's relaunches: the app was killed, and the checkout went on from its log or a saved
/// state (``CommonAction/relaunched(_:)``). A host reads it to say what is going on: "finish
/// paying in your bank app" while ``found`` awaits a redirect's return, "we're checking your
/// payment" while ``CheckoutState/isCheckingPayment``.
public struct CheckoutRelaunch: Sendable, Hashable, Codable {
    /// How many times the checkout was relaunched (it stops at `Int.max`).
    public var count: Int
    /// Where the last relaunch read the checkout from.
    public var source: CheckoutRestoreSource
    /// What the last relaunch found under way, and so restarted.
    public var found: CheckoutInFlight

    /// Creates a relaunch record.
    public init(count: Int, source: CheckoutRestoreSource, found: CheckoutInFlight) {
        self.count = count
        self.source = source
        self.found = found
    }
}
