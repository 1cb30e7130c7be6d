/// The rules that decide which native sections are visible, complete, editable and current.
///
/// A section unveils only when every section before it is complete; the current section is the
/// first visible one that is not complete; nothing is editable while a payment is in progress.
/// The reducer recomputes the statuses after every action, so the state always says them.
public enum SectionProgression {
    /// The statuses of the sections that apply to `state`'s user, in order.
    public static func statuses(for state: CheckoutState) -> [SectionStatus] {
        let sections = CheckoutSection.sections(for: state.user)
        let paymentLocked = state.payment.phase.locksCheckout
        var statuses: [SectionStatus] = []
        var predecessorsComplete = true
        var currentFound = false
        for section in sections {
            let visible = predecessorsComplete && state.cart != nil
            let complete = visible && isComplete(section, in: state)
            let current = visible && !complete && !currentFound
            if current { currentFound = true }
            statuses.append(
                SectionStatus(
                    section: section, isVisible: visible, isComplete: complete,
                    isEditable: visible && !paymentLocked && section != .orderSummary, isCurrent: current))
            predecessorsComplete = predecessorsComplete && complete
        }
        return statuses
    }

    /// Whether `section`'s own information is complete in `state` (ignoring its predecessors).
    public static func isComplete(_ section: CheckoutSection, in state: CheckoutState) -> Bool {
        switch section {
        case .contactInformation:
            return state.email.map(EmailRule.isPlausible) ?? false
        case .shippingContact:
            return state.shippingContact?.missingField == nil && state.shippingContact != nil
        case .billingContact:
            return state.billingContact?.missingField == nil && state.billingContact != nil
        case .shippingMethod:
            guard let selected = state.selectedShippingMethodID else { return false }
            return state.shippingMethods.contains { $0.id == selected }
        case .orderSummary:
            return !(state.cart?.lines.isEmpty ?? true)
        case .payment:
            return state.payment.phase == .succeeded || state.payment.phase == .awaitingConfirmation
        }
    }
}
