import ActionLog
import Foundation
import StateStore
import StoreTestSupport
import XCTest

final class CanonicalEncoderTests: XCTestCase {
    private struct Line: Codable {
        var sku: String
        var price: Decimal
        var quantity: Int
    }

    private struct Cart: Codable {
        var zeta: Bool
        var alpha: [Line]
        var note: String?
        var link: URL
        var weights: [Double]
    }

    private let cart = Cart(
        zeta: true,
        alpha: [Line(sku: "A\"1", price: Decimal(string: "12.50") ?? 0, quantity: 2)],
        note: nil,
        link: URL(string: "https://shop.example/cart?id=1") ?? URL(fileURLWithPath: "/"),
        weights: [1, 0.25]
    )

    func testSortsKeysKeepsDecimalsAsStringsAndLeavesOutNil() throws {
        let json = try CanonicalEncoder.encode(cart).compactJSON
        XCTAssertEqual(
            json,
            #"{"alpha":[{"price":"12.5","quantity":2,"sku":"A\"1"}],"link":"https://shop.example/cart?id=1","#
                + #""weights":[1,0.25],"zeta":true}"#
        )
    }

    func testRenderedLinesPutOneScalarOnEachLine() throws {
        let lines = try CanonicalEncoder.encode(cart).renderedLines
        XCTAssertEqual(
            lines,
            [
                #"alpha[0].price: "12.5""#,
                "alpha[0].quantity: 2",
                #"alpha[0].sku: "A\"1""#,
                #"link: "https://shop.example/cart?id=1""#,
                "weights[0]: 1",
                "weights[1]: 0.25",
                "zeta: true",
            ]
        )
    }

    func testEnumsWithAssociatedValuesEncodeDeterministically() throws {
        let action = CounterState.Action.startWork(id: "w", value: 3)
        XCTAssertEqual(try CanonicalEncoder.encode(action).compactJSON, #"{"startWork":{"id":"w","value":3}}"#)
    }

    func testFingerprintIsStableAndTellsStatesApart() throws {
        let first = try Fingerprint.of(CounterState(count: 1))
        XCTAssertEqual(first, try Fingerprint.of(CounterState(count: 1)))
        XCTAssertNotEqual(first, try Fingerprint.of(CounterState(count: 2)))
        XCTAssertEqual(Fingerprint(hex: first.description), first)
        XCTAssertEqual(first.description.count, 16)
        // FNV-1a 64 of the two bytes "{}", computed independently (Python): pins the algorithm.
        XCTAssertEqual(Fingerprint.of(canonical: .object([])).description, "08f44b07b5901a25")
    }

    func testNonFiniteNumbersAreAnEncodingErrorNotACrash() {
        XCTAssertThrowsError(try CanonicalEncoder.encode([Double.nan]))
    }

    func testAnEncodingErrorNamesThePathToTheBadValue() {
        struct Reading: Encodable { var values: [Double] }
        struct Sensor: Encodable { var readings: [String: Reading] }
        XCTAssertThrowsError(
            try CanonicalEncoder.encode(Sensor(readings: ["kitchen": Reading(values: [1, .infinity])]))
        ) {
            error in
            guard case .invalidValue(_, let context) = error as? EncodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["readings", "kitchen", "values", "1"])
        }
    }

    func testAKeyEncodedTwiceKeepsItsLastValue() throws {
        struct Twice: Encodable {
            enum CodingKeys: String, CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(1, forKey: .b)
                try container.encode(2, forKey: .a)
                try container.encode(3, forKey: .b)
            }
        }
        XCTAssertEqual(try CanonicalEncoder.encode(Twice()).compactJSON, #"{"a":2,"b":3}"#)
        // Past the scan limit for small objects the same rule holds.
        var many: [String: Int] = [:]
        for index in 0..<40 { many["k\(index)"] = index }
        let canonical = try CanonicalEncoder.encode(many)
        guard case .object(let members) = canonical else { return XCTFail("\(canonical)") }
        XCTAssertEqual(members.count, 40)
        XCTAssertEqual(members.map(\.key), many.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    func testStringsAreQuotedExactlyAsJSONWithControlCharactersEscaped() throws {
        let text = "a\"b\\c\nd\re\tf\u{1}g\u{1F}h\u{7F}i\u{E9}\u{1F600}"
        XCTAssertEqual(
            CanonicalValue.string(text).compactJSON, #""a\"b\\c\nd\re\tf\u0001g\u001fh"# + "\u{7F}i\u{E9}\u{1F600}\"")
        // It reads back as the same text.
        XCTAssertEqual(try JSONParser.parse(CanonicalValue.string(text).compactJSON), .string(text))
    }
}

final class CanonicalOrderTests: XCTestCase {
    private struct Unordered: Codable {
        var currencies: Set<String>
        var byCode: [String: Int]
        var byPoint: [Double: String]
    }

    /// Regression: a state holding a Set fingerprinted differently in the process that replayed
    /// it, because Set order is hash order and Swift seeds hashing per process.
    func testSetsAndNonStringKeyedDictionariesEncodeInSortedOrder() throws {
        let value = Unordered(
            currencies: ["USD", "GBP", "JPY", "EUR", "CHF", "AUD"],
            byCode: ["b": 2, "a": 1],
            byPoint: [2.5: "x", 0.5: "y", 1.5: "z"])
        XCTAssertEqual(
            try CanonicalEncoder.encode(value).compactJSON,
            #"{"byCode":{"a":1,"b":2},"byPoint":[0.5,"y",1.5,"z",2.5,"x"],"currencies":["AUD","CHF","EUR","GBP","JPY","USD"]}"#
        )
    }
}
