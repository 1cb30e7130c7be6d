import Afterpay
import Foundation
import XCTest

/// Inputs no one should send still give an answer, never a crash.
final class RobustnessTests: XCTestCase {
    private let messages = [
        #"{"type":"ready","isValid":true,"amountDueToday":{"amount":"50.00","currency":"USD"},"paymentScheduleChecksum":"abc"}"#,
        #"{"type":"change","isValid":false,"error":{"errorCode":"SAD","message":"I am sad"}}"#,
        #"{"type":"error","error":{"errorCode":"SAD","message":"I am sad"}}"#,
        #"{"type":"resize","size":236}"#,
    ]

    func testEveryTruncationOfAValidMessageDecodesOrFails() {
        for message in messages {
            let characters = Array(message)
            for length in 0..<characters.count {
                let truncated = String(characters[0..<length])
                let event = WidgetEvent(message: truncated)
                if case .failure = event { continue }
                // A prefix can still be a complete message only if it ends with the closing brace.
                XCTAssertTrue(truncated.hasSuffix("}"), "\(truncated) decoded as \(event)")
            }
        }
    }

    func testMessagesWithEachCharacterReplacedDecodeOrFail() {
        let replacements: [Character] = ["\"", "{", "}", ":", ",", "\\", "0", "\u{0}", "\u{FFFF}", "é"]
        var decoded = 0
        for message in messages {
            let characters = Array(message)
            for index in characters.indices {
                for replacement in replacements {
                    var mutated = characters
                    mutated[index] = replacement
                    if case .failure = WidgetEvent(message: String(mutated)) { continue }
                    decoded += 1
                }
            }
        }
        // Some mutations are harmless (inside strings), most are not; both paths must have run.
        XCTAssertGreaterThan(decoded, 0)
    }

    func testDeeplyNestedJSONIsAFailureNotACrash() {
        let nested = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        guard case .failure = WidgetEvent(message: nested) else { return XCTFail("expected a failure") }
    }

    func testBreakdownHasASentenceForEveryMerchantDeviceAndConsumer() throws {
        let merchants = [
            ("en_AU", "AUD"), ("en_CA", "CAD"), ("fr_CA", "CAD"), ("en_GB", "GBP"), ("en_NZ", "NZD"), ("en_US", "USD"),
        ]
        let people = ["en_US", "en_AU", "en_CA", "fr_CA", "en_GB", "en_NZ", "fr_FR", "de_DE", "ja_JP", "en", ""]
        let totals = ["-1", "0", "0.01", "1", "49.99", "50", "1000", "1000.01", "99999999999"]
        for (merchant, currency) in merchants {
            for device in people {
                for consumer in people {
                    let context = try Fixture.context(
                        minimum: "50", maximum: "1000", currency: currency, locale: merchant,
                        consumerLocale: consumer, device: device)
                    for total in totals {
                        let breakdown = PriceBreakdown(totalAmount: Decimal(string: total) ?? 0, context: context)
                        XCTAssertFalse(breakdown.string.isEmpty)
                        XCTAssertEqual(breakdown.string, breakdown.string.trimmingCharacters(in: .whitespaces))
                        XCTAssertFalse(breakdown.string.contains("  "), breakdown.string)
                        XCTAssertEqual(breakdown.badgePlacement == .start, !breakdown.isInRange)
                    }
                }
            }
        }
    }
}
