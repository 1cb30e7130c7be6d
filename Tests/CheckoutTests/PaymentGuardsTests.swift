import Checkout
import XCTest

final class PaymentGuardsTests: XCTestCase {
    let provider = PaymentProviderDescriptor(
        id: "adyen", displayName: "Adyen", supportedCurrencies: ["GBP", "EUR", "ISK"],
        minorUnitOverrides: CurrencyDigits.adyenOverrides)

    func testZeroAndNegativeAmountsAreRefused() {
        XCTAssertThrowsError(try PaymentGuards.requirePositive(money("0"))) {
            XCTAssertEqual($0 as? PaymentGuardViolation, .nonPositiveAmount(money("0")))
        }
        XCTAssertThrowsError(try PaymentGuards.requirePositive(money("-1")))
        XCTAssertNoThrow(try PaymentGuards.requirePositive(money("0.01")))
    }

    func testCurrencyMustBeTakenByProviderAndMerchant() {
        XCTAssertNoThrow(
            try PaymentGuards.requireSupportedCurrency("gbp", provider: provider, merchantCurrencies: ["GBP"]))
        XCTAssertThrowsError(
            try PaymentGuards.requireSupportedCurrency("USD", provider: provider, merchantCurrencies: nil)
        ) { XCTAssertEqual($0 as? PaymentGuardViolation, .unsupportedCurrency("USD", rejectedBy: "adyen")) }
        XCTAssertThrowsError(
            try PaymentGuards.requireSupportedCurrency("EUR", provider: provider, merchantCurrencies: ["GBP"])
        ) { XCTAssertEqual($0 as? PaymentGuardViolation, .unsupportedCurrency("EUR", rejectedBy: "merchant")) }
    }

    func testCurrencyWithoutKnownDigitsIsRefusedEvenByAnOpenProvider() {
        let open = PaymentProviderDescriptor(id: "any", displayName: "Any")
        XCTAssertThrowsError(try PaymentGuards.requireSupportedCurrency("ABC", provider: open, merchantCurrencies: nil))
        {
            XCTAssertEqual($0 as? PaymentGuardViolation, .unknownCurrency("ABC"))
        }
    }

    func testMinorUnitsUseTheProvidersExceptions() throws {
        XCTAssertEqual(try PaymentGuards.minorUnits(of: money("10", "ISK"), provider: provider), 1000)
        let iso = PaymentProviderDescriptor(id: "iso", displayName: "ISO")
        XCTAssertEqual(try PaymentGuards.minorUnits(of: money("10", "ISK"), provider: iso), 10)
    }

    func testChangedTotalBetweenPresentingAndResultIsAViolation() {
        XCTAssertNoThrow(try PaymentGuards.requireUnchangedTotal(presented: money("10.00"), current: money("10")))
        XCTAssertThrowsError(try PaymentGuards.requireUnchangedTotal(presented: money("10"), current: money("12"))) {
            XCTAssertEqual($0 as? PaymentGuardViolation, .totalChanged(from: money("10"), to: money("12")))
        }
        XCTAssertThrowsError(
            try PaymentGuards.requireUnchangedTotal(presented: money("10"), current: money("10", "EUR")))
    }

    func testAskedAmountMustBeTheTotalLastShown() {
        XCTAssertNoThrow(try PaymentGuards.requireShownAmount(asked: money("42"), shown: money("42.00")))
        XCTAssertThrowsError(try PaymentGuards.requireShownAmount(asked: money("41.99"), shown: money("42"))) {
            XCTAssertEqual($0 as? PaymentGuardViolation, .amountNotShown(asked: money("41.99"), shown: money("42")))
        }
        XCTAssertThrowsError(try PaymentGuards.requireShownAmount(asked: money("42"), shown: nil)) {
            XCTAssertEqual($0 as? PaymentGuardViolation, .noTotal)
        }
    }

    func testCheckStartRunsEveryStartGuardAndReturnsMinorUnits() throws {
        XCTAssertEqual(
            try PaymentGuards.checkStart(shown: money("42.50"), provider: provider, merchantCurrencies: nil), 4250)
        XCTAssertThrowsError(
            try PaymentGuards.checkStart(shown: money("0"), provider: provider, merchantCurrencies: nil))
        XCTAssertThrowsError(try PaymentGuards.checkStart(shown: nil, provider: provider, merchantCurrencies: nil))
    }
}
