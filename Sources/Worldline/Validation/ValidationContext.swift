public import Foundation

/// What validation needs besides the value: the clock (for expiry dates) and, for rules that look
/// at other fields, the request's values.
///
/// The clock is injectable so that tests and replays validate the same on every day:
///
/// ```swift
/// let november2026 = ValidationContext(now: someDate, calendar: utcCalendar)
/// field.validateValue("1126", context: november2026)  // []
/// ```
public struct ValidationContext: Sendable {
    /// The moment "now" (the expiry-date rule compares with its month and year).
    public var now: Date
    /// The calendar that splits ``now`` into month and year (Gregorian, device time zone by default).
    public var calendar: Calendar
    /// The request's unmasked `fiscalNumber`, for the Boleto Bancario requiredness rule.
    public var fiscalNumber: String?

    /// Creates a context at `now`.
    public init(now: Date = Date(), calendar: Calendar = ValidationContext.gregorian, fiscalNumber: String? = nil) {
        self.now = now
        self.calendar = calendar
        self.fiscalNumber = fiscalNumber
    }

    /// A Gregorian calendar in the device's time zone (the SDK v7 pins Gregorian too).
    public static var gregorian: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar
    }
}
