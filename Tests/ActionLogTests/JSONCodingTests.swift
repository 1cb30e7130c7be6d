import Foundation
import StateStore
import StoreTestSupport
import XCTest

@testable import ActionLog

final class JSONCodingTests: XCTestCase {
    private struct Empty: Codable, Equatable {}

    private indirect enum Nested: Codable, Equatable {
        case plain
        case labelled(id: String, amount: Decimal)
        case unlabelled(Int, String)
        case deep(Nested?)
        case list([Nested])
    }

    private struct Everything: Codable, Equatable {
        var text = "quote \" backslash \\ newline \n tab \t bell \u{07} é 🛒"
        var amount = Decimal(string: "1234.5678") ?? 0
        var negative = -42
        var big = UInt64.max
        var ratio = 0.125
        var flag = true
        var missing: String?
        var present: Int? = 3
        var date = Date(timeIntervalSince1970: 1_700_000_000)
        var url = URL(string: "https://example.com/a?b=c") ?? URL(fileURLWithPath: "/")
        var bytes = Data([0, 1, 2, 254])
        var empty = Empty()
        var emptyList: [Int] = []
        var matrix = [[1, 2], [], [3]]
        var nested: [Nested] = [
            .plain, .labelled(id: "x", amount: 9.99), .unlabelled(1, "b"), .deep(.deep(nil)), .list([.plain]),
        ]
        var secret = Sensitive("4111111111111111")
    }

