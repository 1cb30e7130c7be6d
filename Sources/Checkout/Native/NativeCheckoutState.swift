/// The native checkout's own state: its sections, the address screen, and the edits on their way
/// to the backend.
public struct NativeCheckoutState: Sendable, Hashable, Codable {
    /// The sections that apply to the user, in order, with what the screen shows of each.
    public var sections: [SectionStatus]
    /// The address screen to show, if any.
    public var addressEditor: AddressEditor?
    /// Edits applied locally and not yet accepted by the backend; the first is in flight (or
    /// failed, see ``syncFailure``).
    public var pendingUpdates: [CheckoutUpdate]
    /// The request id of the update in flight, or `nil`.
    public var updateInFlight: Int?
    /// Why sending the pending updates failed; they are kept and resent on retry.
    public var syncFailure: CheckoutAPIError?
    /// The request id of a checkout rebuild (after a 410) in flight, or `nil`.
    public var recoveryInFlight: Int?
    /// The request id of a checkout refresh (after a 409) in flight, or `nil`.
    public var refreshInFlight: Int?
    /// How payment is offered.
    public var paymentPresentation: PaymentPresentation
    /// Section progression's last answer and its inputs (``SectionProgression``): not part of the
    /// state's value (not encoded, compared or hashed).
    var progressionMemo = SectionProgressionMemoSlot()

    // Every member but `progressionMemo`, as they were encoded before it existed.
    private enum CodingKeys: String, CodingKey {
        case sections, addressEditor, pendingUpdates, updateInFlight, syncFailure, recoveryInFlight,
            refreshInFlight, paymentPresentation
    }

    /// Creates the state of a native checkout that has not loaded.
    public init(paymentPresentation: PaymentPresentation = .payButton) {
        sections = []
        addressEditor = nil
        pendingUpdates = []
        updateInFlight = nil
        syncFailure = nil
        recoveryInFlight = nil
        refreshInFlight = nil
        self.paymentPresentation = paymentPresentation
    }

    /// The section the user is on, if any.
    public var currentSection: CheckoutSection? { sections.first(where: \.isCurrent)?.section }

    /// The status of `section`, if it applies to the user.
    public func status(of section: CheckoutSection) -> SectionStatus? {
        sections.first { $0.section == section }
    }

    /// Whether the backend has every edit (nothing pending, nothing failed, no rebuild running).
    public var isInSync: Bool {
        pendingUpdates.isEmpty && updateInFlight == nil && recoveryInFlight == nil && refreshInFlight == nil
    }
}
