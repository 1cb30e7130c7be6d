import StoreTestSupport
import XCTest

@testable import ActionLog

/// A log reader's decoders find strings made before by their bytes (``StringCache``): whatever
/// strings come in whatever order, each reads as it reads without the cache.
final class StringCacheTests: XCTestCase {
    /// Reads every element of `texts` (as one JSON array) through a `LogValue` with `strings`,
    /// and through the tape alone.
    private func readBoth(
        _ texts: [String], strings: UnsafeMutablePointer<StringCache.Entry>
    ) throws -> (cached: [String], plain: [String?]) {
        let json = "[" + texts.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        var tape = JSONTape()
        let bytes = Array(json.utf8)
        return try bytes.withUnsafeBytes { raw in
            try tape.parse(raw)
            return try tape.withTokens { tokens in
                let array = LogValue(bytes: raw, tokens: tokens, index: 0, strings: strings)
                let cached = try array.elements().map { try $0.string() }
                let plain = (1..<tokens.count).map { JSONTape.string(tokens[$0], in: raw) }
                return (cached, plain)
            }
        }
    }

    func testStringsThatDifferInAnyOneByteReadAsTheirOwnBytes() throws {
        let strings = StringCache.allocate()
        defer { StringCache.deallocate(strings) }
        // Every length to 30 (past the 24 bytes a key holds), each byte in turn changed: the
        // middle byte of short texts and the middle word of 17 to 24 bytes are in the key too.
        var texts: [String] = []
        for length in 0...30 {
            let base = String(repeating: "a", count: length)
            texts.append(base)
            for position in 0..<length {
                var bytes = Array(base.utf8)
                bytes[position] = UInt8(ascii: "b")
                texts.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        for round in 0..<3 {
            let (cached, plain) = try readBoth(round == 1 ? texts.reversed() : texts, strings: strings)
            XCTAssertEqual(cached, plain.map { $0 ?? "<nil>" }, "round \(round)")
            XCTAssertEqual(cached, round == 1 ? texts.reversed() : texts, "round \(round)")
        }
    }

    func testRandomStringsReadAlikeWithAndWithoutTheCache() throws {
        let strings = StringCache.allocate()
        defer { StringCache.deallocate(strings) }
        var generator = SplitMix64(seed: 128)
        // Few letters, so texts share words and slots collide; multi-byte characters too.
        let alphabet: [Character] = ["a", "b", " ", "é", "-", "1"]
        var pool: [String] = []
        for _ in 0..<400 {
            let length = Int.random(in: 0...26, using: &generator)
            pool.append(
                String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }))
        }
        for _ in 0..<50 {
            let texts = (0..<64).map { _ in pool[Int.random(in: 0..<pool.count, using: &generator)] }
            let (cached, plain) = try readBoth(texts, strings: strings)
            XCTAssertEqual(cached, texts)
            XCTAssertEqual(plain, texts)
        }
    }

    func testEscapedStringsAreReadAsTheyAreWrittenNotFromTheCache() throws {
        let strings = StringCache.allocate()
        defer { StringCache.deallocate(strings) }
        // `a\"b` then `a"b`-like texts: an escaped string is never looked up by its raw bytes.
        let (cached, _) = try readBoth([#"a\"b"#, #"a\\b"#, #"a\"b"#, "a", #"\u0061"#], strings: strings)
        XCTAssertEqual(cached, ["a\"b", "a\\b", "a\"b", "a", "a"])
    }
}
