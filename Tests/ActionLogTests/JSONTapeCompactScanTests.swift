import Foundation
import StateStore
import StoreTestSupport
import XCTest

@testable import ActionLog

/// `JSONTape.parse` first tries `CompactScanner` (text as the log writes it) and runs the general
/// scanner only when it declines: whatever the text, the tape must end as the general scanner
/// alone leaves it (the same tokens, or the same error), and a log line must take the fast path.
final class JSONTapeCompactScanTests: XCTestCase {
    /// Every line of every example log (headers, records, footers).
    private func exampleLines() throws -> [[UInt8]] {
        let logs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Logs")
        let names = try FileManager.default.contentsOfDirectory(atPath: logs.path).filter { $0.hasSuffix(".jsonl") }
        XCTAssertFalse(names.isEmpty, "the example logs are found")
        var lines: [[UInt8]] = []
        for name in names.sorted() {
            let data = try Data(contentsOf: logs.appendingPathComponent(name))
            lines += data.split(separator: UInt8(ascii: "\n")).map { Array($0) }
        }
        return lines
    }

    /// A tape's tokens as numbers: start, kind and length, next.
    private func tokens(of tape: JSONTape) -> [[Int64]] {
        tape.withTokens { tokens in
            tokens.map { [Int64($0.start), Int64($0.kindAndLengthWord), Int64($0.next)] }
        }
    }

