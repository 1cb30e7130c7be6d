import Foundation
import StateStore
import StoreTestSupport
import XCTest

@testable import ActionLog

/// `CanonicalWriter` streams the canonical bytes that fingerprints hash, where the tree encoder
/// (`CanonicalEncoder.treeCompactJSONBytes`) builds a tree of nodes first. Every fingerprint ever
/// recorded was made from the tree's bytes: these tests hold the writer to them, byte for byte,
/// and to the tree's errors, over random and hostile values. Where the writer cannot be exact it
/// must give up (and the tree decides); where it can, it must not, or it would save nothing.
final class CanonicalWriterTests: XCTestCase {
    /// Whether the writer, and `compactJSONBytes` (the writer or, when it gives up, the tree),
    /// give the tree's bytes or error; `fast` says whether the writer must (or must not) have
    /// written the value itself.
    private func assertWritesAsTheTree<T: Encodable>(
        _ value: T, fast: Bool?, _ message: @autoclosure () -> String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let tree = Result { try CanonicalEncoder.treeCompactJSONBytes(value) }
        let written = Result { try CanonicalEncoder.compactJSONBytes(value) }
        let streamed = CanonicalWriter.bytes(of: value)
        switch (tree, written) {
        case (.success(let expected), .success(let actual)):
            XCTAssertEqual(
                String(decoding: actual, as: UTF8.self), String(decoding: expected, as: UTF8.self), message(),
                file: file, line: line)
            if let streamed {
                XCTAssertEqual(
                    String(decoding: streamed, as: UTF8.self), String(decoding: expected, as: UTF8.self),
                    message(), file: file, line: line)
            }
        case (.failure(let expected), .failure(let actual)):
            XCTAssertEqual("\(actual)", "\(expected)", message(), file: file, line: line)
            XCTAssertNil(streamed, "the writer wrote a value the tree cannot: \(message())", file: file, line: line)
        default:
            XCTFail("tree \(tree), writer \(written): \(message())", file: file, line: line)
        }
        if let fast {
            XCTAssertEqual(
                streamed != nil, fast, "writer gave up: \(streamed == nil); \(message())", file: file, line: line)
        }
    }

    // MARK: Random values

    /// A value of any shape `Codable` writes.
    private indirect enum Tree: Encodable {
        case text(String)
        case amount(Decimal)
        case integer(Int64)
        case small(Int8, UInt16, UInt64)
        case ratio(Double)
        case single(Float)
        case flag(Bool)
        case date(Date)
        case link(URL)
        case bytes(Data)
        case json(JSONValue)
        case maybe(String?, Tree?, Int??)
        case list([Tree])
        case lists([[Tree]])
        case optionals([Tree?])
        case byName([String: Tree])
        case byNumber([Int: Tree])
        case byRatio([Double: Tree])
        case byFlag([Bool: Tree])
        case byAmount([Decimal: Tree])
        case tags(Set<String>)
        case numbers(Set<Int>)
        case empty
    }

    private static let plainAlphabet: [String] = [
        "a", "B", "z", "Z", "é", "ä", "日本", "😀", "0", "9", " ", "_", "ab", "\u{7F}", "\u{2028}",
    ]
    private static let hostileAlphabet: [String] =
        plainAlphabet + ["\"", "\\", "\n", "\t", "\u{1}", "\u{1F}", "e\u{301}"]

    private func text(_ random: inout SplitMix64, _ alphabet: [String]) -> String {
        (0..<Int.random(in: 0...5, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "" }.joined()
    }

    private static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.25, 1e15, 1e15 - 1, -1e15, 1e16, 1e-7, 123_456.789, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, Double(Int64.max),
        9_007_199_254_740_994,
    ]
    private static let decimals: [Decimal] = [
        0, 1, -1, Decimal(string: "12.50") ?? 0, Decimal(string: "-0.05") ?? 0, Decimal(string: "1e-20") ?? 0,
        Decimal(string: "123456789012345678901234567890.12345678") ?? 0, Decimal(string: "1e30") ?? 0,
        Decimal(UInt64.max), Decimal.greatestFiniteMagnitude, Decimal.leastNonzeroMagnitude, .nan,
        Decimal(sign: .minus, exponent: -3, significand: 12345),
    ]

