import Checkout
import CheckoutSandbox
import Foundation
import PaymentProviders
import StateStore
import XCTest

/// The flow `checkout demo --provider afterpay|worldline` will play (a logged-in user), for every
/// scenario of both scripts: an order is placed and the recorded log replays without divergence.
final class ProviderDemoFlowTests: XCTestCase {
    private static let user = CheckoutUser.loggedIn(addressBook: [
        AddressBookEntry(
            id: "home",
            address: Address(
                firstName: "Ada", lastName: "Lovelace", line1: "10 Downing Street", city: "London",
                postcode: "SW1A 2AA", countryCode: "GB"),
            isDefault: true)
    ])

    private let scenarios = [
        DemoScenario(), DemoScenario(decline: true), DemoScenario(challenge: true),
        DemoScenario(decline: true, challenge: true),
    ]

    private func play(_ script: any ProviderDemoScript, _ scenario: DemoScenario) async throws {
        let checkout = try RecordedProviderCheckout(script: script, user: Self.user)
        try await checkout.playDemoAsLoggedInUser()
        XCTAssertEqual(checkout.state.payment.phase, .succeeded, "\(script.provider.descriptor.id) \(scenario)")
        XCTAssertNotNil(checkout.state.completedOrder, "\(script.provider.descriptor.id) \(scenario)")
        try checkout.assertReplaysWithoutDivergence()
    }

    func testAfterpayDemoPlacesAnOrderInEveryScenario() async throws {
        for scenario in scenarios {
            try await play(AfterpayDemoScript(scenario: scenario), scenario)
        }
    }

    func testWorldlineDemoPlacesAnOrderInEveryScenario() async throws {
        for scenario in scenarios {
            try await play(WorldlineDemoScript(scenario: scenario), scenario)
        }
    }
}
