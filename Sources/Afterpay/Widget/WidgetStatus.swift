/// Whether the checkout widget's payment schedule may be captured.
///
/// Only ``valid(amountDueToday:checksum:)`` may proceed; its checksum identifies the payment
/// schedule the consumer saw and must travel with the capture (Afterpay rejects a capture whose
/// amount or checksum does not match). ``invalid(errorCode:message:)`` means checkout must not
/// proceed; the widget shows the reason to the consumer itself.
public enum WidgetStatus: Codable, Equatable, Hashable, Sendable {
    /// The schedule is acceptable. The checksum is nil in tokenless mode.
    case valid(amountDueToday: Money, checksum: String?)
    /// The schedule is not acceptable. Both values are nil unless the widget sent both as strings.
    case invalid(errorCode: String?, message: String?)

    /// Whether capture may proceed.
    public var isValid: Bool {
        if case .valid = self { return true }
        return false
    }

    /// The payment-schedule checksum of a valid status.
    public var checksum: String? {
        if case .valid(_, let checksum) = self { return checksum }
        return nil
    }

    /// The amount due today of a valid status.
    public var amountDueToday: Money? {
        if case .valid(let amount, _) = self { return amount }
        return nil
    }

    /// Decodes the JSON string the widget's `getWidgetStatus()` returns, e.g.
    /// `{"isValid":true,"amountDueToday":{"amount":"50.00","currency":"USD"},"paymentScheduleChecksum":"abc"}`.
    ///
    /// `isValid` is required; a valid status requires `amountDueToday`; the checksum and an invalid
    /// status's `error` object are optional.
    ///
    /// - Throws: ``WidgetMessageError`` naming what is missing or malformed.
    public init(jsonString: String) throws(WidgetMessageError) {
        let object = try JSONValue.object(from: jsonString)
        self = try WidgetStatus(object: object, messageType: "status")
    }

    /// Reads a status from a decoded `change` message or status object.
    init(object: [String: JSONValue], messageType: String) throws(WidgetMessageError) {
        let isValid = try WidgetEvent.requiredBool("isValid", in: object, messageType: messageType)
        if isValid {
            let amount = try WidgetEvent.requiredMoney("amountDueToday", in: object, messageType: messageType)
            self = .valid(amountDueToday: amount, checksum: object["paymentScheduleChecksum"]?.stringValue)
        } else {
            let error = WidgetEvent.errorPair(in: object)
            self = .invalid(errorCode: error.code, message: error.message)
        }
    }
}
