/// Decides whether an order may be captured, from what the checkout widget last said: the rule
/// that the widget's latest status gates the pay step.
///
/// A pure value, so a checkout store can keep it in its state and drive it from logged actions:
/// feed it every ``WidgetEvent`` and every order-total change, and read ``decision`` before
/// capturing.
///
/// ```swift
/// var gate = WidgetCaptureGate(requiresChecksum: true)      // token mode: capture needs a checksum
/// gate.apply(WidgetEvent(message: readyMessage))
/// gate.decision                                             // .allowed(amountDueToday:checksum:)
/// gate.orderTotalChanged()                                  // after sending widget.sendUpdate(...)
/// gate.decision                                             // .blocked(.awaitingUpdate)
/// gate.apply(WidgetEvent(message: changeMessage))           // the widget's answer
/// ```
///
/// The rules:
/// - ready and change events, and statuses read from the page, set the latest status; error,
///   resize and failure events do not (an
///   error comes with an invalid change anyway, and a failure says nothing about the schedule);
/// - after an order-total change, capture is blocked until the next change event, because the
///   status before it describes the old total;
/// - capture is allowed only with a valid status, and, when ``requiresChecksum`` is true, a
///   checksum; the allowed decision carries the checksum the capture must send.
public struct WidgetCaptureGate: Codable, Equatable, Hashable, Sendable {
    /// Whether capture may proceed, and with what.
    public enum Decision: Codable, Equatable, Hashable, Sendable {
        /// Capture, sending this checksum (nil only when no checksum is required).
        case allowed(amountDueToday: Money, checksum: String?)
        /// Do not capture.
        case blocked(Reason)
    }

    /// Why capture is blocked.
    public enum Reason: Codable, Equatable, Hashable, Sendable {
        /// The widget has not reported a status yet.
        case noStatus
        /// The order total changed and the widget has not answered with a new status.
        case awaitingUpdate
        /// The widget says the schedule is not acceptable; it shows the reason to the consumer.
        case invalid(errorCode: String?, message: String?)
        /// The status is valid but has no checksum, and one is required.
        case missingChecksum
    }

    /// Whether a valid status must carry a checksum to be captured (true in token mode, where
    /// Afterpay requires the checksum with the capture).
    public let requiresChecksum: Bool
    /// The latest status from a ready or change event.
    public private(set) var latestStatus: WidgetStatus?
    /// Whether an order-total change is waiting for the widget's answer.
    public private(set) var isAwaitingUpdate: Bool

    /// A gate with no status yet.
    public init(requiresChecksum: Bool) {
        self.requiresChecksum = requiresChecksum
        self.latestStatus = nil
        self.isAwaitingUpdate = false
    }

    /// Takes in one widget event.
    public mutating func apply(_ event: WidgetEvent) {
        switch event {
        case .ready:
            latestStatus = event.status
        case .changed(let status):
            latestStatus = status
            isAwaitingUpdate = false
        case .error, .resized, .failure:
            break
        }
    }

    /// Takes in a status read with `getWidgetStatus()`. It becomes the latest status but does not
    /// end a wait for an update: the page may answer before it has applied the new total, and only
    /// its change event says it has.
    public mutating func apply(_ status: WidgetStatus) {
        latestStatus = status
    }

    /// Records that the order total changed and an update was sent to the widget: capture waits
    /// for its next change event.
    public mutating func orderTotalChanged() {
        isAwaitingUpdate = true
    }

    /// Whether capture may proceed now.
    public var decision: Decision {
        if isAwaitingUpdate { return .blocked(.awaitingUpdate) }
        switch latestStatus {
        case nil:
            return .blocked(.noStatus)
        case .invalid(let code, let message):
            return .blocked(.invalid(errorCode: code, message: message))
        case .valid(let amount, let checksum):
            if requiresChecksum && checksum == nil { return .blocked(.missingChecksum) }
            return .allowed(amountDueToday: amount, checksum: checksum)
        }
    }
}
