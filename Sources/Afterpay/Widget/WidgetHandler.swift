/// Receives the checkout widget's events, as in Afterpay's SDK.
///
/// Register one per widget (``CheckoutWidget/init(token:style:context:handler:)``) or globally
/// with ``Afterpay/setWidgetHandler(_:)``. Handlers are held weakly: keep your own strong
/// reference. Methods are called synchronously on the thread that passed the message to
/// ``CheckoutWidget/receive(message:)`` (the main thread when it comes from a web view), in the
/// order the messages arrived.
///
/// ```swift
/// final class CheckoutScreenHandler: WidgetHandler {
///     func onReady(isValid: Bool, amountDueToday: Money, paymentScheduleChecksum: String?) {}
///     func onChanged(status: WidgetStatus) {}
///     func onError(errorCode: String?, message: String?) {}
///     func onFailure(error: any Error) {}
/// }
/// ```
public protocol WidgetHandler: AnyObject, Sendable {
    /// The widget has loaded and is ready to accept updates. `amountDueToday` is always present;
    /// the checksum is nil in tokenless mode.
    func onReady(isValid: Bool, amountDueToday: Money, paymentScheduleChecksum: String?)

    /// The widget's status changed, e.g. after ``CheckoutWidget/sendUpdate(amount:)-(String)``. Only a
    /// ``WidgetStatus/valid(amountDueToday:checksum:)`` status may proceed to capture, and the
    /// capture must carry its checksum.
    func onChanged(status: WidgetStatus)

    /// The widget reported an error; it shows the reason to the user itself. It comes in addition
    /// to an invalid ``onChanged(status:)``. Both values are nil unless both were strings.
    func onError(errorCode: String?, message: String?)

    /// A message could not be understood (not JSON, unknown type, missing field); the error is a
    /// ``WidgetMessageError`` saying which.
    func onFailure(error: any Error)
}
