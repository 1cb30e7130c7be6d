import Checkout
import XCTest

/// The addresses of CheckoutTests' `Fixtures` that `SandboxCheckoutAPITests` uses (a copy: the
/// test moved here with the sandbox).
enum Fixtures {
    static let home = Address(
        firstName: "Ada", lastName: "Lovelace", line1: "10 Downing Street", city: "London", postcode: "SW1A 2AA",
        countryCode: "GB")
    static let work = Address(
        firstName: "Ada", lastName: "Lovelace", line1: "1 Infinite Loop", city: "Cupertino", region: "CA",
        postcode: "95014", countryCode: "US")
    static let paris = Address(
        firstName: "Ada", lastName: "Lovelace", line1: "5 Rue de Rivoli", city: "Paris", postcode: "75001",
        countryCode: "FR")
}

func decimal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Decimal {
    guard let value = Decimal(string: text) else {
        XCTFail("bad decimal literal \(text)", file: file, line: line)
        return 0
    }
    return value
}

func money(_ text: String, _ currency: String = "GBP") -> Money {
    Money(amount: decimal(text), currencyCode: currency)
}

/// Runs `body` and checks it throws `expected`.
func assertAPIError(
    _ expected: CheckoutAPIError, file: StaticString = #filePath, line: UInt = #line,
    _ body: () async throws -> Void
) async {
    do {
        try await body()
        XCTFail("expected \(expected)", file: file, line: line)
    } catch {
        XCTAssertEqual(error as? CheckoutAPIError, expected, file: file, line: line)
    }
}