    private func roundTrip<T: Codable>(_ value: T) throws -> (T, String) {
        var bytes: [UInt8] = []
        try StreamingJSONEncoder.encode(value, into: &bytes)
        let json = try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }
        return (try JSONValueDecoder().decode(T.self, from: json), String(decoding: bytes, as: UTF8.self))
    }

    func testStreamingEncoderAndValueDecoderRoundTripEverything() throws {
        let (decoded, text) = try roundTrip(Everything())
        var expected = Everything()
        expected.secret = .redacted  // the secret never leaves as text
        XCTAssertEqual(decoded, expected)
        XCTAssertFalse(text.contains("4111111111111111"))
    }

    func testTapeDecoderReadsWhatTheTreeDecoderReads() throws {
        var bytes: [UInt8] = []
        try StreamingJSONEncoder.encode(Everything(), into: &bytes)
        var tape = JSONTape()
        let decoded = try bytes.withUnsafeBytes { raw -> Everything in
            try tape.parse(raw)
            return try JSONTapeDecoder.decode(Everything.self, tape: tape, bytes: raw)
        }
        var expected = Everything()
        expected.secret = .redacted
        XCTAssertEqual(decoded, expected)
    }

    func testTapeDecoderNamesTheFieldOfAnError() throws {
        struct Line: Codable { var sku: String; var quantity: Int8 }
        let text = Array(#"{"sku":"A\"B","quantity":300}"#.utf8)
        var tape = JSONTape()
        XCTAssertThrowsError(
            try text.withUnsafeBytes { raw in
                try tape.parse(raw)
                return try JSONTapeDecoder.decode(Line.self, tape: tape, bytes: raw)
            }
        ) { error in
            guard case .dataCorrupted(let context) = error as? DecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["quantity"])
        }
    }

    func testFastDecimalParsingIsExact() throws {
        for text in ["0", "-0.5", "12.50", "123456789012345678", "0.000001", "99999.99"] {
            var tape = JSONTape()
            let bytes = Array("\"\(text)\"".utf8)
            let value = try bytes.withUnsafeBytes { raw -> Decimal in
                try tape.parse(raw)
                return try JSONTapeDecoder.decode(Decimal.self, tape: tape, bytes: raw)
            }
            XCTAssertEqual(value, Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), text)
        }
    }

    func testPlainDecimalTextIsExactAndRefusesEverythingElse() {
        let posix = Locale(identifier: "en_US_POSIX")
        let plain = [
            "0", "-0", "007", "12.50", "-0.000001", "18446744073709551615", "1234567890123456789.5",
            "12345678901234567890123456789012345678", "0.00000000000000000000000001",
        ]
        for text in plain {
            XCTAssertEqual(Decimal(plainText: text), Decimal(string: text, locale: posix), text)
            XCTAssertEqual(
                Decimal(plainText: text)?.description, Decimal(string: text, locale: posix)?.description, text)
        }
        XCTAssertEqual(Decimal(plainText: "-0")?.isSignMinus, false, "minus zero is zero, never NaN")
        let refused = [
            "", "-", ".5", "12.", "1e3", "12abc", " 12", "12 ", "+1", "1.2.3", "--1", "1-2", "０", "NaN",
            "123456789012345678901234567890123456789",
        ]
        for text in refused { XCTAssertNil(Decimal(plainText: text), text) }
        XCTAssertEqual(Decimal(plainText: "12.50"[...]), Decimal(string: "12.5"), "substrings too")
    }

    func testDecimalsWithTrailingGarbageAreRefusedNotReadAsTheirPrefix() throws {
        for text in ["12abc", "1x", "1e", "1e+", "--1", "1.2.3", "0x10"] {
            XCTAssertThrowsError(try JSONValueDecoder().decode(Decimal.self, from: .string(text)), text)
            var tape = JSONTape()
            let bytes = Array("\"\(text)\"".utf8)
            XCTAssertThrowsError(
                try bytes.withUnsafeBytes { raw -> Decimal in
                    try tape.parse(raw)
                    return try JSONTapeDecoder.decode(Decimal.self, tape: tape, bytes: raw)
                }, text)
        }
        XCTAssertEqual(try JSONValueDecoder().decode(Decimal.self, from: .string("1.5e2")), 150)
        XCTAssertEqual(try JSONValueDecoder().decode(Decimal.self, from: .number("-2E-3")), Decimal(string: "-0.002"))
    }

    func testStreamingEncoderWritesTheSameJSONAsTheCanonicalEncoderUpToKeyOrder() throws {
        let value = Everything()
        var bytes: [UInt8] = []
        try StreamingJSONEncoder.encode(value, into: &bytes)
        let streamed = try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }
        let canonical = try JSONParser.parse(try CanonicalEncoder.encode(value).compactJSON)
        XCTAssertEqual(sorted(streamed), sorted(canonical))
    }

    func testDecimalsAreWrittenExactlyAsFoundationDescribesThem() {
        // Logs and fingerprints carry decimals as their `description`; the encoders make that
        // text themselves for 64-bit significands, and must never differ from Foundation's.
        var values: [Decimal] = [0, 1, -1, 10, 100, 12.5, -0.05, Decimal.nan, Decimal.greatestFiniteMagnitude]
        values += ["12.50", "1200", "0.000001", "-0.10", "18446744073709551615", "18446744073709551616", "1e30"]
            .compactMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
        var generator = SplitMix64(seed: 42)
        for _ in 0..<5000 {
            let significand = generator.next() >> (generator.next() % 64)
            let exponent = Int(generator.next() % 41) - 20
            let sign: FloatingPointSign = generator.next() % 2 == 0 ? .plus : .minus
            values.append(Decimal(sign: sign, exponent: exponent, significand: Decimal(significand)))
        }
        XCTAssertNotNil(Decimal.decimalLayout, "the fast path is taken (else every value falls back)")
        for value in values {
            XCTAssertEqual(value.plainDescription, value.description, "\(value)")
        }
    }

    func testTheTapeReadsStringsLikeTheTreeParserWhereverTheSpecialBytesFall() throws {
        // The tape scans strings eight bytes at a time: put quotes, escapes, control characters
        // and multi-byte characters at every offset around the word boundaries.
        let specials = [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, "\u{E9}", "\u{1F600}", "\u{01}", "\"", "\\"]
        for length in 0..<20 {
            for special in specials {
                for position in 0...length {
                    var body = String(repeating: "a", count: length)
                    body.insert(contentsOf: special, at: body.index(body.startIndex, offsetBy: position))
                    let text = "[\"" + body + "\"]"
                    let tree = try? JSONParser.parse(text)
                    var tape = JSONTape()
                    let bytes = Array(text.utf8)
                    let tapeString: String?? = bytes.withUnsafeBytes { raw in
                        guard (try? tape.parse(raw)) != nil else { return .none }
                        return .some(try? JSONTapeDecoder.decode([String].self, tape: tape, bytes: raw).first)
                    }
                    switch (tree, tapeString) {
                    case (.array(let items)?, .some(let decoded?)):
                        guard case .string(let expected)? = items.first else { return XCTFail(text) }
                        XCTAssertEqual(decoded, expected, text)
                    case (nil, .none), (nil, .some(nil)):
                        // Both refuse: a raw control character or a stray quote when scanning, a
                        // bad escape when the string is read.
                        break
                    default:
                        XCTFail("the tree parser and the tape disagree on \(text.debugDescription)")
                    }
                }
            }
        }
    }

    func testParserRejectsBadJSONWithAnOffset() {
        for (text, offset) in [("{\"a\":}", 5), ("[1,2", 4), ("tru", 0), ("\"open", 5), ("{\"a\":1} x", 8), ("01", 1)] {
            XCTAssertThrowsError(try JSONParser.parse(text), text) { error in
                XCTAssertEqual((error as? JSONParseError)?.offset, offset, "\(text): \(error)")
            }
        }
    }

    func testParserRefusesNestingDeeperThanItsLimitInsteadOfOverflowingTheStack() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        XCTAssertThrowsError(try JSONParser.parse(deep))
    }

    func testParserDecodesEscapesAndSurrogatePairs() throws {
        XCTAssertEqual(try JSONParser.parse(#""a\u00e9\ud83d\uded2\n\/""#), .string("aé🛒\n/"))
        XCTAssertThrowsError(try JSONParser.parse(#""\ud83d""#))
    }

    func testDecoderErrorsNameTheField() throws {
        struct Line: Codable { var sku: String; var quantity: Int }
        let json = try JSONParser.parse(#"{"sku":"A","quantity":"two"}"#)
        XCTAssertThrowsError(try JSONValueDecoder().decode(Line.self, from: json)) { error in
            guard case .typeMismatch(_, let context) = error as? DecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["quantity"])
        }
    }

    private func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(members.map { JSONMember(key: $0.key, value: sorted($0.value)) }.sorted { $0.key < $1.key })
        case .array(let items):
            return .array(items.map(sorted))
        default:
            return value
        }
    }
}

final class JSONValueTextTests: XCTestCase {
    func testJSONTextKeepsMemberOrderAndEscapes() throws {
        let value = try JSONParser.parse(#"{"b":[1,true,null],"a":"x\"y\n"}"#)
        XCTAssertEqual(value.jsonText, #"{"b":[1,true,null],"a":"x\"y\n"}"#)
    }
}
