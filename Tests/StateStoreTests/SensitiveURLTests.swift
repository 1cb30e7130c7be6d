import Foundation
import StateStore
import XCTest

final class SensitiveURLTests: XCTestCase {
    private let checkoutURL = "https://portal.sandbox.clearpay.co.uk/checkout/?token=002.5lmerr&locale=en-GB"

    private struct Redirect: Codable, Equatable {
        var url: SensitiveURL
        var kind: String
    }

    func testEncodesTheURLWithTheSecretQueryValuesRedacted() throws {
        let data = try JSONEncoder().encode(Redirect(url: SensitiveURL(checkoutURL), kind: "redirect"))
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertFalse(text.contains("5lmerr"), text)
        XCTAssertTrue(
            text.contains(#"portal.sandbox.clearpay.co.uk\/checkout\/?token=[REDACTED]&locale=en-GB"#), text)
    }

    func testKeepsTheWholeURLInMemory() {
        let url = SensitiveURL(checkoutURL)
        XCTAssertEqual(url.value, checkoutURL)
        XCTAssertFalse(url.isRedacted)
        XCTAssertTrue(url.carriesSecrets)
        XCTAssertEqual(
            url.redactedString, "https://portal.sandbox.clearpay.co.uk/checkout/?token=[REDACTED]&locale=en-GB")
    }

    func testDescriptionDebugDescriptionAndDumpShowOnlyTheRedactedURL() {
        let redirect = Redirect(url: SensitiveURL(checkoutURL), kind: "redirect")
        var dumped = ""
        dump(redirect, to: &dumped)
        for text in [String(describing: redirect), String(reflecting: redirect), dumped, "\(redirect.url)"] {
            XCTAssertFalse(text.contains("5lmerr"), text)
        }
        XCTAssertTrue(String(describing: redirect).contains("token=[REDACTED]"))
    }

    func testDecodedFromALogTheURLIsRedactedAndEncodesTheSame() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(Redirect(url: SensitiveURL(checkoutURL), kind: "redirect"))
        let decoded = try JSONDecoder().decode(Redirect.self, from: data)
        XCTAssertTrue(decoded.url.isRedacted)
        XCTAssertNil(decoded.url.value)
        XCTAssertEqual(decoded.url.redactedString, SensitiveURL(checkoutURL).redactedString)
        XCTAssertNotEqual(decoded.url, SensitiveURL(checkoutURL))
        XCTAssertEqual(try encoder.encode(decoded), data, "a replayed URL encodes as the recorded one")
    }

    func testAURLWithoutSecretsReadsBackWhole() throws {
        let plain = SensitiveURL("https://3ds.example/challenge?paymentId=sandbox-payment-1")
        XCTAssertFalse(plain.carriesSecrets)
        XCTAssertEqual(plain.redactedString, plain.value)
        let decoded = try JSONDecoder().decode(SensitiveURL.self, from: try JSONEncoder().encode(plain))
        XCTAssertEqual(decoded, plain)
        XCTAssertFalse(decoded.isRedacted)
    }

    func testAWholeURLFromAnOlderLogOrAProviderResponseKeepsItsSecret() throws {
        let decoded = try JSONDecoder().decode(SensitiveURL.self, from: Data(#""\#(checkoutURL)""#.utf8))
        XCTAssertEqual(decoded, SensitiveURL(checkoutURL))
        XCTAssertEqual(decoded.value, checkoutURL)
        let marker = try JSONDecoder().decode(SensitiveURL.self, from: Data(#""[REDACTED]""#.utf8))
        XCTAssertTrue(marker.isRedacted, "a URL an older log redacted whole")
        XCTAssertEqual(marker.redactedString, "[REDACTED]")
    }

    func testRedactsEverySecretBearingKeyInTheQueryAndTheFragment() {
        let cases: [(String, String)] = [
            ("https://a.example/p?sessionData=Ab02&x=1", "https://a.example/p?sessionData=[REDACTED]&x=1"),
            (
                "https://a.example/p?session_id=cs_1;sessionId=2",
                "https://a.example/p?session_id=[REDACTED];sessionId=[REDACTED]"
            ),
            (
                "https://a.example/p?clientKey=test_K&nonce=n1",
                "https://a.example/p?clientKey=[REDACTED]&nonce=[REDACTED]"
            ),
            (
                "https://a.example/p?access_token=t&Authorization=Bearer%20x",
                "https://a.example/p?access_token=[REDACTED]&Authorization=[REDACTED]"
            ),
            ("myapp://return?status=SUCCESS&orderToken=002.x", "myapp://return?status=SUCCESS&orderToken=[REDACTED]"),
            (
                "myapp://adyen?redirectResult=X3X&RETURNMAC=m",
                "myapp://adyen?redirectResult=[REDACTED]&RETURNMAC=[REDACTED]"
            ),
            (
                "https://a.example/p?payment_method_nonce=n&client%5Fsecret=s",
                "https://a.example/p?payment_method_nonce=[REDACTED]&client%5Fsecret=[REDACTED]"
            ),
            // Any key naming a token is redacted, `token_type` too: too much beats too little.
            (
                "https://a.example/cb#access_token=t&token_type=bearer&state=s",
                "https://a.example/cb#access_token=[REDACTED]&token_type=[REDACTED]&state=s"
            ),
            ("https://a.example/#/return?token=t", "https://a.example/#/return?token=[REDACTED]"),
            ("https://user:pa55@a.example/p", "https://user:[REDACTED]@a.example/p"),
            ("https://ghp_token@a.example/p", "https://[REDACTED]@a.example/p"),
            ("https://a.example/p?token=&page=2#top", "https://a.example/p?token=&page=2#top"),
            (
                "https://a.example/p?orderNo=PARSE-2002&cart=cart-1",
                "https://a.example/p?orderNo=PARSE-2002&cart=cart-1"
            ),
        ]
        for (url, expected) in cases {
            XCTAssertEqual(SensitiveURL(url).redactedString, expected, url)
            XCTAssertEqual(SensitiveURL(expected).redactedString, expected, "redacting twice changes nothing: \(url)")
        }
    }

    func testTheSecretKeyRules() {
        for key in [
            "token", "orderToken", "sessionData", "session_id", "SessionId", "clientKey", "nonce", "access_token",
            "authorization", "Authorization", "client_secret", "RETURNMAC", "MD", "PaRes", "cres", "redirectResult",
            "threeDSResult", "payload", "code", "api-key", "password", "clientSessionId", "jwt", "sig",
        ] {
            XCTAssertTrue(SensitiveURL.isSecretQueryKey(key), key)
        }
        for key in ["orderNo", "cart", "status", "locale", "paymentId", "page", "utm_source", "", "x"] {
            XCTAssertFalse(SensitiveURL.isSecretQueryKey(key), key)
        }
    }

    func testARevealingEncoderWritesTheSecretsForAProviderPayload() throws {
        struct Payload: Encodable {
            var url: SensitiveURL
            var token: Sensitive<String>
            var unknown: Sensitive<String>
        }
        let payload = Payload(url: SensitiveURL(checkoutURL), token: Sensitive("t-1"), unknown: .redacted)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        XCTAssertEqual(
            String(decoding: try encoder.encode(payload), as: UTF8.self),
            #"{"token":"[REDACTED]","unknown":"[REDACTED]","url":"https://portal.sandbox.clearpay.co.uk/checkout/?token=[REDACTED]&locale=en-GB"}"#
        )
        encoder.userInfo[.revealsSensitiveValues] = true
        XCTAssertEqual(
            String(decoding: try encoder.encode(payload), as: UTF8.self),
            #"{"token":"t-1","unknown":"[REDACTED]","url":"\#(checkoutURL)"}"#)
    }

    func testAStringLiteralIsAURL() {
        let url: SensitiveURL = "https://a.example/p?token=t"
        XCTAssertEqual(url, SensitiveURL("https://a.example/p?token=t"))
    }
}
