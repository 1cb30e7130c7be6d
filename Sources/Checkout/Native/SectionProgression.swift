/// The rules that decide which native sections are visible, complete, editable and current.
///
/// A section unveils only when every section before it is complete; the current section is the
/// first visible one that is not complete; nothing is editable while a payment is in progress.
/// The reducer recomputes the statuses after every action, so the state always says them (memoised:
/// only when one of their inputs changed).
public enum SectionProgression {
    /// The statuses of the sections that apply to `state`'s user, in order.
    public static func statuses(for state: CheckoutState) -> [SectionStatus] {
        var statuses: [SectionStatus] = []
        statuses.reserveCapacity(CheckoutSection.allCases.count)
        forEachStatus(in: state) { _, status in
            statuses.append(status)
            return true
        }
        return statuses
    }

    /// Brings `state.native.sections` up to date, writing only when a status changed (the
    /// reducer asks after every action, and most actions change none), and returns the current
    /// section.
    ///
    /// Memoised: when none of the inputs changed since the last refresh of this state (or of the
    /// state it was copied from), the statuses are those worked out then, and no field is
    /// validated again (``SectionProgressionMemo``).
    @discardableResult
    static func refresh(_ state: inout CheckoutState) -> CheckoutSection? {
        if let memo = state.native.progressionMemo.memo, memo.matches(&state) {
            // Written only if something else changed the statuses (the same storage otherwise).
            if state.native.sections != memo.statuses { state.native.sections = memo.statuses }
            return memo.current
        }
        let existing = state.native.sections
        var unchanged = true
        var count = 0
        var current: CheckoutSection?
        forEachStatus(in: state) { index, status in
            count += 1
            if status.isCurrent { current = status.section }
            guard index < existing.count, existing[index] == status else {
                unchanged = false
                return false
            }
            return true
        }
        if !(unchanged && count == existing.count) {
            let statuses = statuses(for: state)
            state.native.sections = statuses
            current = statuses.first(where: \.isCurrent)?.section
        }
        state.native.progressionMemo.memo = SectionProgressionMemo(
            statuses: state.native.sections, current: current, of: &state)
        return current
    }

    /// Works out each section's status in order, without allocating; `body` returns `false` to
    /// stop early.
    private static func forEachStatus(in state: CheckoutState, _ body: (Int, SectionStatus) -> Bool) {
        let sections = CheckoutSection.sections(for: state.user)
        let paymentLocked = state.payment.phase.locksCheckout
        // `hasCart` is a pattern match: Cart is Equatable, so `state.cart != nil` picks
        // Optional's Equatable `!=`, which copies the cart into a tuple and destroys it through
        // the runtime's generic value witnesses (about 400 instructions an action).
        let hasCart = state.hasCart
        var predecessorsComplete = true
        var currentFound = false
        for (index, section) in sections.enumerated() {
            let visible = predecessorsComplete && hasCart
            let complete = visible && isComplete(section, in: state)
            let current = visible && !complete && !currentFound
            if current { currentFound = true }
            let status = SectionStatus(
                section: section, isVisible: visible, isComplete: complete,
                isEditable: visible && !paymentLocked && section != .orderSummary, isCurrent: current)
            guard body(index, status) else { return }
            predecessorsComplete = predecessorsComplete && complete
        }
    }

    /// Whether `section`'s own information is complete in `state` (ignoring its predecessors).
    public static func isComplete(_ section: CheckoutSection, in state: CheckoutState) -> Bool {
        switch section {
        case .contactInformation:
            return state.email.map(EmailRule.isPlausible) ?? false
        case .shippingContact:
            return isFilled(state.shippingContact)
        case .billingContact:
            return isFilled(state.billingContact)
        case .shippingMethod:
            guard let selected = state.selectedShippingMethodID else { return false }
            return state.shippingMethods.contains { $0.id == selected }
        case .orderSummary:
            return hasLines(state.cart)
        case .payment:
            return isPaymentComplete(state.payment.phase)
        }
    }

    /// Whether the cart has loaded with lines (the order summary's completeness).
    static func hasLines(_ cart: borrowing Cart?) -> Bool {
        switch cart {
        case .some(let loaded): return !loaded.lines.isEmpty
        case .none: return false
        }
    }

    /// Whether the payment succeeded or awaits confirmation (the payment section's completeness).
    static func isPaymentComplete(_ phase: borrowing PaymentPhase) -> Bool {
        // A pattern, not `==`: the synthesised comparison builds the other phase and compares
        // the two through every case.
        switch phase {
        case .succeeded, .awaitingConfirmation: return true
        default: return false
        }
    }

    /// An address with every required field: read in place, one optional check (the reducer
    /// asks after every action).
    private static func isFilled(_ address: borrowing Address?) -> Bool {
        switch address {
        case .some(let filled): return filled.missingField == nil
        case .none: return false
        }
    }
}
