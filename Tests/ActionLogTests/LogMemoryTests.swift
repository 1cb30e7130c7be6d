import Foundation
import StateStore
import StoreTestSupport
import XCTest

@testable import ActionLog

#if canImport(Glibc)
import Glibc
#endif

/// The reader's memory per line, measured deterministically from the room it allocates: the line
/// buffer never grows past the line limit, and the tape takes at most six bytes per byte of line
/// whatever the line holds (a process-level measurement is in `CheckoutCLITests`).
final class LogMemoryTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory(self)
    }

    private func write(_ bytes: [UInt8], name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testATokenTakesTwelveBytes() {
        XCTAssertEqual(MemoryLayout<JSONTape.Token>.stride, 12)
    }

    /// The texts with the most tokens per byte: one per two bytes.
    private static func denseTexts(bytes: Int) -> [(String, [UInt8])] {
        let count = bytes / 2
        return [
            ("[1,1,…]", Array(("[" + Array(repeating: "1", count: count).joined(separator: ",") + "]").utf8)),
            ("[[],[],…]", Array(("[" + Array(repeating: "[]", count: count / 2).joined(separator: ",") + "]").utf8)),
            (
                "{\"\":1,…}",
                Array(("{" + Array(repeating: "\"\":1", count: count / 3).joined(separator: ",") + "}").utf8)
            ),
            ("nested", Array((String(repeating: "[", count: 200) + String(repeating: "]", count: 200)).utf8)),
        ]
    }

    func testTheTapeTakesAtMostSixBytesPerByteOfTextWhateverItHolds() throws {
        for (name, text) in Self.denseTexts(bytes: 1 << 20) {
            var tape = JSONTape()
            try text.withUnsafeBytes { try tape.parse($0) }
            // A complete value of n bytes has at most (n + 1) / 2 tokens...
            XCTAssertLessThanOrEqual(tape.count, (text.count + 1) / 2, name)
            // ...and the room kept for it is that bound (and a little for open containers): six
            // bytes of tape per byte of text.
            let bytes = tape.capacity * MemoryLayout<JSONTape.Token>.stride
            XCTAssertLessThanOrEqual(bytes, 6 * text.count + 6 + 258 * 12, name)
        }
        // Reused, not grown, for a shorter line; a copy of the tape writes its own room.
        var tape = JSONTape()
        try Array("[1,2,3,4]".utf8).withUnsafeBytes { try tape.parse($0) }
        let room = tape.capacity
        var copy = tape
        try Array("[5]".utf8).withUnsafeBytes { try copy.parse($0) }
        XCTAssertEqual(copy.count, 2)
        XCTAssertEqual(tape.count, 5, "the original keeps its tokens")
        try Array("[1]".utf8).withUnsafeBytes { try tape.parse($0) }
        XCTAssertEqual(tape.capacity, room)
    }

    func testTheTokenBoundHoldsForBrokenAndCutText() throws {
        // In debug builds the tape's writer asserts it never passes the room `tokenBound` gives:
        // cut and broken texts (a token per open container) must stay within it too.
        var generator = SplitMix64(seed: 21)
        let alphabet = Array("[]{},:\"1 a\\-.e".utf8)
        var samples: [[UInt8]] = [
            Array(String(repeating: "[", count: 300).utf8),
            Array(String(repeating: "[", count: 256).utf8),
            Array((String(repeating: "{\"\":", count: 255) + "[").utf8),
            Array(String(repeating: "[1,", count: 255).utf8),
        ]
        let valid = Array(#"{"a":[1,2,{"b":[[],[1],{}]},"x\"y"],"c":{"d":-1.5e3,"e":[true,false,null]}}"#.utf8)
        for cut in 0...valid.count { samples.append(Array(valid.prefix(cut))) }
        for _ in 0..<2000 {
            let length = Int(generator.next() % 64)
            samples.append((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
        for sample in samples {
            var tape = JSONTape()
            _ = try? sample.withUnsafeBytes { try tape.parse($0) }
            XCTAssertLessThanOrEqual(tape.count, JSONTape.tokenBound(byteCount: sample.count))
            XCTAssertLessThanOrEqual(tape.capacity, JSONTape.tokenBound(byteCount: sample.count))
        }
    }

    func testTheLineBufferGrowsNoFurtherThanTheLimitAndShrinksAfterALongLine() throws {
        let limit = 1 << 20
        // No newline at all: refused once `limit` bytes are in, with room for no more than that.
        let zeros = try write([UInt8](repeating: 0, count: 3 * limit), name: "zeros")
        let refusing = try LineSource(path: zeros, bufferSize: 4096, maximumLineBytes: limit)
        XCTAssertThrowsError(try refusing.nextLine()) {
            XCTAssertEqual($0 as? ActionLogError, .badLine(path: zeros, line: 1, problem: .lineTooLong(limit: limit)))
        }
        XCTAssertLessThanOrEqual(refusing.capacity, limit + 1)

        // A long line within the limit: taken, then its room is handed back.
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: limit - 10)
        let short = Array("short\n".utf8)
        let path = try write(short + long + [10] + short + short, name: "long")
        let source = try LineSource(path: path, bufferSize: 4096, maximumLineBytes: limit)
        XCTAssertEqual(try source.nextLine()?.bytes.count, 5)
        XCTAssertEqual(try source.nextLine()?.bytes.count, limit - 10)
        XCTAssertLessThanOrEqual(source.capacity, limit + 1)
        source.releaseSpareCapacity()
        XCTAssertEqual(source.capacity, 4096)
        XCTAssertEqual(try source.nextLine()?.bytes.count, 5)
        XCTAssertEqual(try source.nextLine()?.bytes.count, 5)
        XCTAssertNil(try source.nextLine())
        XCTAssertEqual(source.capacity, 4096)
    }

    #if canImport(Glibc)
    func testALineArrivingInSmallReadsIsScannedOnceAndRefusedAtTheLimit() throws {
        // A pipe hands the reader a few kilobytes at a time: the search for the newline resumes
        // where it stopped, and the line is still refused at the limit.
        // A write to a pipe whose reader is gone fails with EPIPE rather than killing the process.
        signal(SIGPIPE, SIG_IGN)
        var descriptors: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&descriptors), 0)
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        let limit = 256 << 10
        // What is left after the reader stops (at most 32 KiB) fits in the pipe: the writer never
        // blocks, and is done before the read end closes.
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let chunk = [UInt8](repeating: UInt8(ascii: "y"), count: 4096)
            for _ in 0..<(limit / 4096 + 8) {
                let count = chunk.withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
            }
            close(writeEnd)
            written.signal()
        }
        defer {
            close(readEnd)
            written.wait()
        }
        let source = try LineSource(path: "/dev/fd/\(readEnd)", bufferSize: 4096, maximumLineBytes: limit)
        XCTAssertThrowsError(try source.nextLine()) {
            guard case .badLine(_, 1, .lineTooLong(limit: limit)) = $0 as? ActionLogError else {
                return XCTFail("\($0)")
            }
        }
        XCTAssertLessThanOrEqual(source.capacity, limit + 1)
    }
    #endif
}
