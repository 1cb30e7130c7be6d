import PaymentProviders
import XCTest

final class BraintreeConfigurationTests: XCTestCase {
    func testCurrencyCodesAreUpperCasedAndADuplicateDoesNotTrap() {
        let configuration = BraintreeConfiguration(merchantAccounts: ["gbp": "lower", "GBP": "upper", "eur": "euro"])
        XCTAssertEqual(configuration.merchantAccounts, ["GBP": "upper", "EUR": "euro"])
    }
}
