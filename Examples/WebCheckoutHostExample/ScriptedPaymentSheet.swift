import Checkout
import CheckoutSandbox
import Foundation
import StateStore

/// Stands in for PassKit's Apple Pay sheet where PassKit does not exist (Linux, CI), and plays the
/// shopper in it: the host's delegate part dispatches each sheet callback with the next request
/// id, and waits for the engine's answer (``answers`` is the environment's `WalletSheet`) before
/// the next, as PassKit waits for each completion. On Apple platforms `PassKitApplePaySheet`
/// (PassKitApplePaySheet.swift) is the same glue around `PKPaymentAuthorizationController`.
@MainActor
final class ScriptedPaymentSheet {
    /// The engine's answers, as PassKit's completions would take them.
    let answers = SandboxWalletSheet()
    /// Shows one line of what the sheet shows.
    var render: (String) -> Void = { print("sheet:", $0) }
    private var requestID = 0

    /// Presents the sheet for `request`: the shopper picks a London address and express
    /// delivery (the page prices each), then a card, and authorises the total the sheet shows.
    func present(_ request: WebApplePayRequest, on store: Store<CheckoutState>) async {
        render(
            "shows \(Self.total(request.summaryItems)), delivery \(request.shippingMethods.map(\.label).joined(separator: " or "))"
        )
        func ask(_ action: (Int) -> WalletSheetAction) async -> WalletSheetAnswer {
            requestID += 1
            store.dispatch(.wallet(action(requestID)))
            return await answers.answer(to: requestID)
        }
        // Before authorisation Apple reveals only the locality, postal code and country.
        let contact = await ask {
            .shippingContactSelected(
                PartialAddress(city: "London", postcode: "SW1A 2", countryCode: "GB"), requestID: $0)
        }
        if case .shippingContact(let update, _) = contact {
            render("London: \(Self.total(update.summaryItems)), \(update.shippingMethods.count) delivery methods")
        }
        let method = await ask { .shippingMethodSelected(id: "express", requestID: $0) }
        if case .shippingMethod(let update, _) = method {
            render("express delivery: \(Self.total(update.summaryItems))")
        }
        let card = await ask {
            .paymentMethodSelected(
                WalletPaymentMethod(displayName: "Visa 1111", network: "Visa", kind: .debit), requestID: $0)
        }
        guard case .paymentMethod(let update, _) = card, let shown = update.summaryItems.total else {
            store.dispatch(.wallet(.sheetDismissed))
            return
        }
        // Face ID: the full contact and the token (Apple's encrypted payment data, base64).
        let authorization = WalletAuthorization(
            email: "ada@example.com",
            shippingAddress: Address(
                firstName: "Ada", lastName: "Lovelace", line1: "10 Downing Street", city: "London",
                postcode: "SW1A 2AA", countryCode: "GB", phone: "+44 20 7946 0000"),
            shippingMethodID: "express", shownTotal: shown,
            payment: PaymentSubmission(
                methodID: "applepay", payload: Sensitive(SandboxSecret.make("web-apple-pay-token")),
                displayDescription: "Visa 1111"))
        render("authorised \(shown)")
        if case .authorization(let result, _) = await ask({ .paymentAuthorized(authorization, requestID: $0) }) {
            render(result.status == .success ? "done" : "failed: \(result.errors.map(\.description))")
        }
        // PassKit closes the sheet after its success animation, then calls `didFinish`. Here it
        // closes once the checkout's own work after the payment (recording the order) has
        // settled, so every run records the same log.
        await store.waitForEffects()
        store.dispatch(.wallet(.sheetDismissed))
        render("closed")
    }

    private static func total(_ items: [WalletSummaryItem]) -> String {
        items.total.map { "\($0)" } ?? "no total"
    }
}
