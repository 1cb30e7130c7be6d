import Foundation
import StoreTestSupport
import XCTest

@testable import ActionLog

/// The checksum is part of the log format: `LineChecksum.compute` (four words a round, the tail
/// read as one word) must give what the format's definition gives, word by word and byte by byte,
/// for every length and every alignment of the bytes.
final class LineChecksumTests: XCTestCase {
    /// The format's definition, written plainly: little-endian words, the tail zero-padded, each
    /// mixed into a hash seeded with the length, then `fmix64` and a fold to 32 bits.
    private func definition(_ bytes: [UInt8]) -> UInt32 {
        func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
            var k = word &* 0x87C3_7B91_1142_53D5
            k = (k << 31) | (k >> 33)
            k &*= 0x4CF5_AD43_2745_937F
            var h = hash ^ k
            h = (h << 27) | (h >> 37)
            return h &* 5 &+ 0x52DC_E729
        }
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var offset = 0
        while offset < bytes.count {
            var word: UInt64 = 0
            for index in offset..<min(offset + 8, bytes.count) {
                word |= UInt64(bytes[index]) << (8 * UInt64(index - offset))
            }
            hash = mix(hash, word)
            offset += 8
        }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        hash &*= 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    func testTheChecksumIsTheFormatsDefinitionAtEveryLengthAndAlignment() {
        var generator = SplitMix64(seed: 32)
        for length in 0...160 {
            for _ in 0..<3 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let expected = definition(bytes)
                for alignment in 0..<8 {
                    // The same bytes at each offset from a word boundary, with bytes either side
                    // that must not be read into the checksum.
                    let padded =
                        [UInt8](repeating: 0xA5, count: alignment) + bytes + [UInt8](repeating: 0x5A, count: 9)
                    let computed = padded.withUnsafeBytes { raw in
                        LineChecksum.compute(UnsafeRawBufferPointer(rebasing: raw[alignment..<(alignment + length)]))
                    }
                    XCTAssertEqual(computed, expected, "length \(length), alignment \(alignment)")
                }
            }
        }
    }

    func testTheChecksumsTheExampleLogsRecordStillMatch() throws {
        // Written by older builds: every line of every example log that carries a checksum.
        let logs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Logs")
        let names = try FileManager.default.contentsOfDirectory(atPath: logs.path).filter { $0.hasSuffix(".jsonl") }
        var checked = 0
        for name in names {
            let text = try String(contentsOf: logs.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let range = line.range(of: #","crc":""#, options: .backwards) else { continue }
                let body = String(line[..<range.lowerBound])
                let recorded = String(line[range.upperBound...].prefix(8))
                XCTAssertEqual(LineChecksum.hex(LineChecksum.compute(body)), recorded, "\(name): \(body.prefix(60))")
                XCTAssertEqual(LineChecksum.compute(body), definition(Array(body.utf8)))
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100, "the example logs' checksummed lines are found")
    }

    /// `parseHex` reads the eight digits as one word: for every byte at every position among
    /// valid digits, and for random words and every written checksum, it answers what reading
    /// byte by byte answers (lower case only, nothing for any other byte).
    func testHexDigitsReadAsOneWordAnswerAsByteByByte() {
        func both(_ bytes: [UInt8]) -> (UInt32?, UInt32?) {
            bytes.withUnsafeBytes { (LineChecksum.parseHex($0), LineChecksum.parseHexByteByByte($0)) }
        }
        let valid = Array("0123456789abcdef".utf8)
        var generator = SplitMix64(seed: 16)
        for position in 0..<8 {
            for byte in UInt8.min...UInt8.max {
                var bytes = (0..<8).map { _ in valid[Int.random(in: 0..<16, using: &generator)] }
                bytes[position] = byte
                let (word, reference) = both(bytes)
                XCTAssertEqual(word, reference, "byte \(byte) at \(position) of \(bytes)")
                XCTAssertEqual(word != nil, valid.contains(byte), "byte \(byte) at \(position)")
            }
        }
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let (word, reference) = both(bytes)
            XCTAssertEqual(word, reference, "\(bytes)")
            let value = UInt32.random(in: 0...UInt32.max, using: &generator)
            let hex = Array(LineChecksum.hex(value).utf8)
            XCTAssertEqual(both(hex).0, value, LineChecksum.hex(value))
            if hex.contains(where: { $0 >= 0x61 }) {
                XCTAssertNil(both(Array(LineChecksum.hex(value).uppercased().utf8)).0, "upper case")
            }
        }
        for count in [0, 1, 7, 9, 16] {
            XCTAssertNil(both([UInt8](repeating: 0x30, count: count)).0, "\(count) digits")
        }
    }

    func testAppendedHexDigitsAreTheStringsDigitsAfterWhateverTheLineHolds() {
        var generator = SplitMix64(seed: 0x5EA1)
        var values: [UInt32] = [0, 1, 9, 10, 15, 16, 0xA, 0xF0, 0x0F0F_0F0F, 0x9999_9999, 0xAAAA_AAAA, .max, .max - 1]
        values += (0..<20_000).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) }
        for value in values {
            var bytes = Array(#"{"seq":1"#.utf8)
            let before = bytes
            LineChecksum.appendHex(value, to: &bytes)
            XCTAssertEqual(Array(bytes.prefix(before.count)), before, "\(value)")
            XCTAssertEqual(String(decoding: bytes.dropFirst(before.count), as: UTF8.self), LineChecksum.hex(value))
            XCTAssertEqual(
                String(decoding: bytes.dropFirst(before.count), as: UTF8.self),
                String(repeating: "0", count: 8 - String(value, radix: 16).count) + String(value, radix: 16))
        }
    }
}
