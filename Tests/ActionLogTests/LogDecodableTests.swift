import ActionLog
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// A state whose actions have a hand-written ``LogDecodable`` fast path, to show the reader takes
/// it, that it agrees with `Decodable`, and that `Decodable` still decides whenever it refuses.
struct FastShopState: StoreState, Codable, Equatable {
    struct Line: Codable, Equatable, Sendable, LogDecodable {
        var sku: String
        var quantity: Int
        var price: Decimal
        var note: String?

        init(sku: String, quantity: Int, price: Decimal, note: String? = nil) {
            self.sku = sku
            self.quantity = quantity
            self.price = price
            self.note = note
        }

        init(logValue value: LogValue) throws {
            FastPathCounter.shared.increment()
            sku = try value.require("sku").string()
            quantity = try value.require("quantity").int()
            price = try value.require("price").decimal()
            note = try value.member("note")?.string()
        }
    }

    enum Action: Codable, Equatable, Sendable, LogDecodable {
        case cleared
        case lineAdded(Line, position: Int)
        case linesReplaced([Line])
        case noted(String?)
        /// Left to `Decodable` by the fast path, to show the fallback.
        case rare(Date)

        init(logValue value: LogValue) throws {
            let (name, payload) = try value.singleMember()
            switch name {
            case "cleared": self = .cleared
            case "lineAdded":
                self = .lineAdded(try payload.require("_0").decode(), position: try payload.require("position").int())
            case "linesReplaced": self = .linesReplaced(try payload.require("_0").array(of: Line.self))
            case "noted": self = .noted(try payload.member("_0")?.string())
            default: throw LogValue.Mismatch("no fast path for \(name)")
            }
        }
    }

    var lines: [Line] = []
    var note: String?
    var lastRare: Date?
}

let fastShopReducer = Reducer<FastShopState, FastShopState.Action>.pure { state, action in
    switch action {
    case .cleared: state.lines = []
    case .lineAdded(let line, let position): state.lines.insert(line, at: min(position, state.lines.count))
    case .linesReplaced(let lines): state.lines = lines
    case .noted(let note): state.note = note
    case .rare(let date): state.lastRare = date
    }
}

/// Counts fast-path decodes across the reader's worker threads (and fast-path encodes, in
/// `LogEncodableTests`).
final class FastPathCounter: @unchecked Sendable {
    static let shared = FastPathCounter()
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

final class LogDecodableTests: XCTestCase {
    let actions: [FastShopState.Action] = [
        .lineAdded(.init(sku: "tee", quantity: 2, price: Decimal(string: "12.50")!), position: 0),
        .lineAdded(.init(sku: "caf\u{E9} \"quoted\"", quantity: -1, price: 0, note: "gift\nwrap"), position: 5),
        .noted("leave at the door"),
        .noted(nil),
        .linesReplaced([
            .init(sku: "a", quantity: 1, price: Decimal(string: "0.000001")!),
            .init(sku: "b", quantity: 3, price: Decimal(string: "-7")!, note: nil),
        ]),
        .rare(Date(timeIntervalSince1970: 1_700_000_000)),
        .cleared,
    ]

    func testTheFastPathAgreesWithDecodableOnEveryAction() throws {
        for action in actions {
            let json = try CanonicalEncoder.encode(action).compactJSON
            let decodable = try JSONValueDecoder().decode(FastShopState.Action.self, from: try JSONParser.parse(json))
            if case .rare = action {
                XCTAssertThrowsError(try LogDecoding.decode(FastShopState.Action.self, json: json))
            } else {
                XCTAssertEqual(try LogDecoding.decode(FastShopState.Action.self, json: json), decodable, json)
            }
            XCTAssertEqual(decodable, action)
        }
    }

    func testTheReaderTakesTheFastPathAndFallsBackToDecodableWhenItRefuses() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory.appendingPathComponent("fast.jsonl").path
        let recorder = try ActionRecorder(path: path, initialState: FastShopState(), mode: .durable)
        let store = Store(reducer: fastShopReducer, state: FastShopState(), middleware: [recorder.middleware])
        for _ in 0..<50 { for action in actions { store.dispatch(action) } }
        try recorder.close()