    private func json(_ random: inout SplitMix64, _ alphabet: [String], depth: Int) -> JSONValue {
        switch Int.random(in: 0..<(depth > 2 ? 4 : 6), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(["0", "-1.50", "1e3", "12345678901234567890"].randomElement(using: &random) ?? "0")
        case 3: return .string(text(&random, alphabet))
        case 4:
            return .array(
                (0..<Int.random(in: 0...3, using: &random)).map { _ in json(&random, alphabet, depth: depth + 1) })
        default:
            // Keys in any order, some twice: the canonical form sorts them and keeps the last.
            return .object(
                (0..<Int.random(in: 0...4, using: &random)).map { _ in
                    JSONMember(
                        key: ["b", "a", "é", text(&random, alphabet)].randomElement(using: &random) ?? "",
                        value: json(&random, alphabet, depth: depth + 1))
                })
        }
    }

    private func tree(_ random: inout SplitMix64, _ alphabet: [String], depth: Int) -> Tree {
        let leaves = 11
        switch Int.random(in: 0..<(depth > 3 ? leaves : 23), using: &random) {
        case 0: return .text(text(&random, Self.hostileAlphabet))
        case 1: return .amount(Self.decimals.randomElement(using: &random) ?? 0)
        case 2: return .integer(Int64.random(in: .min ... .max, using: &random))
        case 3:
            return .small(
                [Int8.min, -1, 0, Int8.max].randomElement(using: &random) ?? 0,
                UInt16.random(in: 0...UInt16.max, using: &random),
                [0, 1, UInt64.max].randomElement(using: &random) ?? 0)
        case 4: return .ratio(Self.doubles.randomElement(using: &random) ?? 0)
        case 5:
            return .single([0.1, -2.5, Float.greatestFiniteMagnitude, 16_777_218].randomElement(using: &random) ?? 0)
        case 6: return .flag(Bool.random(using: &random))
        case 7: return .date(Date(timeIntervalSince1970: Self.doubles.randomElement(using: &random) ?? 0))
        case 8:
            return .link(
                URL(string: "https://shop.example/\(Int.random(in: 0...9, using: &random))?q=a%20b")
                    ?? URL(fileURLWithPath: "/"))
        case 9:
            return .bytes(
                Data((0..<Int.random(in: 0...7, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
            )
        case 10: return .empty
        case 11: return .json(json(&random, alphabet, depth: 0))
        case 12:
            let maybeInt: Int?? = [.none, .some(.none), .some(.some(7))].randomElement(using: &random) ?? .none
            return .maybe(
                Bool.random(using: &random) ? text(&random, alphabet) : nil,
                Bool.random(using: &random) ? tree(&random, alphabet, depth: depth + 1) : nil, maybeInt)
        case 13: return .list(trees(&random, alphabet, depth: depth))
        case 14:
            return .lists(
                (0..<Int.random(in: 0...3, using: &random)).map { _ in trees(&random, alphabet, depth: depth) })
        case 15:
            return .optionals(trees(&random, alphabet, depth: depth).map { Bool.random(using: &random) ? $0 : nil })
        case 16:
            var members: [String: Tree] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                members[text(&random, alphabet)] = tree(&random, alphabet, depth: depth + 1)
            }
            return .byName(members)
        case 17:
            var members: [Int: Tree] = [:]
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                members[Int.random(in: -50...50, using: &random)] = tree(&random, alphabet, depth: depth + 1)
            }
            return .byNumber(members)
        case 18:
            var members: [Double: Tree] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                members[Self.doubles.randomElement(using: &random) ?? 0] = tree(&random, alphabet, depth: depth + 1)
            }
            return .byRatio(members)
        case 19:
            var members: [Bool: Tree] = [:]
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                members[Bool.random(using: &random)] = tree(&random, alphabet, depth: depth + 1)
            }
            return .byFlag(members)
        case 20:
            var members: [Decimal: Tree] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                members[Self.decimals.dropLast(2).randomElement(using: &random) ?? 0] = tree(
                    &random, alphabet, depth: depth + 1)
            }
            return .byAmount(members)
        case 21:
            return .tags(
                Set((0..<Int.random(in: 0...6, using: &random)).map { _ in text(&random, Self.hostileAlphabet) }))
        default:
            return .numbers(
                Set((0..<Int.random(in: 0...6, using: &random)).map { _ in Int.random(in: -20...20, using: &random) }))
        }
    }

    private func trees(_ random: inout SplitMix64, _ alphabet: [String], depth: Int) -> [Tree] {
        (0..<Int.random(in: 0...4, using: &random)).map { _ in tree(&random, alphabet, depth: depth + 1) }
    }

    func testRandomValuesWithPlainKeysAreWrittenByTheWriterAsTheTreeWritesThem() {
        var random = SplitMix64(seed: 0x5EED_0019)
        for index in 0..<3_000 {
            let value = tree(&random, Self.plainAlphabet, depth: 0)
            assertWritesAsTheTree(value, fast: true, "value \(index)")
        }
    }

    func testRandomValuesWithHostileKeysWriteTheTreesBytes() {
        var random = SplitMix64(seed: 0x5EED_0020)
        for index in 0..<3_000 {
            assertWritesAsTheTree(tree(&random, Self.hostileAlphabet, depth: 0), fast: nil, "value \(index)")
        }
    }

    // MARK: Keys

    func testKeysThatNeedEscapesSortByTheirTextAndTheTreeWritesThem() throws {
        // Escaped, `a"` would sort after `a#` (`\` is 0x5C); as text it sorts before (0x22).
        let value = ["a#": 1, "a\"": 2, "a": 3, "\n": 4, "a\\": 5]
        assertWritesAsTheTree(value, fast: false)
        XCTAssertEqual(
            String(decoding: try CanonicalEncoder.compactJSONBytes(value), as: UTF8.self),
            #"{"\n":4,"a":3,"a\"":2,"a#":1,"a\\":5}"#)
    }

    /// Encodes `pairs` under keys made at run time, in the order given.
    private struct Members: Encodable {
        var pairs: [(String, Int)]

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in pairs { try container.encode(value, forKey: Key(stringValue: key)) }
        }
    }

    func testNonASCIIKeysSortByTheirUTF8Bytes() {
        let value = Members(pairs: [
            ("z", 1), ("é", 2), ("Z", 3), ("日本", 4), ("😀", 5), ("a", 6), ("e", 7), ("\u{7F}", 8),
        ])
        assertWritesAsTheTree(value, fast: true)
    }

    func testCanonicallyEquivalentKeysAreOneKeyAsInTheTree() throws {
        // Swift's `String ==` calls them equal, so the tree keeps one member: the first spelling,
        // the last value.
        let value = Members(pairs: [("e\u{301}", 1), ("b", 2), ("\u{E9}", 3)])
        assertWritesAsTheTree(value, fast: false)
        XCTAssertEqual(
            String(decoding: try CanonicalEncoder.compactJSONBytes(value), as: UTF8.self), "{\"b\":2,\"e\u{301}\":3}")
    }

    func testAnOrderRememberedForOneObjectIsCheckedBeforeItIsUsedForAnother() throws {
        // One coding-key type and member count: the order remembered for the first must not be
        // taken for the others on trust.
        let shapes: [[(String, Int)]] = [
            [("b", 1), ("a", 2), ("c", 3)], [("b", 1), ("a", 2), ("c", 3)], [("a", 1), ("b", 2), ("c", 3)],
            [("c", 1), ("b", 2), ("a", 3)], [("b", 1), ("c", 2), ("a", 3)], [("bb", 1), ("b", 2), ("ba", 3)],
        ]
        for pairs in shapes + shapes.reversed() {
            assertWritesAsTheTree(Members(pairs: pairs), fast: true, "\(pairs)")
        }
        // A key given twice in the shape an order was remembered for still hands it to the tree.
        assertWritesAsTheTree(Members(pairs: [("b", 1), ("a", 2), ("b", 3)]), fast: false)
        XCTAssertEqual(
            String(
                decoding: try CanonicalEncoder.compactJSONBytes(Members(pairs: [("c", 1), ("a", 2), ("a", 3)])),
                as: UTF8.self),
            #"{"a":3,"c":1}"#)
    }

    func testAKeyEncodedTwiceKeepsItsLastValueThroughTheTree() throws {
        let value = Members(pairs: [("b", 1), ("a", 2), ("b", 3)])
        assertWritesAsTheTree(value, fast: false)
        XCTAssertEqual(String(decoding: try CanonicalEncoder.compactJSONBytes(value), as: UTF8.self), #"{"a":2,"b":3}"#)
        // Past the tree's scan limit (32 members) too.
        let many = Members(pairs: (0..<40).map { ("k\($0 % 35)", $0) })
        assertWritesAsTheTree(many, fast: false)
    }

    func testANestedContainerOpenedTwiceForOneKeyMergesAsInTheTree() throws {
        struct Twice: Encodable {
            enum CodingKeys: String, CodingKey { case outer, x, y }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                var first = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .outer)
                try first.encode(1, forKey: .y)
                var second = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .outer)
                try second.encode(2, forKey: .x)
            }
        }
        assertWritesAsTheTree(Twice(), fast: false)
        XCTAssertEqual(
            String(decoding: try CanonicalEncoder.compactJSONBytes(Twice()), as: UTF8.self), #"{"outer":{"x":2,"y":1}}"#
        )
    }

    // MARK: Containers

    private class Base: Encodable {
        var zebra = 1
        var list = [3, 1]
        enum CodingKeys: String, CodingKey { case zebra, list }
    }

    private final class Derived: Base {
        var apple = "a"
        enum MoreKeys: String, CodingKey { case apple }
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: MoreKeys.self)
            try container.encode(apple, forKey: .apple)
        }
    }

    func testASubclassEncodingIntoItsSuperclasssContainerMergesAsInTheTree() throws {
        assertWritesAsTheTree(Derived(), fast: true)
        XCTAssertEqual(
            String(decoding: try CanonicalEncoder.compactJSONBytes(Derived()), as: UTF8.self),
            #"{"apple":"a","list":[3,1],"zebra":1}"#)
    }

    func testSuperEncodersAreWrittenByTheTree() {
        struct Keyed: Encodable {
            enum CodingKeys: String, CodingKey { case own, base }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(1, forKey: .own)
                try [2, 3].encode(to: container.superEncoder())
                try "b".encode(to: container.superEncoder(forKey: .base))
            }
        }
        struct Unkeyed: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(1)
                try Keyed().encode(to: container.superEncoder())
            }
        }
        assertWritesAsTheTree(Keyed(), fast: false)
        assertWritesAsTheTree(Unkeyed(), fast: false)
        assertWritesAsTheTree([Unkeyed()], fast: false)
    }

    func testNestedUnkeyedAndKeyedContainersInEveryCombination() {
        struct Nested: Encodable {
            enum CodingKeys: String, CodingKey { case z, a, m }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                var list = container.nestedUnkeyedContainer(forKey: .z)
                try list.encode(1)
                var inner = list.nestedUnkeyedContainer()
                try inner.encode("x")
                var object = list.nestedContainer(keyedBy: CodingKeys.self)
                try object.encode(true, forKey: .m)
                try object.encodeNil(forKey: .a)
                _ = list.nestedUnkeyedContainer()
                _ = list.nestedContainer(keyedBy: CodingKeys.self)
                try list.encode(2)
                XCTAssertEqual(list.count, 6)
                var empty = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .a)
                _ = empty.nestedUnkeyedContainer(forKey: .z)
                try container.encode([[[1], []], []], forKey: .m)
            }
        }
        assertWritesAsTheTree(Nested(), fast: true)
        assertWritesAsTheTree([Nested(), Nested()], fast: true)
    }

    func testAContainerWrittenAfterASiblingWasOpenedIsWrittenByTheTree() {
        struct OutOfOrder: Encodable {
            enum CodingKeys: String, CodingKey { case a, b, c }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                var first = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .b)
                var second = container.nestedUnkeyedContainer(forKey: .a)
                try first.encode(1, forKey: .c)
                try second.encode(2)
                try container.encode(3, forKey: .c)
            }
        }
        assertWritesAsTheTree(OutOfOrder(), fast: false)
    }

    func testASlotWrittenTwiceIsWrittenByTheTree() {
        struct TwiceSingle: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(1)
                try container.encode("two")
            }
        }
        struct ContainerThenSingle: Encodable {
            enum CodingKeys: String, CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: CodingKeys.self)
                try keyed.encode(1, forKey: .a)
                var single = encoder.singleValueContainer()
                try single.encode(2)
            }
        }
        struct KeyedThenUnkeyed: Encodable {
            enum CodingKeys: String, CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: CodingKeys.self)
                try keyed.encode(1, forKey: .a)
                var list = encoder.unkeyedContainer()
                try list.encode(2)
            }
        }
        for value in [TwiceSingle(), ContainerThenSingle(), KeyedThenUnkeyed()] as [any Encodable] {
            assertWritesAsTheTree(value, fast: false, "\(type(of: value))")
            assertWritesAsTheTree(["k": AnyEncodable(value: value)], fast: false, "\(type(of: value)) in an object")
        }
    }

    private struct AnyEncodable: Encodable {
        let value: any Encodable
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }

    func testEmptyContainersAndValuesThatWriteNothing() {
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        struct UnwrittenSingle: Encodable {
            func encode(to encoder: any Encoder) throws { _ = encoder.singleValueContainer() }
        }
        struct EmptyKeyed: Encodable {
            enum CodingKeys: CodingKey { case a }
            func encode(to encoder: any Encoder) throws { _ = encoder.container(keyedBy: CodingKeys.self) }
        }
        struct Wrapper: Encodable {
            var nothing = Nothing()
            var unwritten = UnwrittenSingle()
            var keyed = EmptyKeyed()
            var list: [Int] = []
            var map: [String: Int] = [:]
            var pairs: [Double: Int] = [:]
            var set: Set<Int> = []
            var nested: [[Nothing]] = [[], [Nothing()]]
        }
        assertWritesAsTheTree(Nothing(), fast: true)
        assertWritesAsTheTree(UnwrittenSingle(), fast: true)
        assertWritesAsTheTree(Wrapper(), fast: true)
        assertWritesAsTheTree([Wrapper()], fast: true)
    }

    // MARK: Scalars

    func testNumbersOfEveryWidthAndEdgeAreWrittenAsTheTreeWritesThem() {
        struct Widths: Encodable {
            var int = Int.min
            var int8 = Int8.min
            var int16 = Int16.min
            var int32 = Int32.min
            var int64 = Int64.max
            var uint = UInt.max
            var uint8 = UInt8.max
            var uint16 = UInt16.max
            var uint32 = UInt32.max
            var uint64 = UInt64.max
            var zero = 0
            var floats: [Float] = [0.1, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 16_777_216]
            var list: [Int64] = [.min, -1, 0, 9, 10, .max]
        }
        assertWritesAsTheTree(Widths(), fast: true)
        assertWritesAsTheTree(Self.doubles, fast: true)
        assertWritesAsTheTree(Self.decimals, fast: true)
        for value in Self.doubles { assertWritesAsTheTree(value, fast: true, "\(value)") }
        for value in Self.decimals { assertWritesAsTheTree(["amount": value], fast: true, "\(value)") }
    }

    func testDecimalsAreWrittenAsTheirPlainDescription() {
        var random = SplitMix64(seed: 0x5EED_0021)
        var values =
            Self.decimals + [Decimal(sign: .minus, exponent: 0, significand: 0), Decimal(string: "0.000") ?? 1]
        for _ in 0..<5_000 {
            let significand =
                UInt64.random(in: 0...UInt64.max, using: &random) >> UInt64.random(in: 0...63, using: &random)
            let exponent = Int.random(in: -40...40, using: &random)
            values.append(
                Decimal(
                    sign: Bool.random(using: &random) ? .minus : .plus, exponent: exponent,
                    significand: Decimal(significand)))
        }
        for value in values {
            var bytes = ByteBuffer(capacity: 1)
            defer { bytes.deallocate() }
            value.appendPlainDescription(to: &bytes)
            XCTAssertEqual(String(decoding: bytes.array, as: UTF8.self), value.plainDescription)
            XCTAssertEqual(value.plainDescription, value.description)
        }
    }

    func testStringsAreQuotedAsTheTreeQuotesThem() {
        let texts = [
            "", "plain", "a\"b\\c", "\n\r\t\u{0}\u{1F}\u{7F}", "é e\u{301} 日本 😀 \u{2028}\u{2029}", "\u{FEFF}x",
        ]
        assertWritesAsTheTree(texts, fast: true)
        for text in texts { assertWritesAsTheTree(text, fast: true) }
    }

    func testNestedOptionalsAreWrittenAsTheTreeWritesThem() {
        struct Optionals: Encodable {
            var none: Int?? = .none
            var someNone: Int?? = .some(.none)
            var some: Int?? = 5
            var list: [String?] = [nil, "a", nil]
            var deep: [[Int?]?] = [nil, [nil, 1]]
        }
        assertWritesAsTheTree(Optionals(), fast: true)
        assertWritesAsTheTree(Optional<Int>.none, fast: true)
    }

    func testDatesURLsDataAndJSONValuesAreWrittenAsTheTreeWritesThem() {
        struct Specials: Encodable {
            var date = Date(timeIntervalSince1970: 1_700_000_000.25)
            var url = URL(string: "https://shop.example/a?b=c#d") ?? URL(fileURLWithPath: "/")
            var data = Data([0, 1, 2, 254, 255])
            var json = JSONValue.object([
                JSONMember(key: "b", value: .number("1.50")),
                JSONMember(key: "a", value: .array([.null, .bool(true)])),
                JSONMember(key: "b", value: .string("last")),
            ])
        }
        assertWritesAsTheTree(Specials(), fast: true)
    }

    // MARK: Order

    func testSetsAndNonStringKeyedDictionariesAreSortedAsTheTreeSortsThem() {
        // "e\u{301}" sorts before "f" by its bytes, after it as a `String` (it compares as "é").
        assertWritesAsTheTree(Set(["f", "e\u{301}", "é", "e", "", "\"", "Z"]), fast: true)
        assertWritesAsTheTree(Set([[3, 1], [2], [], [10]]), fast: true)
        assertWritesAsTheTree(Set([Set([2, 1]), Set([3]), []]), fast: true)
        assertWritesAsTheTree([2.5: "x", 0.5: "y", -1.5: "z", 10: "w"], fast: true)
        assertWritesAsTheTree([true: [1], false: [2]], fast: true)
        assertWritesAsTheTree([10: "a", 9: "b", -1: "c"], fast: true)
        assertWritesAsTheTree(["k": Set(["b", "a"])], fast: true)
    }

    // MARK: Errors

    func testErrorsAreTheTreesErrorsWithTheirPaths() {
        struct Reading: Encodable { var values: [Double] }
        struct Sensor: Encodable { var readings: [String: Reading] }
        assertWritesAsTheTree(Sensor(readings: ["kitchen": Reading(values: [1, .infinity])]), fast: false)
        assertWritesAsTheTree([Double.nan], fast: false)
        assertWritesAsTheTree(Date(timeIntervalSince1970: .nan), fast: false)
        struct Failing: Encodable {
            struct Refused: Error {}
            func encode(to encoder: any Encoder) throws { throw Refused() }
        }
        assertWritesAsTheTree(["a": [Failing()]], fast: false)
    }

    func testAnErrorTheValueCatchesStillHandsTheValueToTheTree() throws {
        struct Swallowing: Encodable {
            enum CodingKeys: String, CodingKey { case bad, good }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try? container.encode(Double.nan, forKey: .bad)
                try container.encode(1, forKey: .good)
            }
        }
        assertWritesAsTheTree(Swallowing(), fast: false)
        // The tree's own answer: the member whose value failed is an empty node.
        XCTAssertEqual(
            String(decoding: try CanonicalEncoder.compactJSONBytes(Swallowing()), as: UTF8.self),
            #"{"bad":{},"good":1}"#)
    }

    func testAValueThatReadsItsCodingPathIsWrittenByTheTree() throws {
        struct PathReader: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "/"))
            }
        }
        assertWritesAsTheTree(["outer": [PathReader()]], fast: false)
        XCTAssertEqual(
            String(decoding: try CanonicalEncoder.compactJSONBytes(["outer": [PathReader()]]), as: UTF8.self),
            #"{"outer":["outer/0"]}"#)
    }
}