    /// The general scanner's reading of `bytes`: its tokens or its error.
    private func generalReading(_ bytes: [UInt8]) -> Result<[[Int64]], JSONParseError> {
        var tape = JSONTape()
        return bytes.withUnsafeBytes { raw in
            do throws(JSONParseError) {
                try tape.parseGenerally(raw)
                return .success(tokens(of: tape))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Reads `bytes` through `parse` (compact scanner first) with a tape that has already read
    /// `previous` (so stale tokens would show), requires the general scanner's answer, and says
    /// whether the compact scanner took the text.
    @discardableResult
    private func assertSameReading(
        _ bytes: [UInt8], after previous: [UInt8] = Array(#"{"stale":[1,2,3,{"x":null}]}"#.utf8), _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Bool {
        let expected = generalReading(bytes)
        var tape = JSONTape()
        previous.withUnsafeBytes { _ = tape.parseCompact($0) }
        let compact = bytes.withUnsafeBytes { tape.parseCompact($0) }
        if compact {
            XCTAssertEqual(
                (try? expected.get()) ?? [], tokens(of: tape),
                "\(what): the compact scanner's tokens differ: \(String(decoding: bytes, as: UTF8.self))",
                file: file, line: line)
            if case .failure(let error) = expected {
                XCTFail(
                    "\(what): the compact scanner took a text the general one refuses (\(error)): "
                        + String(decoding: bytes, as: UTF8.self), file: file, line: line)
            }
        }
        var parsed = JSONTape()
        previous.withUnsafeBytes { _ = try? parsed.parse($0) }
        let reading: Result<[[Int64]], JSONParseError> = bytes.withUnsafeBytes { raw in
            do throws(JSONParseError) {
                try parsed.parse(raw)
                return .success(tokens(of: parsed))
            } catch {
                return .failure(error)
            }
        }
        XCTAssertEqual(
            reading, expected,
            "\(what): parse differs from the general scanner: "
                + String(decoding: bytes, as: UTF8.self), file: file, line: line)
        return compact
    }

    func testTheCompactScannerTakesEveryExampleLogLineWithTheGeneralScannersTokens() throws {
        let lines = try exampleLines()
        for (number, line) in lines.enumerated() {
            XCTAssertTrue(assertSameReading(line, "line \(number)"), "line \(number) takes the compact path")
        }
    }

    func testDamagedLogLinesReadAsTheGeneralScannerReadsThem() throws {
        let replacements = Array("{}[],:\" \t\n0-9.eEtfnul+\\x\u{01}\u{7F}".utf8) + [0x80, 0xC3, 0xE9, 0xFF, 0x00]
        var generator = SplitMix64(seed: 2026)
        for (number, original) in try exampleLines().enumerated() {
            // Torn: cut at every length.
            for length in 0..<original.count {
                assertSameReading(Array(original[..<length]), "line \(number) cut at \(length)")
            }
            for round in 0..<12 {
                var bytes = original
                for _ in 0...(round % 3) {
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0:
                        bytes[Int.random(in: 0..<bytes.count, using: &generator)] =
                            replacements[Int.random(in: 0..<replacements.count, using: &generator)]
                    case 1:
                        bytes.insert(
                            replacements[Int.random(in: 0..<replacements.count, using: &generator)],
                            at: Int.random(in: 0...bytes.count, using: &generator))
                    case 2:
                        if bytes.count > 1 { bytes.remove(at: Int.random(in: 0..<bytes.count, using: &generator)) }
                    default:
                        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                            in: 0...255, using: &generator)
                    }
                }
                assertSameReading(bytes, "line \(number), damage round \(round)")
            }
        }
    }

    func testScalarsLiteralsNumbersAndNestingReadAsTheGeneralScannerReadsThem() {
        let texts = [
            "", " ", "1", "-", "-0", "01", "0.", "0.5", "1e", "1e+", "1E-7", "-12.5e+30", "1.e3", "2x", "true",
            "tru", "truex", "false", "fals", "falsy", "null", "nul", "nulll", "\"\"", "\"a\"", "\"a", "\"\\\"\"",
            "\"\\\"", "\"\\u00e9\\n\"", "\"é😀\"", "{}", "[]", "{]", "[}", "{,}", "[,]", "[1,]", "{\"a\":1,}",
            "{\"a\"}", "{\"a\":}", "{\"a\" :1}", "{\"a\":1 }", "[ 1]", "[1 ,2]", "{1:2}", "[[],{},[[]],{\"a\":{}}]",
            "[true,false,null,-0.0e0,\"x\"]", "{\"a\":[1,{\"b\":[null]}],\"c\":\"d\"}", "[1]x", "[1] ", " [1]",
            "[1]\n", "{\"a\":1}}", "[\"\u{01}\"]", "[\"\t\"]", "{\"\":\"\"}",
        ]
        for text in texts { assertSameReading(Array(text.utf8), "text \(text.debugDescription)") }
        // Nesting either side of the compact scanner's depth and of the general scanner's limit.
        for depth in [1, 2, 63, 64, 65, 66, 255, 256, 257, 300] {
            for inner in ["", "1", "{\"a\":[]}"] {
                let arrays = String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth)
                let took = assertSameReading(Array(arrays.utf8), "\(depth) arrays around \(inner)")
                let innerDepth = inner.hasPrefix("{") ? 2 : 0
                XCTAssertEqual(
                    took, depth + innerDepth <= CompactScanner.maximumDepth, "\(depth) arrays around \(inner)")
                let objects =
                    String(repeating: "{\"k\":", count: depth) + (inner.isEmpty ? "0" : inner)
                    + String(repeating: "}", count: depth)
                assertSameReading(Array(objects.utf8), "\(depth) objects around \(inner)")
                assertSameReading(Array(arrays.utf8.dropLast()), "\(depth) arrays, one unclosed")
            }
        }
    }

    /// Random values written compactly (escapes, unicode, every kind, nesting): the compact
    /// scanner takes each, with the general scanner's tokens; whitespace put in sends it to the
    /// general scanner, which reads it as before.
    func testRandomCompactValuesTakeTheCompactPath() {
        var generator = SplitMix64(seed: 14)
        let pieces = ["a", "Z", "0", " ", "é", "😀", "\\\"", "\\\\", "\\n", "\\u0041", "\\/", "~", "\u{7F}"]
        func string() -> String {
            let count = Int.random(in: 0..<24, using: &generator)
            return "\"" + (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined()
                + "\""
        }
        func value(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 5 ? 6 : 8), using: &generator) {
            case 0: return string()
            case 1:
                return String(
                    Int64.random(in: .min ... .max, using: &generator) >> Int64.random(in: 0..<63, using: &generator))
            case 2: return String(Double.random(in: -1e6...1e6, using: &generator))
            case 3: return ["true", "false", "null"][Int.random(in: 0..<3, using: &generator)]
            case 4: return "0"
            case 5: return "-1.25e-7"
            case 6:
                return "["
                    + (0..<Int.random(in: 0..<5, using: &generator)).map { _ in value(depth + 1) }
                    .joined(separator: ",") + "]"
            default:
                return "{"
                    + (0..<Int.random(in: 0..<5, using: &generator)).map { _ in string() + ":" + value(depth + 1) }
                    .joined(separator: ",") + "}"
            }
        }
        for round in 0..<3_000 {
            let text = Array(value(0).utf8)
            XCTAssertTrue(assertSameReading(text, "value \(round)"), "value \(round) takes the compact path")
            if text.count > 1 {
                var spaced = text
                spaced.insert(0x20, at: Int.random(in: 0...text.count, using: &generator))
                assertSameReading(spaced, "value \(round) with a space")
            }
        }
    }

