import Foundation
import StateStore
import StoreTestSupport
import XCTest

@testable import ActionLog

/// `CanonicalEncoder.compactJSONBytes` (what fingerprints hash) writes the encoder's tree
/// straight to bytes; `CanonicalEncoder.encode(_:).compactJSONBytes` makes a `CanonicalValue`
/// first. Recorded fingerprints were made the second way: the two must agree to the byte on
/// values of every shape, here random trees from a fixed seed (the checkout's own states are
/// compared in CheckoutTests' `CanonicalBytesTests`).
final class CanonicalBytesRandomTests: XCTestCase {
    /// A value of any shape `Codable` writes: scalars, optionals (left out when `nil`), lists,
    /// string- and integer-keyed dictionaries (objects), non-string-keyed ones and sets (lists put
    /// in canonical order), enum cases with payloads, and a key written twice.
    private indirect enum Tree: Encodable {
        case text(String)
        case amount(Decimal)
        case count(Int)
        case ratio(Double)
        case flag(Bool)
        case date(Date)
        case maybe(String?, Tree?)
        case list([Tree])
        case byName([String: Tree])
        case byNumber([Int: Tree])
        case byRatio([Double: Tree])
        case tags(Set<String>)
        case twice(Twice)
        case empty
    }

    private struct Twice: Encodable {
        var first: Int
        var second: Tree

        enum CodingKeys: String, CodingKey { case b, a }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(first, forKey: .b)
            try container.encode(second, forKey: .a)
            try container.encode(first + 1, forKey: .b)
        }
    }

    private static let alphabet: [String] = ["a", "B", "z", "é", "\"", "\\", "\n", "\u{1}", "😀", "0", " ", "_", "ab"]

    private func text(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...6, using: &random)).map { _ in Self.alphabet.randomElement(using: &random) ?? "" }
            .joined()
    }

    private func tree(_ random: inout SplitMix64, depth: Int) -> Tree {
        let leaves = 7
        let kind = Int.random(in: 0..<(depth > 3 ? leaves : 14), using: &random)
        switch kind {
        case 0: return .text(text(&random))
        case 1:
            return .amount(Decimal(Int.random(in: -100_000...100_000, using: &random)) / 100)
        case 2: return .count(Int.random(in: Int.min...Int.max, using: &random))
        case 3: return .ratio(Double(Int.random(in: -1000...1000, using: &random)) / 8)
        case 4: return .flag(Bool.random(using: &random))
        case 5: return .date(Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &random))))
        case 6: return .empty
        case 7:
            return .maybe(
                Bool.random(using: &random) ? text(&random) : nil,
                Bool.random(using: &random) ? tree(&random, depth: depth + 1) : nil)
        case 8: return .list((0..<Int.random(in: 0...4, using: &random)).map { _ in tree(&random, depth: depth + 1) })
        case 9:
            var members: [String: Tree] = [:]
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                members[text(&random)] = tree(&random, depth: depth + 1)
            }
            return .byName(members)
        case 10:
            var members: [Int: Tree] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                members[Int.random(in: -50...50, using: &random)] = tree(&random, depth: depth + 1)
            }
            return .byNumber(members)
        case 11:
            var members: [Double: Tree] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                members[Double(Int.random(in: -50...50, using: &random)) / 4] = tree(&random, depth: depth + 1)
            }
            return .byRatio(members)
        case 12: return .tags(Set((0..<Int.random(in: 0...5, using: &random)).map { _ in text(&random) }))
        default:
            return .twice(Twice(first: Int.random(in: 0...9, using: &random), second: tree(&random, depth: depth + 1)))
        }
    }

    func testRandomValuesWriteTheCanonicalValuesBytes() throws {
        var random = SplitMix64(seed: 0x5EED_0017)
        for index in 0..<2_000 {
            let value = tree(&random, depth: 0)
            let direct = try CanonicalEncoder.compactJSONBytes(value)
            let throughValue = try CanonicalEncoder.encode(value).compactJSONBytes
            XCTAssertEqual(
                String(decoding: direct, as: UTF8.self), String(decoding: throughValue, as: UTF8.self), "value \(index)"
            )
            guard direct == throughValue else { return }
            XCTAssertEqual(try Fingerprint.of(value), Fingerprint.of(canonical: try CanonicalEncoder.encode(value)))
        }
    }

    func testAScalarAndAnEmptyObjectAtTheTopWriteTheSameBytes() throws {
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        XCTAssertEqual(try CanonicalEncoder.compactJSONBytes(Nothing()), Array("{}".utf8))
        XCTAssertEqual(
            try CanonicalEncoder.compactJSONBytes(Nothing()), try CanonicalEncoder.encode(Nothing()).compactJSONBytes)
        XCTAssertEqual(try CanonicalEncoder.compactJSONBytes(Decimal(string: "12.50")), Array("\"12.5\"".utf8))
        XCTAssertEqual(
            try CanonicalEncoder.compactJSONBytes([1, 2]), try CanonicalEncoder.encode([1, 2]).compactJSONBytes)
    }
}
