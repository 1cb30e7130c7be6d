public import Foundation

/// The module's global state, for apps that want Afterpay's SDK shape: set the configuration once,
/// and breakdowns and widgets built without an explicit ``AfterpayContext`` read it.
///
/// ```swift
/// Afterpay.setConfiguration(try Configuration(
///     minimumAmount: "1.00", maximumAmount: "2000.00", currencyCode: "USD",
///     locale: Locale(identifier: "en_US"), environment: .production))
/// let text = PriceBreakdown(totalAmount: 50).string   // "or 4 interest-free payments of $12.50 with"
/// ```
///
/// All members are safe to call from any thread or task; reads see the latest completed write.
/// Code that must be deterministic (reducers, tests, replay) should pass an ``AfterpayContext``
/// instead of reading this global state.
public enum Afterpay {
    private struct Shared {
        var configuration: Configuration?
        var widgetHandler: WeakWidgetHandler?
        var observers: [UUID: AsyncStream<Configuration?>.Continuation] = [:]
    }

    private static let shared = LockedValue(Shared())

    /// Sets the configuration used everywhere no context is passed; nil clears it (and so hides
    /// Afterpay: ``enabled`` becomes false). Every stream from ``configurationUpdates()`` receives
    /// the new value.
    public static func setConfiguration(_ configuration: Configuration?) {
        let observers = shared.withLock { state in
            state.configuration = configuration
            return Array(state.observers.values)
        }
        for observer in observers {
            observer.yield(configuration)
        }
    }

    /// The configuration last set with ``setConfiguration(_:)``, or nil.
    public static var configuration: Configuration? {
        shared.withLock { $0.configuration }
    }

    /// The global configuration with the device's current locale, as one value.
    public static var context: AfterpayContext {
        AfterpayContext(configuration: configuration, deviceLocale: .current)
    }

    /// Whether Afterpay may be shown: a configuration is set and a display language was found.
    public static var enabled: Bool {
        context.isEnabled
    }

    /// The display language, or nil when the consumer's language is not one the region allows.
    public static var language: Locale? {
        context.language
    }

    /// The brand for the configured merchant locale (Cash App Afterpay when none is set).
    public static var brand: Brand {
        context.brand
    }

    /// A stream of the configuration after each later ``setConfiguration(_:)`` (nil when cleared),
    /// for screens that re-render when it changes. It keeps only the newest value: a consumer
    /// that falls behind skips to the current configuration rather than replaying every change.
    /// The stream ends when its consumer stops iterating it.
    public static func configurationUpdates() -> AsyncStream<Configuration?> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Configuration?>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { _ in
            _ = shared.withLock { $0.observers.removeValue(forKey: id) }
        }
        shared.withLock { $0.observers[id] = continuation }
        return stream
    }

    /// Sets the handler that widgets without their own handler report to. The handler is held
    /// weakly, as in Afterpay's SDK: keep a strong reference to it yourself. Nil removes it.
    public static func setWidgetHandler(_ handler: (any WidgetHandler)?) {
        shared.withLock { $0.widgetHandler = handler.map(WeakWidgetHandler.init) }
    }

    /// The handler set with ``setWidgetHandler(_:)``, while it is still alive.
    static var widgetHandler: (any WidgetHandler)? {
        shared.withLock { $0.widgetHandler?.handler }
    }
}
