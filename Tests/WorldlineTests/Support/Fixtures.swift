import Foundation
import XCTest

@testable import Worldline

/// The spec's sample JSON (§2.6), the same files the stub server and CheckoutSandbox's
/// `WorldlineSandbox` serve.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CheckoutSandbox/Resources/WorldlineSandbox")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent("\(name).json"))
    }

    static func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try WorldlineJSON.decode(type, from: data(name))
    }

    /// Decodes `json` text, for tests that build malformed bodies inline.
    static func decode<T: Decodable>(_ type: T.Type, json: String) throws -> T {
        try WorldlineJSON.decode(type, from: Data(json.utf8))
    }

    static func product1() throws -> PaymentProduct { try decode(PaymentProduct.self, "product_1") }
    static func product809() throws -> PaymentProduct { try decode(PaymentProduct.self, "product_809") }
    static func products() throws -> BasicPaymentProducts { try decode(BasicPaymentProducts.self, "products") }
    static func groups() throws -> BasicPaymentProductGroups {
        try decode(BasicPaymentProductGroups.self, "productgroups")
    }
}

/// A fixed clock for the expiry-date rule: 2026-11-21 12:00 UTC, the date of the spec's examples.
enum FixedClock {
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        return calendar
    }

    static func context(year: Int = 2026, month: Int = 11, day: Int = 21) -> ValidationContext {
        let components = DateComponents(year: year, month: month, day: day, hour: 12)
        let date = utc.date(from: components) ?? Date(timeIntervalSince1970: 0)
        return ValidationContext(now: date, calendar: utc)
    }
}
