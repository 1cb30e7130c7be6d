import XCTest

@testable import StateStore

/// `SensitiveURL` redacts ASCII text over its bytes (`ASCIIRedaction`), anything else over
/// `Character`s: the two must agree on every ASCII text.
final class SensitiveURLBytesTests: XCTestCase {
    /// A seeded generator (SplitMix64), so a failure names a text that fails again.
    private struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Pieces URLs are made of, the separators and the secret keys' awkward spellings among them.
    private let pieces = [
        "https://", "myapp://", "://", ":", "/", "?", "#", "&", ";", "=", "@", "%", "%5F", "%5B", "%5bredacted%5d",
        "%5BREDACTED%5D", "[REDACTED]", "token", "Token", "order_Token", "session-id", "code", "MD", "x", "page",
        "a.example", "user", "pa55", "\r\n", " ", "", "KEY", "client%5Fsecret", "api.key", "%4", "%zz", "0",
    ]

    func testTheByteRedactionMatchesTheCharacterRedactionOnASCIIText() {
        var generator = SeededGenerator(state: 17)
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...12, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
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
