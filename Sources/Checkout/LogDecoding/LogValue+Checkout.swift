import ActionLog
import Foundation
import StateStore

/// The readings the checkout's ``LogDecodable`` conformances share, each mirroring exactly what
/// the type's `Decodable` does with the same JSON (or throwing, so that `Decodable` decides).
extension LogValue {
    /// The payload object of a synthesised-`Decodable` enum case (`{"case": {...}}`), which must
    /// be an object even when the case reads nothing from it or only optionals.
    func casePayload() throws -> LogValue {
        guard isObject else { throw LogValue.Mismatch("expected an object as an enum case's payload") }
        return self
    }

    /// A decimal written as a decimal string or a JSON number, as `decodeFlexibleDecimal(forKey:)`
    /// reads it: a string through ``DecimalParsing/parse(_:)``, a number as `Decimal` within
    /// ``DecimalParsing/numberProblem(_:)``'s bounds.
    func flexibleDecimal() throws -> Decimal {
        // The common case, read from the line's bytes: what `DecimalParsing.parse(_:)` returns
        // first for a plain decimal string (a string made for it cost about 300 instructions).
        if let value = plainDecimalString() { return value }
        if let text = try? string() {
            guard let value = DecimalParsing.parse(text) else {
                throw LogValue.Mismatch("\"\(text)\" is not a decimal number")
            }
            return value
        }
        let value = try decimal()
        if let problem = DecimalParsing.numberProblem(value) { throw LogValue.Mismatch(problem) }
        return value
    }

    /// A price, cost or total, as `decodeNonNegativeDecimal(forKey:)` reads it: a flexible decimal
    /// that is not negative.
    func nonNegativeDecimal() throws -> Decimal {
        let value = try flexibleDecimal()
        if let problem = DecimalParsing.negativeProblem(value) { throw LogValue.Mismatch(problem) }
        return value
    }

    /// A count, as `decodeCount(forKey:)` reads it: an integer from 0 to `Int.max`.
    func count() throws -> Int {
        let value = try int()
        guard value >= 0 else { throw LogValue.Mismatch("\(value) is negative; a count is 0 or more") }
        return value
    }

    /// A `Sensitive<String>`: the redaction marker reads as a redacted value, any other string as
    /// the secret, as `Sensitive`'s `Decodable` reads it.
    func sensitiveString() throws -> Sensitive<String> {
        let text = try string()
        return text == Sensitive<String>.redactionMarker ? .redacted : Sensitive(text)
    }

    /// A `SensitiveURL`, as its `Decodable` reads it (``SensitiveURL/init(logged:)``).
    func sensitiveURL() throws -> SensitiveURL {
        SensitiveURL(logged: try string())
    }

    /// A `String`-backed enum's case, from its raw value.
    func rawValue<Value: RawRepresentable>(_ type: Value.Type = Value.self) throws -> Value
    where Value.RawValue == String {
        let text = try string()
        guard let value = Value(rawValue: text) else {
            throw LogValue.Mismatch("\"\(text)\" is not a \(Value.self)")
        }
        return value
    }
}

/// The error a conformance throws for a case name its enum does not have: `Decodable` then
/// decides, and names the unknown case.
func unknownCase<T>(_ name: String, of type: T.Type) -> LogValue.Mismatch {
    LogValue.Mismatch("\(T.self) has no case \"\(name)\"")
}

/// The same, for a case name read in place (``LogValue/singleMemberName()``).
func unknownCase<T>(_ name: LogName, of type: T.Type) -> LogValue.Mismatch {
    unknownCase(name.description, of: type)
}
