public import Foundation
import StateStore

/// The value of an analytics event's parameter, typed as the e-commerce convention (GA4 /
/// Firebase) types it: text, a whole number, an amount of money, or the list of items.
///
/// Money stays `Decimal` inside the engine, never binary floating point; a sink converts it at
/// its own edge. For `[String: Any]` APIs such as Firebase's, ``foundationValue`` does that
/// conversion (see ``CheckoutAnalyticsEvent/foundationParameters``).
///
/// ```swift
/// switch event.parameters["value"] {
/// case .decimal(let amount): revenue += amount
/// default: break
/// }
/// ```
public enum CheckoutAnalyticsValue: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// Text (`currency`, `transaction_id`, `shipping_tier`, …).
    case string(String)
    /// A whole number (`status_code`, `payment_attempt`).
    case integer(Int)
    /// An amount of money in major units of the event's `currency` (`value`, `shipping`, `tax`).
    case decimal(Decimal)
    /// The event's items (`items`).
    case items([CheckoutAnalyticsItem])

    /// The value as the Foundation types `[String: Any]` analytics APIs take: a `String`, an
    /// `NSNumber` (an integer exactly; an amount as the `Double` nearest to its decimal text, the
    /// one conversion to binary floating point, made here at the edge), or `[[String: Any]]` for
    /// items. `nil` for an amount that is not a number (NaN), which such APIs refuse; the engine
    /// sends none, but an event built in code may hold one.
    ///
    /// ```swift
    /// CheckoutAnalyticsValue.decimal(Decimal(string: "45.95")!).foundationValue  // NSNumber(45.95)
    /// ```
    public var foundationValue: Any? {
        switch self {
        case .string(let text): return text
        case .integer(let number): return NSNumber(value: number)
        case .decimal(let amount): return Self.number(amount)
        case .items(let items): return items.map(\.foundationParameters)
        }
    }

    /// The nearest `Double` to `amount`, read from its exact decimal text (correctly rounded,
    /// unlike `NSDecimalNumber.doubleValue`), or `nil` for NaN.
    static func number(_ amount: Decimal) -> NSNumber? {
        guard !amount.isNaN, let double = Double(amount.description), double.isFinite else { return nil }
        return NSNumber(value: double)
    }

    /// The value as `checkout replay` and the demo print it: text as it is (quoted, as in JSON,
    /// when it holds spaces, `=`, quotes or control characters), numbers as their exact decimal
    /// text, items as `[{item_id=… item_name=… price=… quantity=…}, …]`.
    public var description: String {
        switch self {
        case .string(let text): return Self.printable(text)
        case .integer(let number): return String(number)
        case .decimal(let amount): return amount.description
        case .items(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        }
    }

    /// Encodes the value as JSON's own type: a string, a number, or an array of items (an amount
    /// as `Decimal` encodes, which the canonical encoder writes as exact decimal text).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .integer(let number): try container.encode(number)
        case .decimal(let amount): try container.encode(amount)
        case .items(let items): try container.encode(items)
        }
    }

    /// `text`, or a JSON string literal of it when printing it bare would be ambiguous on a
    /// `key=value` line.
    static func printable(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.value > 0x20 && scalar.value != 0x7F && scalar != "=" && scalar != "\"" && scalar != "\\"
                    && !scalar.properties.isWhitespace
            }
        return plain ? text : JSONValue.string(text).jsonText
    }
}
