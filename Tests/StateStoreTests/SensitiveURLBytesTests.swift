import XCTest

@testable import StateStore

/// `SensitiveURL` redacts ASCII text over its bytes (`ASCIIRedaction`), anything else over
/// `Character`s: the two must agree on every ASCII text.
final class SensitiveURLBytesTests: XCTestCase {
    /// Pieces URLs are made of, the separators and the secret keys' awkward spellings among them.
    private let pieces = [
        "https://", "myapp://", "://", ":", "/", "?", "#", "&", ";", "=", "@", "%", "%5F", "%5B", "%5bredacted%5d",
        "%5BREDACTED%5D", "[REDACTED]", "token", "Token", "order_Token", "session-id", "code", "MD", "x", "page",
        "a.example", "user", "pa55", "\r\n", " ", "", "KEY", "client%5Fsecret", "api.key", "%4", "%zz", "0",
    ]

    func testTheByteRedactionMatchesTheCharacterRedactionOnASCIIText() {
        // Texts from a fixed sequence (a linear congruential step), so a failure names a text
        // that fails again.
        var state: UInt64 = 17
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20_000 {
            let text = (0..<next(13)).map { _ in pieces[next(pieces.count)] }.joined()
            guard let bytes = ASCIIRedaction.redact(text) else { return XCTFail("\(text) is ASCII") }
            let characters = SensitiveURL.redactCharacters(text)
            XCTAssertEqual(bytes.text, characters.text, text)
            XCTAssertEqual(bytes.readBackRedacted, characters.readBackRedacted, text)
        }
    }

    func testTextThatIsNotASCIITakesTheCharacterPath() {
        XCTAssertNil(ASCIIRedaction.redact("https://a.example/p?\u{212A}ey=v"))
        // U+212A KELVIN SIGN lower-cases to "k": the key reads as `key`, a secret.
        XCTAssertEqual(
            SensitiveURL("https://a.example/p?\u{212A}ey=v").redactedString, "https://a.example/p?\u{212A}ey=[REDACTED]"
        )
        XCTAssertEqual(
            SensitiveURL("https://a.example/p?%E2%84%AAey=v").redactedString,
            "https://a.example/p?%E2%84%AAey=[REDACTED]")
    }

    func testAURLWithoutSecretsComesBackAsTheSameText() {
        let text = "https://a.example/p?orderNo=1&cart=2#top"
        XCTAssertEqual(SensitiveURL(text).redactedString, text)
        XCTAssertEqual(SensitiveURL(logged: text).value, text)
    }
}