    /// The compact scanner stops a word at any byte below 0x23 or a backslash and looks at the
    /// byte: each byte either side of those lines, and with the high bit set, at every offset of
    /// strings of every length to 20, at every alignment, alone, after a space (a stop that is
    /// passed over) and before a quote in the same word, reads as the general scanner reads it,
    /// and through the compact path whenever it is valid.
    func testStringsWithEveryByteNearTheStopsReadAsTheGeneralScannerReadsThem() {
        let bytes: [UInt8] = [
            0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x24, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA0, 0xA1, 0xA2, 0xA3, 0xDC,
            0xFE, 0xFF,
        ]
        for length in 0...20 {
            for byte in bytes {
                for offset in 0...length {
                    for pattern in [[byte], [0x20, byte], [byte, 0x22], [0x21, byte, 0x20], [0x5C, byte]] {
                        var body = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                        body.insert(contentsOf: pattern, at: offset)
                        for alignment in 0..<8 {
                            let before =
                                Array(#"{"k":""#.utf8) + [UInt8](repeating: 0x62, count: alignment)
                                + Array(#"",""#.utf8)
                            let text = before + body + Array(#"":[1]}"#.utf8)
                            let what = "\(pattern) at \(offset) of \(length), aligned \(alignment)"
                            // No whitespace between tokens: the compact path takes every valid text.
                            let valid = (try? generalReading(text).get()) != nil
                            XCTAssertEqual(assertSameReading(text, what), valid, what)
                        }
                    }
                }
            }
        }
    }

    /// The compact scanner reads runs of digits eight at a time: integers, fractions and
    /// exponents of every length to 20 digits, followed by every byte value, at every alignment,
    /// at the end of the text and before more, read as the general scanner reads them (and
    /// through the compact path whenever valid without whitespace).
    func testNumbersOfEveryLengthBeforeEveryByteReadAsTheGeneralScannerReadsThem() {
        var generator = SplitMix64(seed: 1_000)
        for length in 1...20 {
            let digits = String(
                (0..<length).map { index in
                    Character(
                        String(
                            index == 0
                                ? Int.random(in: 1...9, using: &generator) : Int.random(in: 0...9, using: &generator)))
                })
            for number in [digits, "-" + digits, "0." + digits, "1e" + digits, "-2.5E+" + digits] {
                for byte in UInt8.min...UInt8.max {
                    for alignment in 0..<8 {
                        let before =
                            Array(#"{"k":""#.utf8) + [UInt8](repeating: 0x62, count: alignment)
                            + Array(#"","n":["#.utf8)
                        let text = before + Array(number.utf8) + [byte] + Array("]}".utf8)
                        let what = "\(number) before \(byte), aligned \(alignment)"
                        // Whitespace after the number is valid, but not compact.
                        let compact =
                            (try? generalReading(text).get()) != nil && ![0x09, 0x0A, 0x0D, 0x20].contains(byte)
                        XCTAssertEqual(assertSameReading(text, what), compact, what)
                        if byte == 0x5D { assertSameReading(Array(number.utf8), "\(number) alone") }
                    }
                }
            }
        }
    }
}
