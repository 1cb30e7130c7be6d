import Checkout
import PaymentProviders
import XCTest

final class BraintreeResultMappingTests: XCTestCase {
    private let due = BraintreeFixtures.gbp("45.95")

    private func outcome(_ status: String) -> PaymentOutcome {
        BraintreeResultMapping.outcome(
            of: BraintreeSaleResult(success: true, transaction: BraintreeFixtures.transaction(status)), amount: "45.95",
            due: due)
    }

    func testSuccessFamilyIsAuthorised() {
        for status in [
            "authorized", "submitted_for_settlement", "settling", "settled", "settlement_confirmed",
        ] {
            XCTAssertEqual(
                outcome(status), .authorised(PaymentReceipt(providerReference: "txn", amount: due, resultCode: status)),
                status)
        }
    }

    func testAuthorizingAndSettlementPendingAreThePendingFamilyAndAwaitTheLookup() {
        for status in ["authorizing", "settlement_pending"] {
            XCTAssertEqual(
                outcome(status),
                .awaitingConfirmation(PaymentReceipt(providerReference: "txn", amount: due, resultCode: status)),
                status)
        }
    }

    func testDeclinesAreRefusalsTheShopperCanRetry() {
        XCTAssertEqual(outcome("processor_declined"), .refused(reason: "Insufficient Funds (2001)"))
        XCTAssertEqual(outcome("gateway_rejected"), .refused(reason: "Gateway rejected: cvv"))
        XCTAssertEqual(outcome("settlement_declined"), .refused(reason: "Settlement declined"))
    }

    func testFailedExpiredAndVoidedAreErrors() {
        for status in ["failed", "authorization_expired", "voided"] {
            XCTAssertEqual(outcome(status), .error(message: "the Braintree transaction txn is \(status)"), status)
        }
    }

    func testEveryStatusIsInAFamily() {
        for status in BraintreeTransactionStatus.allCases {
            switch outcome(status.rawValue) {
            case .authorised, .awaitingConfirmation: XCTAssertTrue(status.isSuccess, status.rawValue)
            case .refused, .error: XCTAssertFalse(status.isSuccess, status.rawValue)
            default: XCTFail("unexpected outcome for \(status)")
            }
        }
    }

    func testUnknownStatusIsAnError() {
        XCTAssertEqual(outcome("teleported"), .error(message: "Braintree answered an unknown status \"teleported\""))
    }

    func testValidationErrorsAreListed() {
        let result = BraintreeSaleResult(
            success: false, transaction: nil,
            errors: [
                BraintreeValidationError(
                    attribute: "amount", code: "81531", message: "Amount must be greater than zero.")
            ])
        XCTAssertEqual(
            BraintreeResultMapping.outcome(of: result, amount: "0.00", due: due),
            .error(message: "Braintree validation errors: 81531 amount: Amount must be greater than zero."))
    }

    func testTransactionForAnotherAmountOrCurrencyIsAnError() {
        let result = BraintreeSaleResult(
            success: true, transaction: BraintreeFixtures.transaction("settled", amount: "40.00"))
        guard case .error = BraintreeResultMapping.outcome(of: result, amount: "45.95", due: due) else {
            return XCTFail("expected an error")
        }
        var euro = BraintreeFixtures.transaction("settled")
        euro.currencyIsoCode = "EUR"
        guard case .error = BraintreeResultMapping.outcome(of: euro, amount: "45.95", due: due) else {
            return XCTFail("expected an error")
        }
    }

    func testDropInErrorsFailWithTheirKind() {
        for kind in BraintreeDropInError.Kind.allCases {
            let error = BraintreeDropInError(kind: kind, message: "x")
            XCTAssertEqual(
                BraintreeResultMapping.outcome(of: error), .error(message: "Braintree drop-in: \(kind.rawValue): x"))
        }
    }
}
