import Foundation
import StateStore
import StoreTestSupport
import XCTest

final class SensitiveTests: XCTestCase {
    private let cardNumber = "4111111111111111"

    private struct Payment: Codable, Equatable {
        var number: Sensitive<String>
        var lastFour: String
    }

    func testEncodesOnlyTheRedactionMarker() throws {
        let data = try JSONEncoder().encode(Payment(number: Sensitive(cardNumber), lastFour: "1111"))
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertFalse(text.contains(cardNumber))
        XCTAssertTrue(text.contains("[REDACTED]"))
    }

    func testDescriptionDebugDescriptionAndDumpNeverShowTheSecret() {
        let payment = Payment(number: Sensitive(cardNumber), lastFour: "1111")
        var dumped = ""
        dump(payment, to: &dumped)
        for text in [String(describing: payment), String(reflecting: payment), dumped, "\(payment.number)"] {
            XCTAssertFalse(text.contains(cardNumber), text)
        }
    }

    func testDecodedFromALogTheSecretIsRedacted() throws {
        let data = try JSONEncoder().encode(Payment(number: Sensitive(cardNumber), lastFour: "1111"))
        let decoded = try JSONDecoder().decode(Payment.self, from: data)
        XCTAssertTrue(decoded.number.isRedacted)
        XCTAssertNil(decoded.number.value)
        XCTAssertEqual(decoded.lastFour, "1111")
        XCTAssertEqual(decoded.number, .redacted)
        XCTAssertNotEqual(decoded.number, Sensitive(cardNumber))
    }

    func testKeepsTheSecretInMemory() {
        XCTAssertEqual(Sensitive(cardNumber).value, cardNumber)
        XCTAssertEqual(Sensitive(cardNumber), Sensitive(cardNumber))
    }
}
