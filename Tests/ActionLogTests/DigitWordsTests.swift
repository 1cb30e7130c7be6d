import Foundation
import XCTest

@testable import ActionLog

/// `DigitWords.integer` reads a record's time eight digits at a time; it must read exactly what
/// `JSONTape.integer` reads, and read every integer of 8 to 16 digits (else the fast path is
/// never taken), whatever the bytes around it.
final class DigitWordsTests: XCTestCase {
    /// The general reading, as `RecordParser` used it for every line before.
    private func general(_ text: [UInt8]) -> Int64? {
        text.withUnsafeBytes { raw in
            guard case .value(let value) = JSONTape.integer(raw, as: Int64.self) else { return nil }
            return value
        }
    }

    /// `text` read with `DigitWords.integer`, placed at `offset` in a buffer whose other bytes
    /// are `filler` (a read outside the text would see them).
    private func words(_ text: [UInt8], offset: Int = 0, filler: UInt8 = UInt8(ascii: "7")) -> Int64? {
        var buffer = [UInt8](repeating: filler, count: offset + text.count + 16)
        buffer.replaceSubrange(offset..<offset + text.count, with: text)
        return buffer.withUnsafeBytes { raw in
            DigitWords.integer(UnsafeRawBufferPointer(rebasing: raw[offset..<offset + text.count]))
        }
    }

    /// Checks one text: the same value as the general reading whenever the fast one reads one,
    /// and a value for every integer of 8 to 16 digits.
    private func check(_ text: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let expected = general(text)
        let digits = text.first == UInt8(ascii: "-") ? text.count - 1 : text.count
        for offset in [0, 1, 3, 7] {
            for filler in [UInt8(ascii: "7"), UInt8(ascii: "-"), 0, 0xFF] {
                let found = words(text, offset: offset, filler: filler)
                let name = String(decoding: text, as: UTF8.self)
                if let found {
                    XCTAssertEqual(found, expected, "\(name) at \(offset)", file: file, line: line)
                } else if (8...16).contains(digits) {
                    XCTAssertNil(expected, "\(name): an integer the fast path does not read", file: file, line: line)
                }
            }
        }
    }

    func testEveryLengthOfDigitsReadsAsTheGeneralReadingReadsIt() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...20 {
            for _ in 0..<40 {
                let digits = (0..<length).map { _ in UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &generator) }
                check(digits)
                check([UInt8(ascii: "-")] + digits)
            }
        }
    }

    func testTheExtremesOfEachLengthReadExactly() {
        for length in 8...16 {
            for digit in ["0", "1", "9"] {
                let text = Array(String(repeating: digit, count: length).utf8)
                check(text)
                check(Array("-".utf8) + text)
            }
            check(Array(("1" + String(repeating: "0", count: length - 1)).utf8))
        }
        XCTAssertEqual(words(Array("1700000000123".utf8)), 1_700_000_000_123)
        XCTAssertEqual(words(Array("-1700000000123".utf8)), -1_700_000_000_123)
        XCTAssertEqual(words(Array("9999999999999999".utf8)), 9_999_999_999_999_999)
        XCTAssertEqual(words(Array("00000001".utf8)), 1)
    }

    func testAnyByteThatIsNotADigitIsRefusedWherePlaced() {
        let hostile: [UInt8] = [
            0x00, 0x2F, 0x3A, 0x3F, 0x40, 0x2E, 0x65, 0x45, 0x2B, 0x2D, 0x20, 0x80, 0xB0, 0xFF, 0x36 | 0x80,
        ]
        for length in 8...16 {
            let digits = Array("1234567890123456".utf8.prefix(length))
            for position in 0..<length {
                for byte in hostile {
                    var text = digits
                    text[position] = byte
                    check(text)
                    check([UInt8(ascii: "-")] + text)
                    if position > 0 || byte != UInt8(ascii: "-") {
                        XCTAssertNil(words(text), "byte \(byte) at \(position) of \(length)")
                    }
                }
            }
        }
    }

    func testEveryRecordTimeInTheExampleLogsReadsAsBefore() throws {
        let logs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Logs")
        let files = try FileManager.default.contentsOfDirectory(at: logs, includingPropertiesForKeys: nil)
        var times = 0
        for file in files where file.pathExtension == "jsonl" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let range = line.range(of: "\"t\":") else { continue }
                let number = line[range.upperBound...].prefix { $0 == "-" || $0.isNumber }
                check(Array(number.utf8))
                times += 1
            }
        }
        XCTAssertGreaterThan(times, 0, "no example log found in \(logs.path)")
    }
}
