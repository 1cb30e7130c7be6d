import XCTest

@testable import Worldline

/// Invariants of the mask algorithm over many generated inputs (a fixed seed, so every run checks
/// the same cases and a failure reproduces).
final class StringFormatterPropertyTests: XCTestCase {
    /// A small deterministic generator (SplitMix64).
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

    private let formatter = StringFormatter()
    private let masks = [
        "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}", "{{99}}/{{99}}", "{{9999}}", "{{AA}}-{{aa}} {{**}}",
    ]

    private func input(_ generator: inout SeededGenerator) -> String {
        let alphabet = Array("0123456789 /-abcXYZ*")
        let length = Int.random(in: 0...24, using: &generator)
        return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    func testFormattingIsIdempotentAndTheCursorStaysInTheText() {
        var generator = SeededGenerator(state: 20_261_121)
        for _ in 0..<3000 {
            let mask = masks[Int.random(in: 0..<masks.count, using: &generator)]
            let raw = input(&generator)
            let cursor = Int.random(in: 0...raw.count, using: &generator)
            let result = formatter.formatString(raw, mask: mask, cursorPosition: cursor)
            XCTAssertEqual(
                formatter.formatString(result.formatted, mask: mask), result.formatted, "\(raw) with \(mask)")
            XCTAssertTrue(
                (0...result.formatted.count).contains(result.cursorPosition), "\(raw) cursor \(cursor) with \(mask)")
            XCTAssertEqual(
                formatter.unformatString(result.formatted, mask: mask), formatter.unformatString(raw, mask: mask),
                "\(raw) with \(mask)")
        }
    }

    func testDigitsSurviveTheCardMaskUpToItsLength() {
        var generator = SeededGenerator(state: 4_111_111_111)
        let mask = masks[0]
        for _ in 0..<1000 {
            let length = Int.random(in: 0...25, using: &generator)
            let digits = String((0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            XCTAssertEqual(
                formatter.unformatString(formatter.formatString(digits, mask: mask), mask: mask),
                String(digits.prefix(19)))
        }
    }
}
