import Foundation
import StateStore
import XCTest

/// `JSONValue` through Foundation's coders: a number travels as a `Decimal`.
final class JSONValueTests: XCTestCase {
    func testFoundationCodersRoundTripValuesADecimalHolds() throws {
        let value: JSONValue = .object([
            JSONMember(key: "amount", value: .number("12.5")),
            JSONMember(key: "flag", value: .bool(true)),
            JSONMember(key: "items", value: .array([.string("a"), .null, .number("-3")])),
        ])
        let data = try JSONEncoder().encode(value)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
        XCTAssertEqual(decoded, value)
    }

    func testBooleansStayBooleansAndNumbersStayNumbers() throws {
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(#"[true, 1, 0, "1"]"#.utf8))
        XCTAssertEqual(decoded, .array([.bool(true), .number("1"), .number("0"), .string("1")]))
    }

    func testANumberNoDecimalHoldsIsRefusedWhenEncoding() {
        XCTAssertThrowsError(try JSONEncoder().encode(JSONValue.array([.number("1e400")])))
    }

    func testJSONTextKeepsMemberOrderAndEscapes() {
        let value: JSONValue = .object([
            JSONMember(key: "b", value: .string("say \"hi\"\n")),
            JSONMember(key: "a", value: .number("1.50")),
        ])
        XCTAssertEqual(value.jsonText, #"{"b":"say \"hi\"\n","a":1.50}"#)
        XCTAssertEqual(value["a"], .number("1.50"))
        XCTAssertNil(value["missing"])
    }
}
