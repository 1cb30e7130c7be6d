import Afterpay
import Foundation
import XCTest

/// Builders shared by the Afterpay tests.
enum Fixture {
    static func locale(_ identifier: String) -> Locale {
        Locale(identifier: identifier)
    }

    /// A configuration that must be valid; a test using it fails (not crashes) if it is not.
    static func configuration(
        minimum: String? = "50.00",
        maximum: String = "1000.00",
        currency: String = "USD",
        locale: String = "en_US",
        consumerLocale: String? = nil,
        file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> Configuration {
        do {
            return try Configuration(
                minimumAmount: minimum,
                maximumAmount: maximum,
                currencyCode: currency,
                locale: Locale(identifier: locale),
                environment: .sandbox,
                consumerLocale: consumerLocale.map(Locale.init(identifier:))
            )
        } catch {
            XCTFail("fixture configuration is invalid: \(error)", file: file, line: line)
            throw error
        }
    }

    static func context(
        minimum: String? = "50.00",
        maximum: String = "1000.00",
        currency: String = "USD",
        locale: String = "en_US",
        consumerLocale: String? = nil,
        device: String = "en_US",
        file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> AfterpayContext {
        AfterpayContext(
            configuration: try configuration(
                minimum: minimum, maximum: maximum, currency: currency, locale: locale,
                consumerLocale: consumerLocale, file: file, line: line),
            deviceLocale: Locale(identifier: device)
        )
    }
}

/// The Unicode scalars of a string as `U+XXXX` names, so a test failure shows exactly which
/// space or dash differs.
func scalars(_ text: String) -> [String] {
    text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
}
