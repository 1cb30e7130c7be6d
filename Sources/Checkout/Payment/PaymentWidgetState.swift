/// The state of a provider's status widget (Afterpay's checkout widget and the like): the latest
/// status it reported, and the total it was last told.
///
/// A provider whose descriptor says ``PaymentProviderDescriptor/usesStatusWidget`` gates capture
/// on it: the action's details are submitted only while the latest status is valid, and they
/// carry its checksum. When the order total changes, the checkout sends the widget an update
/// (``CheckoutEnvironment/sendWidgetUpdate``) and waits for its next status.
public struct PaymentWidgetState: Sendable, Hashable, Codable {
    /// What the widget last said.
    public enum Status: Sendable, Hashable, Codable {
        /// The schedule is acceptable; capture carries `checksum`.
        case valid(checksum: String?)
        /// The schedule is not acceptable (the widget's error code and message, when it sent them).
        case invalid(errorCode: String?, message: String?)
        /// The total changed: an update was sent and the widget has not answered yet.
        case awaitingUpdate
    }

    /// The latest status.
    public var status: Status
    /// The total the widget was last told.
    public var amount: Money?

    /// Creates a widget state.
    public init(status: Status, amount: Money?) {
        self.status = status
        self.amount = amount
    }

    /// The checksum capture may carry, or `nil` when capture must wait.
    public var captureChecksum: String?? {
        if case .valid(let checksum) = status { return .some(checksum) }
        return nil
    }
}

/// A status the host's widget reported (from its `ready` or `change` message).
public struct PaymentWidgetReport: Sendable, Hashable, Codable {
    /// Whether the payment schedule is acceptable.
    public var isValid: Bool
    /// The payment-schedule checksum of a valid status.
    public var checksum: String?
    /// The widget's error code, when invalid.
    public var errorCode: String?
    /// The widget's message, when invalid.
    public var message: String?

    /// Creates a report.
    public init(isValid: Bool, checksum: String? = nil, errorCode: String? = nil, message: String? = nil) {
        self.isValid = isValid
        self.checksum = checksum
        self.errorCode = errorCode
        self.message = message
    }
}
