/// Actions of a bridge-type web checkout.
public enum BridgeAction: Sendable, Hashable, Codable {
    /// The page posted a bridge message (the raw JSON string, as the web view delivered it).
    case messageReceived(String)
}
