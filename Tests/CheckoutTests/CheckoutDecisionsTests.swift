import ActionLog
import Foundation
import StateStore
import XCTest

@testable import Checkout

/// `CheckoutDecisions`' shortcut after a step that decided the same
/// (`differenceFollowingEqualStep(between:and:)`): it answers as the full, masked comparison does.
final class CheckoutDecisionsTests: XCTestCase {
    private let decisions = CheckoutDecisions(reducer: Reducer { _, _ in .none })

    /// A step from `before` to `after`, deciding nothing else.
    private func step(_ before: CheckoutState, _ after: CheckoutState) -> CheckoutDecisions.Step {
        CheckoutDecisions.Step(before: before, state: after, effects: .none, analytics: [])
    }

    /// Both comparisons' answers for the steps, asserted equal.
    private func difference(
        _ original: CheckoutDecisions.Step, _ export: CheckoutDecisions.Step, file: StaticString = #filePath,
        line: UInt = #line
    ) -> String? {
        let full = decisions.difference(between: original, and: export)
        let following = decisions.differenceFollowingEqualStep(between: original, and: export)
        XCTAssertEqual(following, full, "the shortcut answers as the full comparison", file: file, line: line)
        return following
    }

    func testTheShortcutListsEveryMemberOfTheState() {
        XCTAssertTrue(
            CheckoutDecisions.listsEveryStateMember,
            "a member added to CheckoutState must be added to CheckoutDecisions.statesStayEqual (and listedStateMembers)"
        )
    }

    func testThePaymentAndWebStatesAreToldUnchangedMemberByMemberAsTheirEqualityTellsIt() {
        XCTAssertTrue(CheckoutDecisions.paymentMembers.usable, "a member added to PaymentState must be listed")
        XCTAssertTrue(CheckoutDecisions.webMembers.usable, "a member added to WebCheckoutState must be listed")
        let payment = PaymentState(providerID: "adyen")
        var changes: [(inout PaymentState) -> Void] = [
            { $0.phase = .declined(reason: "insufficient funds") }, { $0.providerID = "afterpay" },
            { $0.selectedMethodID = "card" },
            { $0.amount = Money(amount: 12.5, currencyCode: "GBP") },
            { $0.paidAmount = Money(amount: 1, currencyCode: "GBP") }, { $0.isConfirmed = true }, { $0.attempt = 2 },
            { $0.restarts = 1 }, { $0.dropInResultCode = "Authorised" },
        ]
        // Equal values in new storage: the same answer as `==`.
        changes.append { $0.providerID = String("ad" + "yen") }
        for (index, change) in changes.enumerated() {
            var after = payment
            change(&after)
            XCTAssertEqual(
                CheckoutDecisions.paymentMembers.unchanged(payment, after), payment == after, "change \(index)")
        }
        XCTAssertTrue(CheckoutDecisions.paymentMembers.unchanged(payment, payment))
        var web = CheckoutState(kind: .web).web
        XCTAssertTrue(CheckoutDecisions.webMembers.unchanged(web, web))
        let before = web
        web.loadProgress = 0.5
        XCTAssertFalse(CheckoutDecisions.webMembers.unchanged(before, web))
        web.loadProgress = before.loadProgress
        web.customEventCount += 1
        XCTAssertFalse(CheckoutDecisions.webMembers.unchanged(before, web))
    }

    /// Steps from a state with an email and its pseudonymised copy, each adding to the next
    /// request id (a plain member): `originalStep` in the original, `exportStep` in the export.
    private func requestIDSteps(originalStep: Int, exportStep: Int) -> (CheckoutDecisions.Step, CheckoutDecisions.Step)
    {
        var original = CheckoutState(kind: .native)
        original.email = "jane@example.com"
        var export = original
        export.email = "kqxv@example.com"
        var originalAfter = original
        originalAfter.nextRequestID += originalStep
        var exportAfter = export
        exportAfter.nextRequestID += exportStep
        return (step(original, originalAfter), step(export, exportAfter))
    }

