/// What the screen shows of one section.
public struct SectionStatus: Sendable, Hashable, Codable {
    /// The section.
    public var section: CheckoutSection
    /// Whether it is shown: every section before it is complete.
    public var isVisible: Bool
    /// Whether its information is complete.
    public var isComplete: Bool
    /// Whether the user may edit it now (visible, and no payment in progress).
    public var isEditable: Bool
    /// Whether it is the section the user is on: the first visible one not yet complete.
    public var isCurrent: Bool

    /// Creates a status.
    public init(section: CheckoutSection, isVisible: Bool, isComplete: Bool, isEditable: Bool, isCurrent: Bool) {
        self.section = section
        self.isVisible = isVisible
        self.isComplete = isComplete
        self.isEditable = isEditable
        self.isCurrent = isCurrent
    }
}
