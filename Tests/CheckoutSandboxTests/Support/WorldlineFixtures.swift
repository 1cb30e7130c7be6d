import Foundation
import Worldline

/// The parts of WorldlineTests' support that `WorldlineSandboxTests` uses (copies: the test moved
/// here with the sandbox).
enum SessionFactory {
    static let context = PaymentContext(
        amountOfMoney: PaymentAmountOfMoney(totalAmount: 1999, currencyCode: "EUR"), isRecurring: false,
        countryCode: "NL", locale: "en_US")
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

/// A test double for the encryptor: records what it was given and returns a fixed marker
/// instead of a JWE (the real encryption is tested in the CheckoutCrypto module).
final class RecordingEncryptor: PaymentRequestEncryptor, @unchecked Sendable {
    struct Call {
        var plaintext: Data
        var keyId: String
        var publicKey: String
    }

    private let lock = NSLock()
    private var recorded: [Call] = []
    let failure: (any Error & Sendable)?

    init(failure: (any Error & Sendable)? = nil) {
        self.failure = failure
    }

    var calls: [Call] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func encrypt(plaintext: Data, keyId: String, publicKey: String) throws -> String {
        lock.lock()
        recorded.append(Call(plaintext: plaintext, keyId: keyId, publicKey: publicKey))
        lock.unlock()
        if let failure { throw failure }
        return "test-double-jwe.\(keyId)"
    }
}