    func testStepsThatChangePlainMembersAlikeDecideTheSame() {
        let (original, export) = requestIDSteps(originalStep: 1, exportStep: 1)
        XCTAssertNil(difference(original, export))
        XCTAssertTrue(CheckoutDecisions.statesStayEqual(original, export), "decided without masking")
    }

    func testAPlainMemberChangedOtherwiseIsNamed() {
        let (original, export) = requestIDSteps(originalStep: 1, exportStep: 2)
        XCTAssertEqual(difference(original, export), "state.nextRequestID")
    }

    func testAPersonalMemberChangedIsComparedMasked() {
        let original = CheckoutState(kind: .native)
        let export = original
        var originalAfter = original
        originalAfter.email = "jane@example.com"
        var exportAfter = export
        exportAfter.email = "kqxv@example.com"
        XCTAssertFalse(CheckoutDecisions.statesStayEqual(step(original, originalAfter), step(export, exportAfter)))
        XCTAssertNil(difference(step(original, originalAfter), step(export, exportAfter)), "the same text masked")
        var address = Address(
            firstName: "Jane", lastName: "Doe", line1: "1 High Street", city: "London", postcode: "N1 1AA",
            countryCode: "GB")
        originalAfter.shippingContact = address
        address.firstName = "Kqxv"
        exportAfter.shippingContact = address
        XCTAssertNil(difference(step(original, originalAfter), step(export, exportAfter)))
        // The export's shipping name now repeats its email: the original's did not (the markers
        // after it shift too; the first member in the canonical order is named).
        exportAfter.shippingContact?.firstName = "kqxv@example.com"
        let named = difference(step(original, originalAfter), step(export, exportAfter))
        XCTAssertTrue(named?.hasPrefix("state.shippingContact.") == true, "\(named ?? "nil")")
    }

    func testTheLayoutPlacesEveryListedMemberSoTheByteComparisonIsOn() {
        XCTAssertEqual(CheckoutDecisions.memberBytes.count, CheckoutDecisions.listedStateMembers)
    }

    func testAStepKnowsTheMembersItLeftUnchangedByTheirBytesOrTheirValue() {
        var original = CheckoutState(kind: .native)
        original.email = "jane@example.com"
        var export = original
        export.email = "kqxv@example.com"
        var originalAfter = original
        var exportAfter = export
        let all = CheckoutDecisions.allStateMembers
        XCTAssertEqual(step(original, originalAfter).unchangedMembers, all)
        XCTAssertEqual(step(export, exportAfter).unchangedMembers, all)
        // The email (the list's 13th member) rewritten with the same text, in new storage, in
        // one replay: its bytes differ, its value does not, so it is still unchanged.
        originalAfter.email = String(decoding: Array("jane@example.com".utf8), as: UTF8.self)
        exportAfter.nextRequestID += 1
        XCTAssertEqual(step(original, originalAfter).unchangedMembers, all, "email, equal by value")
        XCTAssertEqual(step(export, exportAfter).unchangedMembers, all & ~(1 << 1), "nextRequestID")
        // The request id changed in one replay only: the step decided differently.
        XCTAssertEqual(difference(step(original, originalAfter), step(export, exportAfter)), "state.nextRequestID")
        // A personal member changed by value: not unchanged, and compared masked.
        originalAfter.email = "ada@example.com"
        XCTAssertEqual(step(original, originalAfter).unchangedMembers, all & ~(1 << 12), "email")
    }

    func testAStepWhoseStatesAreSetAfterwardsComparesEveryMemberByValue() {
        let state = CheckoutState(kind: .native)
        var changed = step(state, state)
        XCTAssertEqual(changed.unchangedMembers, CheckoutDecisions.allStateMembers)
        changed.state.nextRequestID += 1
        XCTAssertEqual(changed.unchangedMembers, 0, "no longer describes the states it holds")
        XCTAssertEqual(difference(step(state, state), changed), "state.nextRequestID")
        var before = step(state, state)
        before.before.nextErrorID += 1
        XCTAssertEqual(before.unchangedMembers, 0)
    }

