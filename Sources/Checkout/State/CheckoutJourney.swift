/// Where the user is in the checkout journey.
public struct CheckoutJourney: Sendable, Hashable, Codable {
    /// Whether the checkout started.
    public var hasStarted: Bool
    /// The furthest native section the user reached.
    public var furthestSection: CheckoutSection?
    /// Whether the cart was cleared after completion.
    public var isCartCleared: Bool

    /// A journey that has not started.
    public init() {
        hasStarted = false
        furthestSection = nil
        isCartCleared = false
    }
}
