import StoreTestSupport
import XCTest

@testable import ActionLog

/// A log reader's decoders find strings made before by their bytes (``TextCache``): whatever
/// strings come in whatever order, each reads as it reads without the cache.
final class TextCacheTests: XCTestCase {
    /// Reads every element of `texts` (as one JSON array) through a `LogValue` with `caches`,
    /// and through the tape alone.
    private func readBoth(
        _ texts: [String], caches: TextCaches
    ) throws -> (cached: [String], plain: [String?]) {
        let json = "[" + texts.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        var tape = JSONTape()
        let bytes = Array(json.utf8)
        return try bytes.withUnsafeBytes { raw in
            try tape.parse(raw)
            return try tape.withTokens { tokens in
                let array = LogValue(bytes: raw, tokens: tokens, index: 0, caches: caches)
                let cached = try array.elements().map { try $0.string() }
                let plain = (1..<tokens.count).map { JSONTape.string(tokens[$0], in: raw) }
                return (cached, plain)
            }
        }
    }

    func testStringsThatDifferInAnyOneByteReadAsTheirOwnBytes() throws {
        let caches = TextCaches()
        defer { caches.deallocate() }
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
            let (cached, plain) = try readBoth(round == 1 ? texts.reversed() : texts, caches: caches)
            XCTAssertEqual(cached, plain.map { $0 ?? "<nil>" }, "round \(round)")
            XCTAssertEqual(cached, round == 1 ? texts.reversed() : texts, "round \(round)")
        }
    }

    func testRandomStringsReadAlikeWithAndWithoutTheCache() throws {
        let caches = TextCaches()
        defer { caches.deallocate() }
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
            let (cached, plain) = try readBoth(texts, caches: caches)
            XCTAssertEqual(cached, texts)
            XCTAssertEqual(plain, texts)
        }
    }

    func testEscapedStringsAreReadAsTheyAreWrittenNotFromTheCache() throws {
        let caches = TextCaches()
        defer { caches.deallocate() }
        // `a\"b` then `a"b`-like texts: an escaped string is never looked up by its raw bytes.
        let (cached, _) = try readBoth([#"a\"b"#, #"a\\b"#, #"a\"b"#, "a", #"\u0061"#], caches: caches)
        XCTAssertEqual(cached, ["a\"b", "a\\b", "a\"b", "a", "a"])
    }

    func testDecimalsReadFromTheirOwnBytesWithAndWithoutTheCache() throws {
        let caches = TextCaches()
        defer { caches.deallocate() }
        // Equal values of other texts ("12.5", "12.50") keep their own form; numbers and strings,
        // long texts (past the 24 bytes a key holds) and texts that are no plain decimal too.
        let texts = [
            "12.5", "12.50", "\"12.5\"", "\"12.50\"", "-0", "0", "\"0.00\"", "7.95", "\"7.95\"", "1e3",
            "\"12345678901234567890.123\"", "\"1234567890123456789012345.5\"", "3", "\"3\"", "\"x\"",
        ]
        var generator = SplitMix64(seed: 95)
        for round in 0..<20 {
            let order = round == 0 ? texts : texts.shuffled(using: &generator)
            let json = Array(("[" + order.joined(separator: ",") + "]").utf8)
            try json.withUnsafeBytes { raw in
                var tape = JSONTape()
                try tape.parse(raw)
                try tape.withTokens { tokens in
                    let cached = try LogValue(bytes: raw, tokens: tokens, index: 0, caches: caches).elements()
                    let plain = try LogValue(bytes: raw, tokens: tokens, index: 0).elements()
                    for (element, (withCache, without)) in zip(order, zip(cached, plain)) {
                        let a = try? withCache.decimal()
                        let b = try? without.decimal()
                        XCTAssertEqual(a, b, element)
                        XCTAssertEqual(a.map { "\($0)" }, b.map { "\($0)" }, element)
                        XCTAssertEqual(withCache.plainDecimalString(), without.plainDecimalString(), element)
                    }
                }
            }
        }
    }
}
