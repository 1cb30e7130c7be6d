import Foundation
import StateStore
import StoreTestSupport
import XCTest

@testable import ActionLog

/// The tape scanner looks for each separator where a log line has it (no whitespace) and takes a
/// slower path for anything else: these tests read real log lines, with whitespace put anywhere
/// and with bytes changed, through the tape and through the tree parser, and require the same
/// answer from both.
final class JSONTapePropertyTests: XCTestCase {
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

    /// The tape's reading of `bytes`: its value (through `JSONTapeDecoder`), or its error.
    private func tapeReading(_ bytes: [UInt8]) -> Result<JSONValue, JSONParseError> {
        var tape = JSONTape()
        return bytes.withUnsafeBytes { raw in
            do throws(JSONParseError) {
                try tape.parse(raw)
            } catch {
                return .failure(error)
            }
            do {
                return .success(try JSONTapeDecoder.decode(JSONValue.self, tape: tape, bytes: raw))
            } catch {
                return .failure(JSONParseError(offset: -1, reason: "the tape parsed but did not decode: \(error)"))
            }
        }
    }

    /// The tape and the tree parser agree on `bytes`: the same value, or both refuse it, at the
    /// same offset when the text has no backslash (the tape checks escapes only when a string is
    /// read, so it names a bad escape later, and elsewhere, than the tree parser).
    private func assertAgree(_ bytes: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let tree = Result { try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) } }
        switch (tree, tapeReading(bytes)) {
        case (.success(let expected), .success(let read)):
            XCTAssertEqual(read, expected, "\(what): \(String(decoding: bytes, as: UTF8.self))", file: file, line: line)
        case (.failure(let error), .failure(let tapeError)):
            guard !bytes.contains(UInt8(ascii: "\\")) else { return }
            XCTAssertEqual(
                tapeError.offset, (error as? JSONParseError)?.offset,
                "\(what): the tape refused at another offset (\(tapeError), tree: \(error)): "
                    + String(decoding: bytes, as: UTF8.self), file: file, line: line)
        case (.success, .failure(let tapeError)):
            XCTFail(
                "\(what): the tape refused (\(tapeError)) " + String(decoding: bytes, as: UTF8.self), file: file,
                line: line)
        case (.failure(let error), .success):
            XCTFail(
                "\(what): the tape accepted what the tree refused (\(error)) " + String(decoding: bytes, as: UTF8.self),
                file: file, line: line)
        }
    }

    func testTheTapeReadsLogLinesWithWhitespaceAnywhereAsTheTreeParserDoes() throws {
        let whitespace: [UInt8] = [0x20, 0x0A, 0x0D, 0x09]
        var generator = SplitMix64(seed: 17)
        for (number, original) in try exampleLines().enumerated() {
            assertAgree(original, "line \(number)")
            for round in 0..<4 {
                var bytes = original
                // Whitespace runs at random places: between tokens it is skipped, inside strings
                // it is text (raw control characters there are refused by both).
                for _ in 0..<(1 + round * 3) {
                    let at = Int.random(in: 0...bytes.count, using: &generator)
                    let run = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                        whitespace[Int.random(in: 0..<whitespace.count, using: &generator)]
                    }
                    bytes.insert(contentsOf: run, at: at)
                }
                assertAgree(bytes, "line \(number), whitespace round \(round)")
            }
        }
    }

    func testTheTapeRefusesDamagedLogLinesWhereTheTreeParserDoes() throws {
        let replacements = Array("{}[],:\" \t\n0-9.eEtfnul\\x\u{01}".utf8)
        var generator = SplitMix64(seed: 1917)
        for (number, original) in try exampleLines().enumerated() {
            for round in 0..<6 {
                var bytes = original
                switch round % 3 {
                case 0:
                    // A byte changed.
                    let at = Int.random(in: 0..<bytes.count, using: &generator)
                    bytes[at] = replacements[Int.random(in: 0..<replacements.count, using: &generator)]
                case 1:
                    // Cut short.
                    bytes.removeLast(Int.random(in: 1...bytes.count, using: &generator))
                default:
                    // A byte removed.
                    bytes.remove(at: Int.random(in: 0..<bytes.count, using: &generator))
                }
                assertAgree(bytes, "line \(number), damage round \(round)")
            }
        }
    }

    /// The scanner reads a string eight bytes at a time while eight remain, then byte by byte: a
    /// quote, a backslash (with the byte it escapes) or a control byte at every offset 0–16 of
    /// strings of every length to 24, the string starting at every alignment of a word, closed,
    /// followed by more text or cut off where the text ends, read as the tree parser reads them
    /// (values, or refusals at the same offset). The bytes either side of the control range
    /// (0x1F, 0x20), DEL and multi-byte characters sit there too: only the first is special.
    func testStringsReadAlikeWhateverOffsetTheirSpecialBytesFallAt() {
        let specials: [[UInt8]] = [
            [0x22], [0x5C, 0x22], [0x5C, 0x5C], [0x5C, 0x6E], Array(#"\u00e9"#.utf8), [0x5C], [0x00], [0x01],
            [0x1F], [0x20], [0x7F], Array("\u{E9}".utf8), Array("\u{1F600}".utf8), [0x0A],
        ]
        for length in 0...24 {
            for special in specials {
                for offset in 0...min(16, length) {
                    var body = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    body.insert(contentsOf: special, at: offset)
                    let string = [UInt8(ascii: "\"")] + body + [UInt8(ascii: "\"")]
                    for alignment in 0..<8 {
                        // A member before the string moves it across the word boundaries.
                        let before =
                            Array(#"{"k":""#.utf8) + [UInt8](repeating: UInt8(ascii: "b"), count: alignment)
                            + Array(#"","s":"#.utf8)
                        let what = "special \(special) at \(offset) of \(length), aligned \(alignment)"
                        assertAgree(before + string + Array("}".utf8), what)
                        assertAgree(before + string + Array(#","t":[1,"x"]}"#.utf8), what + ", more after")
                        // Cut off: the last bytes are scanned one at a time, and may end mid-string.
                        for cut in 1...min(9, string.count) {
                            assertAgree(before + string.dropLast(cut), what + ", cut \(cut)")
                        }
                    }
                    assertAgree(string, "special \(special) at \(offset) of \(length), the whole text")
                }
            }
        }
    }
}

/// Integers are read with a per-digit overflow check only past 18 digits (fewer always fit 64
/// bits): the answers are the same on both sides of that line.
final class JSONTapeIntegerTests: XCTestCase {
    private func read<I: FixedWidthInteger>(_ text: String, as type: I.Type) -> String {
        Array(text.utf8).withUnsafeBytes { raw in
            switch JSONTape.integer(raw, as: type) {
            case .value(let value): return "\(value)"
            case .noDigits: return "noDigits"
            case .notAnInteger: return "notAnInteger"
            case .overflow: return "overflow"
            }
        }
    }

    func testIntegersReadTheSameAtEveryLengthAndSign() {
        let cases: [(String, String, String)] = [
            // text, as Int64, as UInt64
            ("0", "0", "0"), ("-0", "0", "0"), ("-", "noDigits", "noDigits"), ("", "noDigits", "noDigits"),
            ("123456789012345678", "123456789012345678", "123456789012345678"),
            ("-123456789012345678", "-123456789012345678", "overflow"),
            ("1234567890123456789", "1234567890123456789", "1234567890123456789"),
            ("9223372036854775807", "9223372036854775807", "9223372036854775807"),
            ("9223372036854775808", "overflow", "9223372036854775808"),
            ("-9223372036854775808", "-9223372036854775808", "overflow"),
            ("18446744073709551615", "overflow", "18446744073709551615"),
            ("18446744073709551616", "overflow", "overflow"),
            ("12a", "notAnInteger", "notAnInteger"), ("1.5", "notAnInteger", "notAnInteger"),
            ("-5x", "notAnInteger", "overflow"), ("-0x", "notAnInteger", "notAnInteger"),
            ("1e3", "notAnInteger", "notAnInteger"), ("--1", "notAnInteger", "notAnInteger"),
            ("99999999999999999999x", "overflow", "overflow"),
        ]
        for (text, signed, unsigned) in cases {
            XCTAssertEqual(read(text, as: Int64.self), signed, "\(text) as Int64")
            XCTAssertEqual(read(text, as: Int.self), signed, "\(text) as Int")
            XCTAssertEqual(read(text, as: UInt64.self), unsigned, "\(text) as UInt64")
        }
        // Narrower types keep the per-digit check: overflow is said before a later non-digit.
        XCTAssertEqual(read("300x", as: Int8.self), "overflow")
        XCTAssertEqual(read("-129", as: Int8.self), "overflow")
        XCTAssertEqual(read("-128", as: Int8.self), "-128")

        var generator = SplitMix64(seed: 64)
        for _ in 0..<2_000 {
            let value =
                Int64.random(in: .min ... .max, using: &generator) >> UInt64.random(in: 0..<64, using: &generator)
            XCTAssertEqual(read(String(value), as: Int64.self), String(value))
            let unsigned =
                UInt64.random(in: 0 ... .max, using: &generator) >> UInt64.random(in: 0..<64, using: &generator)
            XCTAssertEqual(read(String(unsigned), as: UInt64.self), String(unsigned))
        }
    }
}
