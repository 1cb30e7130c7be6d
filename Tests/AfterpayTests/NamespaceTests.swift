import Afterpay
import Foundation
import XCTest

/// `Afterpay.X` names this module's types even though the module and its enum share a name, so a
/// file importing another module with a `Money` or `Configuration` can still say which it means.
final class NamespaceTests: XCTestCase {
    func testQualifiedNamesAreTheModulesTypes() throws {
        let money: Afterpay.Money = AfterpayMoney(amount: "1.00", currency: "AUD")
        XCTAssertEqual(money, Money(amount: "1.00", currency: "AUD"))
        let configuration: Afterpay.Configuration = try Fixture.configuration()
        let prefixed: AfterpayConfiguration = configuration
        XCTAssertEqual(prefixed.currencyCode, "USD")
        let scheme: Afterpay.ColorScheme = .dynamic(lightPalette: .lightMono, darkPalette: .darkMono)
        XCTAssertEqual(scheme.palette(isDarkMode: true), .darkMono)
        let brand: Afterpay.Brand = .clearpay
        XCTAssertEqual(brand.displayName, "Clearpay")
        let result: Afterpay.CheckoutResult = .success(token: "t")
        XCTAssertEqual(result, CheckoutResult.success(token: "t"))
    }
}
