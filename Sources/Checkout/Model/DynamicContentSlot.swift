/// A place in the checkout screen where the host shows merchandised content.
///
/// Native checkout has one slot, `scroll-top`: after the progress bar, before all other views.
public struct DynamicContentSlot: Sendable, Hashable, Codable {
    /// The slot's identifier, for example `"scroll-top"`.
    public var id: String
    /// The content the host loaded for it (an identifier or a payload the host understands), or
    /// `nil` while nothing is loaded.
    public var content: String?

    /// Creates a slot.
    public init(id: String, content: String? = nil) {
        self.id = id
        self.content = content
    }

    /// The identifier of the slot shown after the progress bar, before all other views.
    public static let scrollTopID = "scroll-top"
}