    func testStepsAreEqualByWhatTheyHoldNotByWhatTheyKnowOfTheirMembers() {
        var state = CheckoutState(kind: .native)
        state.email = "jane@example.com"
        let made = step(state, state)
        var set = made
        set.state = state
        XCTAssertEqual(set.unchangedMembers, 0)
        XCTAssertEqual(set, made, "the same states, effects and events")
        set.state.nextRequestID += 1
        XCTAssertNotEqual(set, made)
    }

    func testADifferentEffectOrEventIsNamedWhateverTheState() {
        let state = CheckoutState(kind: .native)
        var changed = step(state, state)
        changed.effects = .cancel("payment")
        XCTAssertEqual(difference(step(state, state), changed), "effects")
    }

    /// Every member of ``CheckoutDecisions/stateMembers`` equal by value in both states, as a mask:
    /// what a step's unchanged members must be, found with no shortcut.
    private func membersEqualByValue(_ before: CheckoutState, _ after: CheckoutState) -> UInt32 {
        var mask: UInt32 = 0
        for (index, member) in CheckoutDecisions.stateMembers.enumerated() where member.equal(before, after) {
            mask |= 1 << UInt32(index)
        }
        return mask
    }

    /// A step that holds its states in boxes and reads them in place answers as the states,
    /// effects and events it was made from say, at every step of every example log: the states
    /// before and after, the effects, the events and the members left unchanged equal those found
    /// by reducing a copy and comparing by value; the step equals one built from those values;
    /// and a step whose state is set to a different one (unicode, escapes, a plain member) is
    /// named the same by the shortcut and the full comparison.
    func testEveryStepOfEveryExampleLogHoldsWhatItsStatesEffectsAndEventsSay() throws {
        let reducer = ExtremeValueTests.reducer
        let decisions = CheckoutDecisions(reducer: reducer)
        let directory = ExampleLogs.directory
        let files = try ExampleLogs.files()
        XCTAssertGreaterThan(files.count, 10)
        var steps = 0
        var changedMembers = 0
        for file in files {
            let replay = try Replayer(
                path: directory.appendingPathComponent(file).path, reducer: reducer,
                schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
            var state = replay.initialState
            var reference = replay.initialState
            for record in replay.steps {
                let before = reference
                let effect = reducer.reduce(&reference, record.action)
                let made = decisions.reduce(&state, record.action)
                let at = "\(file), step \(record.sequence)"
                XCTAssertEqual(state, reference, at)
                XCTAssertEqual(made.before, before, at)
                XCTAssertEqual(decisions.stateBefore(made), before, at)
                XCTAssertEqual(made.state, reference, at)
                XCTAssertEqual(made.effects, CheckoutDecisions.EffectShape(effect), at)
                XCTAssertEqual(
                    made.analytics,
                    CheckoutAnalyticsMiddleware.events(for: record.action, before: before, after: reference), at)
                let byValue = membersEqualByValue(before, reference)
                XCTAssertEqual(made.unchangedMembers, byValue, at)
                let built = CheckoutDecisions.Step(
                    before: before, state: reference, effects: made.effects, analytics: made.analytics)
                XCTAssertEqual(built, made, at)
                XCTAssertEqual(built.unchangedMembers, byValue, at)
                XCTAssertNil(difference(made, built), at)
                // Deliberately different: the same step with another state after it.
                for change in [
                    { (state: inout CheckoutState) in state.email = "Zoë \"ü\"\n\\ 🧪 \(record.sequence)" },
                    { (state: inout CheckoutState) in state.nextRequestID += 1 },
                    { (state: inout CheckoutState) in state.payment.attempt += 1 },
                ] {
                    var other = made
                    change(&other.state)
                    XCTAssertEqual(other.unchangedMembers, 0, at)
                    XCTAssertEqual(
                        decisions.differenceFollowingEqualStep(between: made, and: other),
                        decisions.difference(between: made, and: other), at)
                }
                if byValue != CheckoutDecisions.allStateMembers { changedMembers += 1 }
                guard state == reference else { break }
                steps += 1
            }
        }
        XCTAssertGreaterThan(steps, 300)
        XCTAssertGreaterThan(changedMembers, 100, "the sweep reaches steps that change the state")
    }
}