        let before = FastPathCounter.shared.value
        let replay = try Replayer(path: path, reducer: fastShopReducer)
        XCTAssertGreaterThan(FastPathCounter.shared.value, before, "the reader decoded lines through the fast path")
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.steps.map(\.action), Array(repeating: actions, count: 50).flatMap { $0 })
        XCTAssertEqual(replay.finalState, store.state)
    }

    func testForgivingFormsTheFastPathRefusesStillDecodeThroughDecodable() throws {
        // A second, unknown member beside the case: synthesised `Decodable` ignores it, the fast
        // path (one member only) refuses, and the reader still gets the action.
        let directory = try makeTemporaryDirectory(self)
        let path = directory.appendingPathComponent("forgiving.jsonl").path
        let recorder = try ActionRecorder(path: path, initialState: FastShopState(), mode: .durable)
        let store = Store(reducer: fastShopReducer, state: FastShopState(), middleware: [recorder.middleware])
        store.dispatch(.noted("x"))
        try recorder.close()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let edited = lines[1].replacingOccurrences(of: "{\"noted\":", with: "{\"futureHint\":1,\"noted\":")
        XCTAssertNotEqual(edited, lines[1])
        try ([lines[0], resealed(edited)].joined(separator: "\n") + "\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        let reader = try ActionLogReader<FastShopState>(path: path)
        XCTAssertEqual(try reader.next()?.action, .noted("x"))
    }

    func testAnUnknownCaseIsStillRefusedByNameWithAFastPath() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory.appendingPathComponent("unknown.jsonl").path
        let recorder = try ActionRecorder(path: path, initialState: FastShopState(), mode: .durable)
        let store = Store(reducer: fastShopReducer, state: FastShopState(), middleware: [recorder.middleware])
        store.dispatch(.cleared)
        try recorder.close()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let edited = resealed(lines[1].replacingOccurrences(of: "\"cleared\"", with: "\"teleported\""))
        try ([lines[0], edited].joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let reader = try ActionLogReader<FastShopState>(path: path)
        XCTAssertThrowsError(try reader.next()) { error in
            guard case .unknownAction(_, let line, let name, _) = error as? ActionLogError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(line, 2)
            XCTAssertEqual(name, "teleported")
        }
    }

    func testLogValueReadsScalarsMembersAndArraysAndRefusesWrongShapes() throws {
        struct Probe: LogDecodable, Equatable {
            var text: String
            var flag: Bool
            var small: Int8
            var ratio: Double
            var amount: Decimal
            var absent: String?
            var nothing: String?
            var values: [Int]
            var hasNothing: Bool

            init(logValue value: LogValue) throws {
                text = try value.require("text").string()
                flag = try value.require("flag").bool()
                small = try value.require("small").integer()
                ratio = try value.require("ratio").double()
                amount = try value.require("amount").decimal()
                absent = try value.member("absent")?.string()
                nothing = try value.member("nothing")?.string()
                values = try value.require("values").array(of: Int.self)
                hasNothing = value.contains("nothing")
            }

            init(from decoder: any Decoder) throws { throw LogValue.Mismatch("unused") }
        }
        let probe = try LogDecoding.decode(
            Probe.self,
            json:
                #"{"text":"a\u00e9\"b","flag":true,"small":-128,"ratio":0.25,"amount":1.5e2,"nothing":null,"values":[1,2,3]}"#
        )
        XCTAssertEqual(probe.text, "a\u{E9}\"b")
        XCTAssertTrue(probe.flag)
        XCTAssertEqual(probe.small, -128)
        XCTAssertEqual(probe.ratio, 0.25)
        XCTAssertEqual(probe.amount, 150, "exponent forms go through the Decodable path, exactly")
        XCTAssertNil(probe.absent)
        XCTAssertNil(probe.nothing)
        XCTAssertTrue(probe.hasNothing)
        XCTAssertEqual(probe.values, [1, 2, 3])

        let wrong = [
            #"{"text":1,"flag":true,"small":1,"ratio":1,"amount":"1","values":[]}"#,
            #"{"text":"","flag":1,"small":1,"ratio":1,"amount":"1","values":[]}"#,
            #"{"text":"","flag":true,"small":128,"ratio":1,"amount":"1","values":[]}"#,
            #"{"text":"","flag":true,"small":1.5,"ratio":1,"amount":"1","values":[]}"#,
            #"{"text":"","flag":true,"small":1,"ratio":"x","amount":"1","values":[]}"#,
            #"{"text":"","flag":true,"small":1,"ratio":1,"amount":"1x","values":[]}"#,
            #"{"text":"","flag":true,"small":1,"ratio":1,"amount":"1","values":{}}"#,
            #"{"flag":true,"small":1,"ratio":1,"amount":"1","values":[]}"#,
            #"[]"#,
        ]
        for json in wrong { XCTAssertThrowsError(try LogDecoding.decode(Probe.self, json: json), json) }
    }

    func testSingleMemberNameMatchesLiteralsByTheirBytesAndRefusesEscapedNames() throws {
        func matched(_ json: String) throws -> String { try LogDecoding.decode(CaseNameProbe.self, json: json).which }
        XCTAssertEqual(try matched(#"{"a":{}}"#), "literal a")
        XCTAssertEqual(try matched(#"{"ab":{}}"#), "literal ab")
        XCTAssertEqual(try matched(#"{"editShippingContactTapped":{}}"#), "literal editShippingContactTapped")
        // A prefix, a longer name, another case, an empty name and a non-ASCII name match none.
        XCTAssertEqual(try matched(#"{"abc":{}}"#), "none: abc")
        XCTAssertEqual(try matched(#"{"b":{}}"#), "none: b")
        XCTAssertEqual(try matched(#"{"":{}}"#), "none: ")
        XCTAssertEqual(try matched(#"{"é":{}}"#), "none: é")
        // An escaped name (which the package's encoders never write) is left to `Decodable`; so
        // are objects without exactly one member.
        for json in [#"{"\u0061":{}}"#, #"{}"#, #"{"a":{},"b":{}}"#, #"[]"#] {
            XCTAssertThrowsError(try matched(json), json)
        }
    }

    func testIsObjectIsTrueForObjectsOnly() throws {
        struct Shape: LogDecodable {
            var isObject: Bool
            init(logValue value: LogValue) throws { isObject = value.isObject }
            init(from decoder: any Decoder) throws { throw LogValue.Mismatch("unused") }
        }
        XCTAssertTrue(try LogDecoding.decode(Shape.self, json: #"{"a":1}"#).isObject)
        XCTAssertTrue(try LogDecoding.decode(Shape.self, json: "{}").isObject)
        for json in ["[]", "null", "1", #""{}""#, "true"] {
            XCTAssertFalse(try LogDecoding.decode(Shape.self, json: json).isObject, json)
        }
    }

    func testStringsReadExactlyWhetherTheyAreASCIIOrNot() throws {
        struct Text: LogDecodable {
            var value: String
            init(logValue value: LogValue) throws { self.value = try value.string() }
            init(from decoder: any Decoder) throws { throw LogValue.Mismatch("unused") }
        }
        let texts = [
            "", "a", "abcdefgh", "abcdefghijklmnopq", "\u{E9}", "abcdefgh\u{E9}", "\u{2603}abcdefghijklmnop",
            "abcdefgh\u{1F1EC}\u{1F1E7}xyz", "abcdefghijklmno\u{7F}",
        ]
        for text in texts {
            XCTAssertEqual(try LogDecoding.decode(Text.self, json: "\"\(text)\"").value, text)
        }
    }

    func testStringsOfEveryLengthAroundTheSmallStringSizeReadExactly() throws {
        struct Text: LogDecodable {
            var value: String
            init(logValue value: LogValue) throws { self.value = try value.string() }
            init(from decoder: any Decoder) throws { throw LogValue.Mismatch("unused") }
        }
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for length in 0...20 {
            let text = String(letters.prefix(length))
            XCTAssertEqual(try LogDecoding.decode(Text.self, json: "\"\(text)\"").value, text, "length \(length)")
            XCTAssertEqual(try LogDecoding.decode(Text.self, json: "\"\(text)\u{E9}\"").value, text + "\u{E9}")
        }
    }

    func testMembersAreFoundByTheirWholeNameAtEveryLength() throws {
        // Names of 0 to 24 bytes (the word-at-a-time comparison's cases: under 4, 4 to 7, 8, and
        // longer with an overlapping last word), each beside names that differ from it in one byte
        // at every position, which must not match.
        struct Lookup: LogDecodable {
            static let names: [StaticString] = [
                "", "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi",
                "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopqrstuvwx",
            ]
            var found: [Int?]
            init(logValue value: LogValue) throws { found = try Self.names.map { try value.member($0)?.int() } }
            init(from decoder: any Decoder) throws { throw LogValue.Mismatch("unused") }
        }
        for (index, name) in Lookup.names.enumerated() {
            let text = name.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
            var decoys: [String] = []
            for offset in 0..<text.count {
                var changed = Array(text)
                changed[offset] = "Z"
                decoys.append(String(changed))
            }
            decoys.append(text + "Z")
            if !text.isEmpty { decoys.append(String(text.dropLast())) }
            let members = decoys.enumerated().map { "\"\($1)\":\($0 + 100)" }
            let json = "{" + (members + ["\"\(text)\":7"]).joined(separator: ",") + "}"
            XCTAssertEqual(try LogDecoding.decode(Lookup.self, json: json).found[index], 7, json)
            let without = "{" + members.joined(separator: ",") + "}"
            XCTAssertNil(try LogDecoding.decode(Lookup.self, json: without).found[index], without)
        }
    }

    func testDictionaryReadsEachMemberAndLeavesTheOddCasesToDecodable() throws {
        struct Table: LogDecodable {
            var fast: [String: Int]?
            init(logValue value: LogValue) throws { fast = value.dictionary { try $0.int() } }
            init(from decoder: any Decoder) throws { throw LogValue.Mismatch("unused") }
        }
        XCTAssertEqual(try LogDecoding.decode(Table.self, json: "{}").fast, [:])
        XCTAssertEqual(
            try LogDecoding.decode(Table.self, json: #"{"a":1,"Content-Type":2,"\u00e9":3}"#).fast, nil,
            "a name with escapes is left to Decodable")
        XCTAssertEqual(
            try LogDecoding.decode(Table.self, json: #"{"a":1,"Content-Type":2,"é":3}"#).fast,
            ["a": 1, "Content-Type": 2, "é": 3])
        for json in [#"{"a":1,"a":2}"#, #"{"a":"1"}"#, #"{"a":null}"#, "[]", "1", #""a""#] {
            XCTAssertNil(try LogDecoding.decode(Table.self, json: json).fast, json)
        }
        // What the fast path gives is what `Decodable` gives, where both read it.
        let json = #"{"x":1,"y":-2,"longer-name-here":30}"#
        XCTAssertEqual(
            try LogDecoding.decode(Table.self, json: json).fast,
            try JSONDecoder().decode([String: Int].self, from: Data(json.utf8)))
    }

    /// A line with its checksum recomputed after an edit.
    private func resealed(_ line: String) -> String {
        guard let range = line.range(of: ",\"crc\":\"") else { return line }
        let body = String(line[..<range.lowerBound])
        let hex = String(LineChecksum.compute(body), radix: 16)
        return body + #","crc":""# + String(repeating: "0", count: 8 - hex.count) + hex + "\"}"
    }
}

/// Which literal an enum case's name matched through ``LogValue/singleMemberName()``, or the name
/// when none did.
private struct CaseNameProbe: LogDecodable {
    var which: String

    init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        guard payload.isObject else { throw LogValue.Mismatch("the payload is not an object") }
        switch name {
        case "a": which = "literal a"
        case "ab": which = "literal ab"
        case "editShippingContactTapped": which = "literal editShippingContactTapped"
        default: which = "none: \(name)"
        }
    }

    init(from decoder: any Decoder) throws { throw LogValue.Mismatch("unused") }
}
