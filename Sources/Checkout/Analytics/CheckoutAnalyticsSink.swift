/// Where the checkout's analytics events go: the host implements it (Firebase, Segment, …).
///
/// Event and parameter names already follow the GA4 / Firebase e-commerce convention, so a
/// Firebase sink passes them through; ``CheckoutAnalyticsEvent/foundationParameters`` converts
/// the typed values (money is `Decimal` in the engine) to the `String`, `NSNumber` and item
/// dictionaries Firebase takes, at this edge:
///
/// ```swift
/// import FirebaseAnalytics
///
/// struct FirebaseSink: CheckoutAnalyticsSink {
///     func record(_ event: CheckoutAnalyticsEvent) {
///         Analytics.logEvent(event.name, parameters: event.foundationParameters)
///     }
/// }
/// ```
///
/// A sink for another API maps ``CheckoutAnalyticsEvent/parameters`` itself, switching over
/// ``CheckoutAnalyticsValue``.
///
/// `record` is called on the thread processing the action, in action order; return quickly.
public protocol CheckoutAnalyticsSink: Sendable {
    /// Records one event.
    func record(_ event: CheckoutAnalyticsEvent)
}
