/// Something the checkout widget's web page reported, decoded from the JSON string it posts.
///
/// | Message `type` | Required | Optional | Event |
/// | --- | --- | --- | --- |
/// | `ready` | `isValid`, `amountDueToday` | `paymentScheduleChecksum` | ``ready(isValid:amountDueToday:paymentScheduleChecksum:)`` |
/// | `change` | `isValid`; when true `amountDueToday` | checksum when valid; `error` when invalid | ``changed(_:)`` |
/// | `error` | | `error` `{errorCode, message}` | ``error(errorCode:message:)`` |
/// | `resize` | | `size` (whole number, 0 or more) | ``resized(size:)`` |
/// | anything else, missing fields, not JSON | | | ``failure(_:)`` |
///
/// Optional fields of the wrong type count as absent, as in Afterpay's SDK: a numeric checksum is
/// nil, and an `error` object yields a code and message only when both are strings.
///
/// ```swift
/// WidgetEvent(message: #"{"type":"resize","size":240}"#)   // .resized(size: 240)
/// WidgetEvent(message: "not json")                          // .failure(.notJSON(reason: ...))
/// ```
public enum WidgetEvent: Codable, Equatable, Hashable, Sendable {
    /// The widget loaded and accepts updates.
    case ready(isValid: Bool, amountDueToday: Money, paymentScheduleChecksum: String?)
    /// The widget's status changed.
    case changed(WidgetStatus)
    /// The widget reported an error (it also shows it to the consumer).
    case error(errorCode: String?, message: String?)
    /// The widget's content height changed; `size` is the height in points to give its view, or
    /// nil when the message carried none.
    case resized(size: Int?)
    /// The message could not be understood.
    case failure(WidgetMessageError)

    /// Decodes one raw message string. Never throws and never traps: anything unreadable becomes
    /// ``failure(_:)``.
    public init(message: String) {
        do {
            self = try Self.decode(message)
        } catch {
            self = .failure(error)
        }
    }

    /// The status this event establishes, when it establishes one: a ready event (valid with its
    /// amount and checksum, or invalid without a reason) or a change.
    public var status: WidgetStatus? {
        switch self {
        case .ready(let isValid, let amount, let checksum):
            return isValid ? .valid(amountDueToday: amount, checksum: checksum) : .invalid(errorCode: nil, message: nil)
        case .changed(let status):
            return status
        case .error, .resized, .failure:
            return nil
        }
    }

    private static func decode(_ message: String) throws(WidgetMessageError) -> WidgetEvent {
        let object = try JSONValue.object(from: message)
        guard let type = object["type"]?.stringValue else { throw .missingType }
        switch type {
        case "ready":
            let isValid = try requiredBool("isValid", in: object, messageType: type)
            let amount = try requiredMoney("amountDueToday", in: object, messageType: type)
            return .ready(
                isValid: isValid,
                amountDueToday: amount,
                paymentScheduleChecksum: object["paymentScheduleChecksum"]?.stringValue
            )
        case "change":
            return .changed(try WidgetStatus(object: object, messageType: type))
        case "error":
            let error = errorPair(in: object)
            return .error(errorCode: error.code, message: error.message)
        case "resize":
            // A height is never negative: a negative size reads as none, like a size of the
            // wrong type.
            return .resized(size: object["size"]?.intValue.flatMap { $0 >= 0 ? $0 : nil })
        default:
            throw .unknownType(type)
        }
    }

    static func requiredBool(
        _ field: String, in object: [String: JSONValue], messageType: String
    ) throws(WidgetMessageError) -> Bool {
        guard let value = object[field], value != .null else { throw .missingField(field, messageType: messageType) }
        guard let bool = value.boolValue else {
            throw .invalidField(field, messageType: messageType, expected: "a boolean")
        }
        return bool
    }

    static func requiredMoney(
        _ field: String, in object: [String: JSONValue], messageType: String
    ) throws(WidgetMessageError) -> Money {
        guard let value = object[field], value != .null else { throw .missingField(field, messageType: messageType) }
        guard let money = value.moneyValue else {
            throw .invalidField(field, messageType: messageType, expected: "an object with string amount and currency")
        }
        return money
    }

    /// The `error` object's code and message: both, when both are strings; otherwise neither.
    static func errorPair(in object: [String: JSONValue]) -> (code: String?, message: String?) {
        guard case .object(let error) = object["error"],
            let code = error["errorCode"]?.stringValue,
            let message = error["message"]?.stringValue
        else { return (nil, nil) }
        return (code, message)
    }
}
