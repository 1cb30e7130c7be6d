import ActionLog
import Checkout
import StateStore

/// The checkout's decisions, changed in one of two ways for seeing the export's proof at work:
///
/// - reading the written file back drops the actions `dropsOnReadBack` names: a read-back that no
///   longer matches what the export wrote, as a file damaged between writing and reading, or an
///   encoding that does not round-trip, would;
/// - with `givesStateBefore` false, the decisions do not give the state before a step
///   (`ReplayDecisions.stateBefore` answers nil, its default): the export keeps its own copy.
struct CheckoutDecisionsDouble: ReplayDecisions {
    let decisions: CheckoutDecisions
    var givesStateBefore = true
    var dropsOnReadBack: @Sendable (CheckoutAction) -> Bool = { _ in false }

    var schemaVersion: Int { decisions.schemaVersion }
    var upgrade: ActionSchemaUpgrade? { decisions.upgrade }

    func reduce(_ state: inout CheckoutState, _ action: CheckoutAction) -> CheckoutDecisions.Step {
        decisions.reduce(&state, action)
    }

    func replay(_ state: inout CheckoutState, _ action: CheckoutAction) {
        if dropsOnReadBack(action) { return }
        decisions.replay(&state, action)
    }

    func difference(between original: CheckoutDecisions.Step, and export: CheckoutDecisions.Step) -> String? {
        decisions.difference(between: original, and: export)
    }

    func differenceFollowingEqualStep(
        between original: CheckoutDecisions.Step, and export: CheckoutDecisions.Step
    ) -> String? {
        decisions.differenceFollowingEqualStep(between: original, and: export)
    }

    func protectedFragments(in state: CheckoutState) -> [String] {
        decisions.protectedFragments(in: state)
    }

    func stateBefore(_ decisions: CheckoutDecisions.Step) -> CheckoutState? {
        givesStateBefore ? self.decisions.stateBefore(decisions) : nil
    }
}
