import ActionLog
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
}
