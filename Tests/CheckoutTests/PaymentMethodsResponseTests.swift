import ActionLog
import Checkout
import Foundation
import StateStore
import XCTest

/// A provider's payment-methods answer in the state: whole and in order for the drop-in, its secret
/// members never in a log, the rest read back byte for byte.
final class PaymentMethodsResponseTests: XCTestCase {
    private static let text =
        #"{"paymentMethods":[{"type":"scheme","name":"Cards","brands":["visa","mc"]},{"type":"ideal","name":"iDEAL","issuers":[{"id":"1121","name":"Test Issuer","disabled":true}]}],"#
        + #""storedPaymentMethods":[{"id":"8415718415172200","expiryMonth":"03","expiryYear":"2030","holderName":"Ada Lovelace"}],"#
        + #""minorUnits":4595,"rate":1.50}"#

    private func answer() throws -> JSONValue { try JSONParser.parse(Self.text) }

    func testTheWholeAnswerComesBackInOrderWithItsNumbersAsWritten() throws {
        let response = PaymentMethodsResponse(json: try answer(), secretMembers: ["storedPaymentMethods"])
        XCTAssertEqual(response.json.jsonText, Self.text)
        XCTAssertFalse(response.isRedacted)
    }

    func testSecretMembersAreTheMarkerInTheirPlaceInEveryEncoding() throws {
        let response = PaymentMethodsResponse(json: try answer(), secretMembers: ["storedPaymentMethods"])
        let redacted = Self.text.replacingOccurrences(
            of: #"[{"id":"8415718415172200","expiryMonth":"03","expiryYear":"2030","holderName":"Ada Lovelace"}]"#,
            with: #""[REDACTED]""#)
        XCTAssertEqual(response.redactedJSON.jsonText, redacted)
        let canonical = try CanonicalEncoder.encode(response).compactJSON
        XCTAssertTrue(canonical.contains(#""storedPaymentMethods":"[REDACTED]""#), canonical)
        var dumped = ""
        dump(response, to: &dumped)
        for text in [
            dumped, "\(response)", canonical, String(decoding: try JSONEncoder().encode(response), as: UTF8.self),
        ] {
            for secret in ["8415718415172200", "2030", "Ada Lovelace"] {
                XCTAssertFalse(text.contains(secret), "\(secret) in \(text)")
            }
        }
    }

    func testReadBackFromALogTheSecretsAreUnknownAndTheRestIsByteForByte() throws {
        let response = PaymentMethodsResponse(json: try answer(), secretMembers: ["storedPaymentMethods"])
        // What a log line holds: the log writes a JSON value's members in order.
        let logged = response.redactedJSON.jsonText
        let read = try LogDecoding.decode(PaymentMethodsResponse.self, json: logged)
        XCTAssertTrue(read.isRedacted)
        XCTAssertEqual(read.redactedJSON, response.redactedJSON)
        XCTAssertEqual(read.json.jsonText, logged, "the marker stays where the stored methods were")
        XCTAssertEqual(
            try CanonicalEncoder.encode(read).compactJSON, try CanonicalEncoder.encode(response).compactJSON,
            "the same fingerprint as the answer recorded")
        XCTAssertNotEqual(read, response, "a redacted answer is not the answer the drop-in was given")
    }

    func testAnAnswerWithoutSecretMembersReadsBackEqual() throws {
        let json = try JSONParser.parse(#"{"paymentMethods":[{"type":"scheme","name":"Cards"}],"n":-0.000}"#)
        let response = PaymentMethodsResponse(json: json, secretMembers: ["storedPaymentMethods"])
        let read = try LogDecoding.decode(PaymentMethodsResponse.self, json: response.redactedJSON.jsonText)
        XCTAssertEqual(read, response)
        XCTAssertEqual(read.json, json)
    }

    func testAnAnswerThatIsNoObjectIsKeptAsItIs() throws {
        let json = JSONValue.array([.number("1"), .string("storedPaymentMethods")])
        let response = PaymentMethodsResponse(json: json, secretMembers: ["storedPaymentMethods"])
        XCTAssertEqual(response.json, json)
        XCTAssertEqual(response.redactedJSON, json)
    }
}
