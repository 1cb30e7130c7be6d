import ActionLog
import Checkout
import Foundation
import StateStore
import XCTest

/// A value a log line holds writes the same bytes in every process: the entries of its
/// dictionaries and sets are written sorted, not in hash order (Swift seeds hashing per process,
/// so hash order changes from run to run; an export under a kept key must not).
final class LogLineOrderTests: XCTestCase {
    /// Names that no hash order is likely to keep sorted: 40 of them, in reverse.
    private let names = (0..<40).map { String(format: "X-Header-%02d", $0) }.reversed()

    func testAWebSessionsHeadersAreWrittenSortedWhateverTheDictionarysOrder() throws {
        var headers: [String: Sensitive<String>] = [:]
        headers.reserveCapacity(500)
        for name in names { headers[name] = Sensitive("value") }
        let session = WebCheckoutSession(
            url: SensitiveURL("https://shop.example/checkout"), headers: headers, reference: "ref-1")
        let json = try LogEncoding.encodableJSON(CheckoutResultAction.webSessionLoaded(session, requestID: 7))
        let written = try positions(of: names.sorted(), in: json)
        XCTAssertEqual(written, written.sorted(), "headers in sorted order")
        // Another dictionary of the same entries, with another capacity (so another order).
        let compact = Dictionary(uniqueKeysWithValues: names.sorted().map { ($0, Sensitive("value")) })
        let again = WebCheckoutSession(
            url: SensitiveURL("https://shop.example/checkout"), headers: compact, reference: "ref-1")
        XCTAssertEqual(try LogEncoding.encodableJSON(CheckoutResultAction.webSessionLoaded(again, requestID: 7)), json)
        // And it reads back as it was.
        let decoded = try JSONValueDecoder().decode(CheckoutResultAction.self, from: try JSONParser.parse(json))
        guard case .webSessionLoaded(let read, requestID: 7) = decoded else {
            return XCTFail("read back as \(decoded)")
        }
        XCTAssertEqual(read.headers.count, 40)
    }

    func testAProvidersOverridesAndCurrenciesAreWrittenSorted() throws {
        let codes: [String] = (0..<30).map { index in
            let letter = Character(UnicodeScalar(UInt8(65 + index % 26)))
            return "\(letter)Q\(index)"
        }
        var overrides: [String: Int] = [:]
        overrides.reserveCapacity(300)
        for code in codes.reversed() { overrides[code] = 2 }
        let provider = PaymentProviderDescriptor(
            id: "adyen", displayName: "Adyen", supportedCurrencies: Set(codes), minorUnitOverrides: overrides)
        let json = try LogEncoding.encodableJSON(provider)
        let overridesRange: Range<String.Index>? = json.range(of: #""minorUnitOverrides":{"#)
        let currenciesRange: Range<String.Index>? = json.range(of: #""supportedCurrencies":["#)
        let overridesText = try XCTUnwrap(overridesRange).upperBound
        let currenciesText = try XCTUnwrap(currenciesRange).upperBound
        let currencies = String(json[currenciesText...].prefix { $0 != "]" })
        XCTAssertEqual(currencies, codes.sorted().map { "\"\($0)\"" }.joined(separator: ","))
        let members = String(json[overridesText...].prefix { $0 != "}" })
        XCTAssertEqual(members, codes.sorted().map { "\"\($0)\":2" }.joined(separator: ","))
        let decoded = try JSONValueDecoder().decode(PaymentProviderDescriptor.self, from: try JSONParser.parse(json))
        XCTAssertEqual(decoded, provider)
    }

    /// Where each name's first quoted occurrence starts in `text`.
    private func positions(of names: [String], in text: String) throws -> [Int] {
        try names.map { name in
            let range = try XCTUnwrap(text.range(of: "\"\(name)\""), "\(name) is written")
            return text.distance(from: text.startIndex, to: range.lowerBound)
        }
    }
}
