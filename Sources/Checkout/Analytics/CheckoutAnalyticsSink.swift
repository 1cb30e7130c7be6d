/// Where the checkout's analytics events go: the host implements it (Firebase, Segment, …).
///
/// ```swift
/// struct FirebaseSink: CheckoutAnalyticsSink {
///     func record(_ event: CheckoutAnalyticsEvent) {
///         Analytics.logEvent(event.name, parameters: event.parameters)
///     }
/// }
/// ```
///
/// `record` is called on the thread processing the action, in action order; return quickly.
public protocol CheckoutAnalyticsSink: Sendable {
    /// Records one event.
    func record(_ event: CheckoutAnalyticsEvent)
}
