import ActionLog
import Checkout
import Foundation
import StateStore
import XCTest

/// Section progression keeps its last answer beside the state and re-validates only when an input
/// changed: it must answer as a fresh computation whatever changed the inputs (a reducer, or code
/// that set the state directly), and what it keeps must be no part of the state's value.
final class SectionProgressionMemoTests: XCTestCase {
    private let progression = SectionProgressionReducer.make()

    /// A guest checkout with every section before payment complete, as the reducer left it.
    private func completedSections() async -> CheckoutState {
        let harness = Harness()
        await harness.start()
        await harness.send(.native(.emailSubmitted("ada@example.com")))
        await harness.send(.native(.editShippingContactTapped))
        await harness.send(.native(.addressFormSubmitted(Fixtures.home)))
        await harness.send(.native(.useShippingAsBillingTapped))
        await harness.send(.native(.shippingMethodSelected(id: "express")))
        XCTAssertEqual(harness.state.native.currentSection, .payment)
        return harness.state
    }

    /// Runs section progression as the reducer does after an action, and checks its answer
    /// against statuses worked out from scratch.
    private func refreshed(_ state: inout CheckoutState, file: StaticString = #filePath, line: UInt = #line) {
        _ = progression.reduce(&state, .native(.useShippingAsBillingTapped))
        XCTAssertEqual(state.native.sections, SectionProgression.statuses(for: state), file: file, line: line)
    }

    /// The memo tells an unchanged contact by its stored bits, which proves equal values only while
    /// every member of `Address` is a string (see `StoredBits`): a member of another type must
    /// revisit that proof before it is added.
    func testAnAddressHoldsOnlyStringsAsTheMemosBitComparisonAssumes() {
        let members = Mirror(reflecting: Fixtures.home).children
        XCTAssertEqual(members.count, 9)
        for member in members {
            let type = type(of: member.value)
            XCTAssertTrue(
                type == String.self || type == String?.self,
                "Address.\(member.label ?? "?") is a \(type): revisit StoredBits' proof")
        }
    }

    func testStatusesFollowEveryInputChangedOutsideTheReducer() async {
        var state = await completedSections()
        refreshed(&state)
        XCTAssertEqual(state.native.currentSection, .payment)

        state.email = "ada@"
        refreshed(&state)
        XCTAssertEqual(state.native.currentSection, .contactInformation)
        state.email = "ada@example.com"
        refreshed(&state)
        XCTAssertEqual(state.native.currentSection, .payment)

        // The same text in new storage: still complete; a blank required field: not.
        let home = Fixtures.home
        state.shippingContact = Address(
            firstName: String(home.firstName.reversed().reversed()), lastName: home.lastName, line1: home.line1,
            city: home.city, postcode: home.postcode, countryCode: home.countryCode)
        refreshed(&state)
        XCTAssertEqual(state.native.currentSection, .payment)
        state.shippingContact?.postcode = "  "
        refreshed(&state)
        XCTAssertEqual(state.native.currentSection, .shippingContact)
        state.shippingContact = nil
        refreshed(&state)
        XCTAssertEqual(state.native.currentSection, .shippingContact)
        state.shippingContact = home

        state.billingContact?.city = ""
        refreshed(&state)
        XCTAssertEqual(state.native.currentSection, .billingContact)
        state.billingContact = home

        state.selectedShippingMethodID = "no-such-method"
        refreshed(&state)
        XCTAssertEqual(state.native.currentSection, .shippingMethod)
        state.selectedShippingMethodID = "express"
        state.shippingMethods = []
        refreshed(&state)
        XCTAssertEqual(state.native.currentSection, .shippingMethod)
    }

    func testStatusesFollowThePaymentTheUserAndTheCart() async {
        var state = await completedSections()
        refreshed(&state)
        state.payment.phase = .submitting
        refreshed(&state)
        XCTAssertEqual(state.native.status(of: .shippingContact)?.isEditable, false)
        state.payment.phase = .succeeded
        refreshed(&state)
        XCTAssertEqual(state.native.status(of: .payment)?.isComplete, true)
        state.payment.phase = .idle

        state.user = .loggedIn(addressBook: [])
        refreshed(&state)
        XCTAssertFalse(state.native.sections.contains { $0.section == .contactInformation })

        state.cart?.lines = []
        refreshed(&state)
        XCTAssertEqual(state.native.status(of: .orderSummary)?.isComplete, false)
        state.cart = nil
        refreshed(&state)
        XCTAssertFalse(state.native.sections.contains(where: \.isVisible))
    }

    func testStatusesOverwrittenWithUnchangedInputsAreWorkedOutAgain() async {
        var state = await completedSections()
        refreshed(&state)
        let statuses = state.native.sections
        state.native.sections = []
        refreshed(&state)
        XCTAssertEqual(state.native.sections, statuses)
    }

    func testWhatProgressionKeepsIsNoPartOfTheStatesValue() async throws {
        let state = await completedSections()
        let encoded = try JSONEncoder().encode(state)
        // Decoded, the state has kept nothing: it equals, hashes and fingerprints as the original.
        let decoded = try JSONDecoder().decode(CheckoutState.self, from: encoded)
        XCTAssertEqual(decoded, state)
        XCTAssertEqual(decoded.hashValue, state.hashValue)
        XCTAssertEqual(try Fingerprint.of(decoded), try Fingerprint.of(state))
        let native = try XCTUnwrap(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(state.native)) as? [String: Any])
        let members: Set = [
            "sections", "addressEditor", "pendingUpdates", "updateInFlight", "syncFailure", "recoveryInFlight",
            "refreshInFlight", "paymentPresentation",
        ]
        XCTAssertTrue(Set(native.keys).isSubset(of: members), "\(native.keys.sorted())")
        // Reflection (the data inventory, `dump`) finds none of the inputs it kept.
        let kept = Mirror(reflecting: state.native).children.first { $0.label == "progressionMemo" }
        XCTAssertEqual(kept.map { Mirror(reflecting: $0.value).children.count }, 0)
    }
}
