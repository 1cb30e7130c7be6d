#if canImport(Combine)
public import Combine

/// Combine publishers for the checkout widget's events, on platforms that have Combine.
///
/// It is a ``WidgetHandler``: register it with a widget or globally, and keep a strong reference
/// (handlers are held weakly).
///
/// ```swift
/// let publisher = WidgetEventPublisher()
/// Afterpay.setWidgetHandler(publisher)
/// publisher.changed
///     .sink { status in /* respond to status */ }
///     .store(in: &cancellables)
/// ```
///
/// Values are published synchronously on the thread that delivered the widget message.
public final class WidgetEventPublisher: WidgetHandler, @unchecked Sendable {
    // `@unchecked Sendable`: the only stored properties are `let` subjects, and Combine's
    // `PassthroughSubject.send` is safe to call from any thread.
    private let readySubject = PassthroughSubject<
        (isValid: Bool, amountDueToday: Money, paymentScheduleChecksum: String?), Never
    >()
    private let changedSubject = PassthroughSubject<WidgetStatus, Never>()
    private let errorSubject = PassthroughSubject<(errorCode: String?, message: String?), Never>()
    private let failureSubject = PassthroughSubject<any Error, Never>()

    /// A publisher with no subscribers yet.
    public init() {}

    /// Publishes each ready event.
    public var ready: AnyPublisher<(isValid: Bool, amountDueToday: Money, paymentScheduleChecksum: String?), Never> {
        readySubject.eraseToAnyPublisher()
    }

    /// Publishes each status change.
    public var changed: AnyPublisher<WidgetStatus, Never> {
        changedSubject.eraseToAnyPublisher()
    }

    /// Publishes each error the widget reports.
    public var error: AnyPublisher<(errorCode: String?, message: String?), Never> {
        errorSubject.eraseToAnyPublisher()
    }

    /// Publishes each message that could not be understood.
    public var failure: AnyPublisher<any Error, Never> {
        failureSubject.eraseToAnyPublisher()
    }

    /// Publishes on ``ready``.
    public func onReady(isValid: Bool, amountDueToday: Money, paymentScheduleChecksum: String?) {
        readySubject.send((isValid, amountDueToday, paymentScheduleChecksum))
    }

    /// Publishes on ``changed``.
    public func onChanged(status: WidgetStatus) {
        changedSubject.send(status)
    }

    /// Publishes on ``error``.
    public func onError(errorCode: String?, message: String?) {
        errorSubject.send((errorCode, message))
    }

    /// Publishes on ``failure``.
    public func onFailure(error: any Error) {
        failureSubject.send(error)
    }
}
#endif
