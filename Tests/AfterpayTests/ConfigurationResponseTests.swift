import Afterpay
import Foundation
import XCTest

final class ConfigurationResponseTests: XCTestCase {
    private let enAU = Locale(identifier: "en_AU")

    func testResponseBecomesAConfiguration() throws {
        let response = try ConfigurationResponse(
            jsonData: Data(
                #"{"minimumAmount":{"amount":"1.00","currency":"AUD"},"maximumAmount":{"amount":"2000.00","currency":"AUD"}}"#
                    .utf8))
        let configuration = try Configuration(response: response, locale: enAU, environment: .production)
        XCTAssertEqual(configuration.minimumAmount, 1)
        XCTAssertEqual(configuration.maximumAmount, 2000)
        XCTAssertEqual(configuration.currencyCode, "AUD")
        XCTAssertEqual(configuration.environment, .production)
    }

    func testMinimumIsOptional() throws {
        let response = try ConfigurationResponse(
            jsonData: Data(#"{"maximumAmount":{"amount":"2000.00","currency":"USD"}}"#.utf8))
        XCTAssertNil(response.minimumAmount)
        XCTAssertNil(
            try Configuration(response: response, locale: Locale(identifier: "en_US"), environment: .sandbox)
                .minimumAmount)
    }

    func testMalformedBodiesNameTheField() {
        let cases: [(String, String)] = [
            (#"{}"#, #"missing field "maximumAmount""#),
            (#"{"maximumAmount":{"amount":"1"}}"#, #"missing field "currency" in maximumAmount"#),
            (#"{"maximumAmount":{"amount":1,"currency":"AUD"}}"#, "maximumAmount.amount is not a string"),
            ("<html>", "not valid JSON"),
        ]
        for (json, reason) in cases {
            XCTAssertThrowsError(try ConfigurationResponse(jsonData: Data(json.utf8)), json) { error in
                guard case .invalidJSON(let actual) = error as? ConfigurationResponseError else {
                    return XCTFail("expected invalidJSON, got \(error)")
                }
                XCTAssertTrue(actual.hasPrefix(reason), "\(actual) should start with \(reason)")
            }
        }
    }

    func testMismatchedCurrenciesAreRefused() {
        let response = ConfigurationResponse(
            minimumAmount: Money(amount: "1.00", currency: "NZD"),
            maximumAmount: Money(amount: "2000.00", currency: "AUD"))
        XCTAssertThrowsError(try Configuration(response: response, locale: enAU, environment: .sandbox)) { error in
            XCTAssertEqual(error as? ConfigurationResponseError, .mismatchedCurrencies(minimum: "NZD", maximum: "AUD"))
        }
    }

    func testInvalidAmountsInAResponseReportTheConfigurationCheck() {
        let response = ConfigurationResponse(
            minimumAmount: nil, maximumAmount: Money(amount: "lots", currency: "AUD"))
        XCTAssertThrowsError(try Configuration(response: response, locale: enAU, environment: .sandbox)) { error in
            XCTAssertEqual(error as? ConfigurationResponseError, .invalidConfiguration(.invalidMaximum("lots")))
            XCTAssertEqual(
                (error as? ConfigurationResponseError)?.description,
                "Maximum (lots) is not convertible to a positive Decimal number")
        }
    }

    func testResponseRoundTripsThroughJSON() throws {
        let response = ConfigurationResponse(
            minimumAmount: Money(amount: "1.00", currency: "AUD"),
            maximumAmount: Money(amount: "2000.00", currency: "AUD"))
        let data = try JSONEncoder().encode(
            StoredConfiguration(response: response, fetchedAt: Date(timeIntervalSince1970: 0)))
        XCTAssertEqual(try JSONDecoder().decode(StoredConfiguration.self, from: data).response, response)
    }
}
