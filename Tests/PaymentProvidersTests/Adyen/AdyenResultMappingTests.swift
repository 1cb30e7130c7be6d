import Checkout
import PaymentProviders
import StateStore
import XCTest

final class AdyenResultMappingTests: XCTestCase {
    private let amount = AdyenAmount(value: 4595, currency: "GBP")
    private let due = AdyenFixtures.gbp("45.95")

    private func outcome(_ response: AdyenPaymentResponse) -> PaymentOutcome {
        AdyenResultMapping.outcome(of: response, amount: amount, due: due)
    }

    private func receipt(_ code: String) -> PaymentReceipt {
        PaymentReceipt(providerReference: "psp", amount: due, resultCode: code)
    }

    func testAuthorisedIsSuccess() {
        XCTAssertEqual(
            outcome(AdyenPaymentResponse(resultCode: "Authorised", pspReference: "psp", amount: amount)),
            .authorised(receipt("Authorised")))
    }

    func testAuthorisedForAnotherAmountIsAnError() {
        let response = AdyenPaymentResponse(
            resultCode: "Authorised", pspReference: "psp", amount: AdyenAmount(value: 4500, currency: "GBP"))
        guard case .error(let message) = outcome(response) else { return XCTFail("expected an error") }
        XCTAssertTrue(message.contains("4500 GBP"), message)
    }

    func testRefusedCarriesTheRefusalReason() {
        XCTAssertEqual(
            outcome(AdyenPaymentResponse(resultCode: "Refused", refusalReason: "Insufficient Funds")),
            .refused(reason: "Insufficient Funds"))
        XCTAssertEqual(outcome(AdyenPaymentResponse(resultCode: "Refused")), .refused(reason: "Refused"))
    }

    func testErrorFailsWithTheReason() {
        XCTAssertEqual(
            outcome(AdyenPaymentResponse(resultCode: "Error", refusalReason: "Acquirer Error")),
            .error(message: "Acquirer Error"))
    }

    func testCancelledGoesBackToSelection() {
        XCTAssertEqual(outcome(AdyenPaymentResponse(resultCode: "Cancelled")), .cancelled)
    }

    func testPendingReceivedAndPresentToShopperAwaitConfirmation() {
        for code in ["Pending", "Received", "PresentToShopper"] {
            XCTAssertEqual(
                outcome(AdyenPaymentResponse(resultCode: code, pspReference: "psp")),
                .awaitingConfirmation(receipt(code)), code)
        }
    }

    func testActionCodesWithoutAnActionAreErrors() {
        for code in [
            "RedirectShopper", "IdentifyShopper", "ChallengeShopper", "AuthenticationFinished",
            "AuthenticationNotRequired",
        ] {
            XCTAssertEqual(
                outcome(AdyenPaymentResponse(resultCode: code)),
                .error(message: "Adyen answered \(code) without an action"),
                code)
        }
    }

    func testExactlyTheShopperActionCodesNeedAnAction() {
        let needing = Set(AdyenResultCode.allCases.filter(\.needsAction))
        XCTAssertEqual(
            needing,
            [
                .redirectShopper, .identifyShopper, .challengeShopper, .authenticationFinished,
                .authenticationNotRequired,
            ])
        for code in needing {
            XCTAssertEqual(
                outcome(AdyenPaymentResponse(resultCode: code.rawValue)),
                .error(message: "Adyen answered \(code.rawValue) without an action"))
        }
    }

    func testAnyCodeWithAnActionRequiresTheAction() {
        let action = AdyenAction(type: "threeDS2", subtype: "challenge", paymentData: "pd", token: "t")
        for code in ["ChallengeShopper", "Pending", "PresentToShopper"] {
            guard case .actionRequired(let request) = outcome(AdyenPaymentResponse(resultCode: code, action: action))
            else { return XCTFail("expected an action for \(code)") }
            XCTAssertEqual(request.kind, .threeDSChallenge)
            XCTAssertEqual(request.payload?.value, action.json)
        }
    }

    func testUnknownActionTypeIsAnError() {
        let response = AdyenPaymentResponse(resultCode: "RedirectShopper", action: AdyenAction(type: "hologram"))
        XCTAssertEqual(outcome(response), .error(message: "Adyen asked for an action of unsupported type \"hologram\""))
    }

    func testUnknownResultCodeIsAnError() {
        XCTAssertEqual(
            outcome(AdyenPaymentResponse(resultCode: "Maybe")),
            .error(message: "Adyen answered an unknown result code \"Maybe\""))
    }

    func testOrderWithARemainderIsAPartialPayment() {
        let order = AdyenOrder(
            pspReference: "order", orderData: "od", remainingAmount: AdyenAmount(value: 2595, currency: "GBP"))
        let response = AdyenPaymentResponse(resultCode: "Authorised", pspReference: "gift", order: order)
        XCTAssertEqual(
            outcome(response),
            .partiallyAuthorised(
                PaymentReceipt(providerReference: "gift", amount: AdyenFixtures.gbp("20"), resultCode: "Authorised"),
                remaining: AdyenFixtures.gbp("25.95")))
    }

    func testRefusedPartOfAnOrderIsADeclineNotAPartialPayment() {
        let order = AdyenOrder(
            pspReference: "order", orderData: "od", remainingAmount: AdyenAmount(value: 4595, currency: "GBP"))
        XCTAssertEqual(
            outcome(AdyenPaymentResponse(resultCode: "Refused", refusalReason: "Not enough balance", order: order)),
            .refused(reason: "Not enough balance"))
    }

    func testRemainderLargerThanTheAmountIsAnError() {
        let order = AdyenOrder(
            pspReference: "order", orderData: "od", remainingAmount: AdyenAmount(value: 9999, currency: "GBP"))
        guard case .error = outcome(AdyenPaymentResponse(resultCode: "Authorised", order: order)) else {
            return XCTFail("expected an error")
        }
    }

    func testPartiallyAuthorisedWithoutAnOrderIsAnError() {
        guard case .error = outcome(AdyenPaymentResponse(resultCode: "PartiallyAuthorised")) else {
            return XCTFail("expected an error")
        }
    }

    func testSessionStatusesMapToOutcomes() {
        let pending = receipt("Pending")
        func status(_ status: AdyenSessionStatus.Status) -> PaymentOutcome {
            AdyenResultMapping.outcome(of: AdyenSessionStatus(id: "CS1", status: status), receipt: pending)
        }
        XCTAssertEqual(status(.completed), .authorised(receipt("Authorised")))
        XCTAssertEqual(status(.paymentPending), .awaitingConfirmation(pending))
        XCTAssertEqual(status(.active), .awaitingConfirmation(pending))
        XCTAssertEqual(status(.refused), .refused(reason: "Refused"))
        XCTAssertEqual(status(.canceled), .cancelled)
        XCTAssertEqual(status(.expired), .error(message: "the Adyen session CS1 expired"))
    }

    func testWebhookDecidesAPendingPayment() {
        let pending = receipt("Pending")
        XCTAssertEqual(AdyenResultMapping.outcome(of: nil, receipt: pending), .awaitingConfirmation(pending))
        let authorised = AdyenNotification(
            success: true, pspReference: "psp", merchantReference: "payment-1", amount: amount)
        XCTAssertEqual(AdyenResultMapping.outcome(of: authorised, receipt: pending), .authorised(receipt("Authorised")))
        let refused = AdyenNotification(
            success: false, pspReference: "psp", merchantReference: "payment-1", amount: amount, reason: "FRAUD")
        XCTAssertEqual(AdyenResultMapping.outcome(of: refused, receipt: pending), .refused(reason: "FRAUD"))
    }
}
