public import Afterpay
public import Checkout

extension PaymentWidgetReport {
    /// The checkout's view of a message from Afterpay's checkout widget: `ready` and `change`
    /// carry a status, `error` an invalid one; `resize` and unreadable messages carry none.
    ///
    /// ```swift
    /// let event = widget.receive(message: messageFromTheWebView)
    /// if let report = PaymentWidgetReport(event) {
    ///     store.dispatch(.payment(.widgetStatusChanged(report)))
    /// }
    /// ```
    public init?(_ event: WidgetEvent) {
        switch event {
        case .ready(let isValid, _, let checksum):
            self.init(isValid: isValid, checksum: checksum)
        case .changed(let status):
            self.init(status)
        case .error(let code, let message):
            self.init(isValid: false, errorCode: code, message: message)
        default:
            return nil
        }
    }

    /// The checkout's view of a widget status (`getStatus`).
    public init(_ status: WidgetStatus) {
        switch status {
        case .valid(_, let checksum): self.init(isValid: true, checksum: checksum)
        case .invalid(let code, let message): self.init(isValid: false, errorCode: code, message: message)
        }
    }
}
