import Foundation
import StoreTestSupport
import XCTest

@testable import ActionLog

/// The writer's integers, keys and decimals, written without `String`, against the text the
/// general path writes for them (`String(value)`, the quoted name, the escaped plain text), over
/// random and extreme values.
final class LogWriterFastPathTests: XCTestCase {
    private func written(_ body: (inout LogWriter) -> Void) -> String {
        var writer = LogWriter(bytes: [])
        body(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    func testIntegersAreWrittenAsTheirDecimalTextAtEveryMagnitudeAndWidth() {
        var random = SplitMix64(seed: 19)
        var values: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, -100, .max, .min, .max - 1, .min + 1]
        for _ in 0..<3000 {
            values.append(Int64(bitPattern: random.next()) >> Int64(random.next() % 64))
        }
        for value in values {
            XCTAssertEqual(written { $0.integer(value) }, String(value))
            XCTAssertEqual(written { $0.integer(Int(value)) }, String(value))
        }
        for _ in 0..<500 {
            let value = random.next() | (1 << 63)
            XCTAssertEqual(written { $0.integer(value) }, String(value), "beyond Int64: the string path")
        }
        XCTAssertEqual(written { $0.integer(UInt64.max) }, "18446744073709551615")
        XCTAssertEqual(written { $0.integer(Int8.min) }, "-128")
        XCTAssertEqual(written { $0.integer(UInt8.max) }, "255")
        XCTAssertEqual(written { $0.integer(Int32.min) }, "-2147483648")
    }

    func testKeysAreWrittenQuotedAfterTheirCommaShortOrLong() {
        // 60 bytes take the stack buffer; 61 take the appends.
        let sixty: StaticString = "abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij"
        let sixtyOne: StaticString = "abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijk"
        XCTAssertEqual(sixty.utf8CodeUnitCount, 60)
        let text = written { log in
            log.beginObject()
            log.key("a")
            log.integer(1)
            log.key("caf\u{E9} \u{1F600}")
            log.null()
            log.key(sixty)
            log.bool(true)
            log.key(sixtyOne)
            log.beginArray()
            log.endArray()
            log.key("")
            log.integer(-2)
            log.endObject()
        }
        let expected =
            #"{"a":1,"caf\#u{E9} \#u{1F600}":null,""# + "\(sixty)" + #"":true,""# + "\(sixtyOne)"
            + #"":[],"":-2}"#
        XCTAssertEqual(text, expected)
    }

    func testDecimalsAreWrittenAsTheQuotedPlainTextTheStringPathWrites() throws {
        var random = SplitMix64(seed: 1919)
        var values: [Decimal] = [
            0, 1, -1, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude, -.greatestFiniteMagnitude,
            try XCTUnwrap(Decimal(string: "12.50")), try XCTUnwrap(Decimal(string: "0.000001")),
            try XCTUnwrap(Decimal(string: "-7")), try XCTUnwrap(Decimal(string: "123456789012345678901234567890.5")),
            try XCTUnwrap(Decimal(string: "1e30")), try XCTUnwrap(Decimal(string: "-1e-30")),
        ]
        for _ in 0..<3000 {
            let significand = Decimal(random.next() >> (random.next() % 64))
            let exponent = Int(random.next() % 81) - 40
            let sign: FloatingPointSign = random.next() % 2 == 0 ? .plus : .minus
            values.append(Decimal(sign: sign, exponent: exponent, significand: significand))
            // Beyond 64 bits of significand: `description`'s path.
            values.append(Decimal(sign: sign, exponent: exponent, significand: significand * Decimal(random.next())))
        }
        for value in values {
            var expected: [UInt8] = []
            StreamingJSONEncoder.appendString(value.plainDescription, to: &expected)
            XCTAssertEqual(written { $0.decimal(value) }, String(decoding: expected, as: UTF8.self), "\(value)")
        }
    }
}

final class PersonalKindTests: XCTestCase {
    func testKindsAreEqualAndHashAlikeExactlyWhenTheyAreTheSameCase() {
        let kinds = PersonalKind.allCases
        for first in kinds {
            for second in kinds {
                XCTAssertEqual(first == second, first.rawValue == second.rawValue)
                if first == second { XCTAssertEqual(first.hashValue, second.hashValue) }
                XCTAssertEqual(DataClass.personal(first) == .personal(second), first.rawValue == second.rawValue)
            }
        }
        XCTAssertEqual(Set(kinds).count, kinds.count)
        XCTAssertEqual(Set(kinds.map(\.ordinal)).count, kinds.count, "each case its own position")
        var counts: [PersonalKind: Int] = [:]
        for kind in kinds + kinds.reversed() { counts[kind, default: 0] += 1 }
        XCTAssertEqual(counts.count, kinds.count)
        XCTAssertTrue(counts.values.allSatisfy { $0 == 2 })
    }
}
