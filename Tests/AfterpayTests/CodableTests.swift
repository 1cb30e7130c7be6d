import Afterpay
import Foundation
import XCTest

/// The types a checkout store keeps in logged or persisted state survive a JSON round trip, and
/// a stored configuration is validated again when read.
final class CodableTests: XCTestCase {
    private func roundTrip<Value: Codable & Equatable>(
        _ value: Value, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let data = try JSONEncoder().encode(value)
        XCTAssertEqual(try JSONDecoder().decode(Value.self, from: data), value, file: file, line: line)
    }

    func testConfigurationRoundTrips() throws {
        try roundTrip(try Fixture.configuration(minimum: "1.50", maximum: "2000.00", consumerLocale: "en_GB"))
        try roundTrip(try Fixture.configuration(minimum: nil, currency: "CAD", locale: "fr_CA"))
    }

    func testConfigurationIsWrittenAsStrings() throws {
        let data = try JSONEncoder().encode(try Fixture.configuration(minimum: "1.50", maximum: "2000.00"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: String]
        XCTAssertEqual(object?["minimumAmount"], "1.5")
        XCTAssertEqual(object?["maximumAmount"], "2000")
        XCTAssertEqual(object?["locale"], "en_US")
        XCTAssertEqual(object?["environment"], "sandbox")
    }

    func testStoredConfigurationThatNoLongerValidatesFailsAtItsKey() {
        let json = #"{"maximumAmount":"2000","currencyCode":"EUR","locale":"en_AU","environment":"production"}"#
        XCTAssertThrowsError(try JSONDecoder().decode(Configuration.self, from: Data(json.utf8))) { error in
            guard case DecodingError.dataCorrupted(let context) = error else {
                return XCTFail("expected dataCorrupted, got \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["currencyCode"])
            XCTAssertEqual(context.debugDescription, "Currency code (EUR) is not valid")
        }
    }

    func testWidgetValuesRoundTrip() throws {
        let money = Money(amount: "50.00", currency: "USD")
        try roundTrip(WidgetStatus.valid(amountDueToday: money, checksum: "c"))
        try roundTrip(WidgetStatus.invalid(errorCode: nil, message: "m"))
        let events: [WidgetEvent] = [
            .ready(isValid: true, amountDueToday: money, paymentScheduleChecksum: nil),
            .changed(.invalid(errorCode: "SAD", message: "I am sad")), .error(errorCode: nil, message: nil),
            .resized(size: 300), .failure(.missingField("isValid", messageType: "change")),
        ]
        try roundTrip(events)
    }

    func testAvailabilityRoundTrips() throws {
        try roundTrip([
            AfterpayAvailability.available, .unavailable(.belowMinimum(Decimal(string: "50.5") ?? 0)),
            .unavailable(.currencyMismatch(configured: "USD", order: "AUD")),
        ])
    }
}
