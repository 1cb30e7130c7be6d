public import Foundation

/// The model behind Afterpay's checkout widget: what to tell the web page, and what its messages
/// mean. The host app owns the web view; this type owns the protocol and the latest status.
///
/// Two modes, as in Afterpay's SDK:
/// - **token**, after an Afterpay checkout: the widget looks the order up by its token;
/// - **tokenless**, before one: the widget shows a schedule for an amount in the configured
///   currency.
///
/// Both need a configuration and throw ``WidgetError/noConfiguration`` without one.
///
/// ```swift
/// let widget = try CheckoutWidget(amount: "200.00", context: context)
/// webView.evaluate(widget.bootstrapScript)            // on page load
/// // for each message the page posts:
/// let event = widget.receive(message: body)            // also calls the handler and the streams
/// // when the order total changes:
/// webView.evaluate(try widget.sendUpdate(amount: "210.00").script)
/// ```
///
/// Threading: every member is safe from any thread. The handler is called synchronously on the
/// thread that called ``receive(message:)``, and every stream from ``events()`` gets the same
/// event. Messages passed from one thread (a web view posts on the main thread) are delivered in
/// the order they were passed; calls racing from several threads have no defined order.
public final class CheckoutWidget: Sendable {
    /// The widget's appearance options.
    public struct Style: Codable, Equatable, Hashable, Sendable {
        /// Whether the widget shows the Afterpay logo. Defaults to false, as in the SDK's code.
        public var logo: Bool
        /// Whether the widget shows its heading. Defaults to false, as in the SDK's code.
        public var heading: Bool

        /// A style; both options default to false (Afterpay's docs say true, its code says false,
        /// and the code is what runs).
        public init(logo: Bool = false, heading: Bool = false) {
            self.logo = logo
            self.heading = heading
        }
    }

    /// What the widget shows a schedule for.
    public enum Mode: Equatable, Hashable, Sendable {
        /// An order already checked out with Afterpay, by its token.
        case token(String)
        /// An amount in the configured currency, before any checkout.
        case tokenless(Money)

        var isToken: Bool {
            if case .token = self { return true }
            return false
        }
    }

    /// What the widget shows a schedule for.
    public let mode: Mode
    /// The widget's appearance.
    public let style: Style
    /// The configuration the widget was created with; updates use its currency.
    public let configuration: Configuration

    private struct State {
        var gate: WidgetCaptureGate
        var latestStatus: WidgetStatus?
        var height: Int?
        var handler: WeakWidgetHandler?
        var continuations: [UUID: AsyncStream<WidgetEvent>.Continuation] = [:]
    }

    private let state: LockedValue<State>

    /// A widget for an order already checked out with Afterpay.
    ///
    /// - Parameters:
    ///   - token: The token from the checkout's result.
    ///   - style: Appearance options.
    ///   - context: Where the configuration comes from; defaults to the global one.
    ///   - handler: Receives events; held weakly. When nil, the global handler set with
    ///     ``Afterpay/setWidgetHandler(_:)`` is used.
    /// - Throws: ``WidgetError/noConfiguration`` when the context has no configuration, and
    ///   ``WidgetError/invalidToken(_:)`` when the token is empty or only whitespace.
    public convenience init(
        token: String,
        style: Style = Style(),
        context: AfterpayContext = Afterpay.context,
        handler: (any WidgetHandler)? = nil
    ) throws(WidgetError) {
        guard let configuration = context.configuration else { throw .noConfiguration }
        guard !token.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .invalidToken(token) }
        self.init(mode: .token(token), style: style, configuration: configuration, handler: handler)
    }

    /// A widget for an amount in the configured currency, before any Afterpay checkout.
    ///
    /// - Parameters:
    ///   - amount: The order total as a decimal string, e.g. `"200.00"`; sent unchanged.
    ///   - style: Appearance options.
    ///   - context: Where the configuration comes from; defaults to the global one.
    ///   - handler: Receives events; held weakly (see ``init(token:style:context:handler:)``).
    /// - Throws: ``WidgetError/noConfiguration`` when the context has no configuration, and
    ///   ``WidgetError/invalidAmount(_:)`` when the amount is not a decimal number.
    public convenience init(
        amount: String,
        style: Style = Style(),
        context: AfterpayContext = Afterpay.context,
        handler: (any WidgetHandler)? = nil
    ) throws(WidgetError) {
        guard let configuration = context.configuration else { throw .noConfiguration }
        guard DecimalText.parse(amount) != nil else { throw .invalidAmount(amount) }
        let money = Money(amount: amount, currency: configuration.currencyCode)
        self.init(mode: .tokenless(money), style: style, configuration: configuration, handler: handler)
    }

    private init(mode: Mode, style: Style, configuration: Configuration, handler: (any WidgetHandler)?) {
        self.mode = mode
        self.style = style
        self.configuration = configuration
        let gate = WidgetCaptureGate(requiresChecksum: mode.isToken)
        self.state = LockedValue(State(gate: gate, handler: handler.map(WeakWidgetHandler.init)))
    }

    deinit {
        let continuations = state.withLock { Array($0.continuations.values) }
        for continuation in continuations {
            continuation.finish()
        }
    }

    // MARK: Talking to the page

    /// The JavaScript call that creates the web widget once its page has loaded:
    /// `createAfterpayWidget("<token>", null, "en_US", {"heading":false,"logo":false})` or
    /// `createAfterpayWidget(null, {"amount":"200.00","currency":"USD"}, "en_US", {...})`.
    /// Every argument is JSON-encoded, so a token cannot break out of its string.
    public var bootstrapScript: String {
        let token: String
        let amount: String
        switch mode {
        case .token(let value):
            token = Self.json(value)
            amount = "null"
        case .tokenless(let money):
            token = "null"
            amount = Self.json(money)
        }
        return
            "createAfterpayWidget(\(token), \(amount), \(Self.json(configuration.locale.identifier)), \(Self.json(style)))"
    }

    /// The JavaScript call whose string result is the widget's status; read it with
    /// ``status(fromJavaScriptResult:)``.
    public static let statusScript = "getWidgetStatus()"

    /// Tells the widget the order total changed: returns the update to evaluate on the page.
    /// The amount is sent unchanged in the configuration's currency, e.g.
    /// `updateAmount({"amount":"50.00","currency":"USD"})`. Until the widget's next
    /// ``WidgetEvent/changed(_:)``, ``captureDecision`` is blocked: the status before the update
    /// describes the old total.
    ///
    /// - Throws: ``WidgetError/invalidAmount(_:)`` when `amount` is not a decimal number.
    public func sendUpdate(amount: String) throws(WidgetError) -> WidgetUpdate {
        guard DecimalText.parse(amount) != nil else { throw .invalidAmount(amount) }
        state.withLock { $0.gate.orderTotalChanged() }
        return WidgetUpdate(money: Money(amount: amount, currency: configuration.currencyCode))
    }

    /// Tells the widget the order total changed, writing the amount with two decimals (rounded
    /// half-even), a `.` and no grouping: `50` becomes `"50.00"`.
    ///
    /// - Throws: ``WidgetError/invalidAmount(_:)`` for `Decimal.nan`.
    public func sendUpdate(amount: Decimal) throws(WidgetError) -> WidgetUpdate {
        guard !amount.isNaN else { throw .invalidAmount("NaN") }
        state.withLock { $0.gate.orderTotalChanged() }
        return WidgetUpdate(money: Money(amount: amount, currency: configuration.currencyCode))
    }

    /// Reads the result of evaluating ``statusScript``: it must be the JSON string the page
    /// returns. The status read becomes ``latestStatus``.
    ///
    /// - Throws: ``WidgetError/javaScriptError(message:)`` when the result is not a string, and
    ///   ``WidgetError/invalidStatus(_:)`` when the string is not a status.
    public func status(fromJavaScriptResult result: String?) throws(WidgetError) -> WidgetStatus {
        guard let result else { throw .javaScriptError(message: "getWidgetStatus() did not return a string") }
        do {
            let status = try WidgetStatus(jsonString: result)
            state.withLock { state in
                state.latestStatus = status
                state.gate.apply(status)
            }
            return status
        } catch {
            throw .invalidStatus(error)
        }
    }

    /// Asks the page for the widget's status through your JavaScript evaluator, e.g. a web
    /// view's `evaluateJavaScript`, and reads the answer.
    ///
    /// - Parameter evaluate: Evaluates a script and returns its string result (nil when the
    ///   result was not a string); errors it throws become ``WidgetError/javaScriptError(message:)``.
    public func getStatus(
        evaluatingJavaScript evaluate: (String) async throws -> String?
    ) async throws(WidgetError) -> WidgetStatus {
        let result: String?
        do {
            result = try await evaluate(Self.statusScript)
        } catch {
            throw .javaScriptError(message: "\(error)")
        }
        return try status(fromJavaScriptResult: result)
    }

    // MARK: Listening to the page

    /// Reports that evaluating ``bootstrapScript`` (or an update) failed on the page, e.g. the
    /// widget's JavaScript threw: delivers a ``WidgetEvent/failure(_:)`` with
    /// ``WidgetMessageError/scriptFailed(_:)`` to the handler (``WidgetHandler/onFailure(error:)``,
    /// as Afterpay's SDK does) and every stream.
    @discardableResult
    public func reportScriptFailure(_ error: any Error) -> WidgetEvent {
        deliver(.failure(.scriptFailed("\(error)")))
    }

    /// Decodes one message the page posted, records its status and height, and delivers it to
    /// the handler and every event stream. Never throws: unreadable messages are delivered as
    /// ``WidgetEvent/failure(_:)`` (and to ``WidgetHandler/onFailure(error:)``).
    @discardableResult
    public func receive(message: String) -> WidgetEvent {
        deliver(WidgetEvent(message: message))
    }

    private func deliver(_ event: WidgetEvent) -> WidgetEvent {
        let (handler, continuations) = state.withLock { state in
            if let status = event.status {
                state.latestStatus = status
            }
            state.gate.apply(event)
            if case .resized(let size?) = event {
                state.height = size
            }
            return (state.handler?.handler, Array(state.continuations.values))
        }
        if let target = handler ?? Afterpay.widgetHandler {
            Self.call(target, with: event)
        }
        for continuation in continuations {
            continuation.yield(event)
        }
        return event
    }

    /// The status from the latest ready or change message, or from the latest
    /// ``status(fromJavaScriptResult:)``; nil before the widget reported any.
    public var latestStatus: WidgetStatus? {
        state.withLock { $0.latestStatus }
    }

    /// Whether the order may be captured now, by ``WidgetCaptureGate``'s rules: a valid status
    /// (with a checksum in token mode), and no update waiting for the widget's answer.
    public var captureDecision: WidgetCaptureGate.Decision {
        state.withLock { $0.gate.decision }
    }

    /// The height the widget's view should have, from the latest resize message.
    public var height: Int? {
        state.withLock { $0.height }
    }

    /// A stream of every event received from now on. Each call makes a new stream; all get the
    /// same events in the same order. A stream ends when the widget is released or when its
    /// consumer stops iterating.
    public func events() -> AsyncStream<WidgetEvent> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<WidgetEvent>.makeStream()
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
        }
        state.withLock { $0.continuations[id] = continuation }
        return stream
    }

    private static func call(_ handler: any WidgetHandler, with event: WidgetEvent) {
        switch event {
        case .ready(let isValid, let amount, let checksum):
            handler.onReady(isValid: isValid, amountDueToday: amount, paymentScheduleChecksum: checksum)
        case .changed(let status):
            handler.onChanged(status: status)
        case .error(let code, let message):
            handler.onError(errorCode: code, message: message)
        case .resized:
            break  // Layout only: the handler protocol has no resize callback.
        case .failure(let error):
            handler.onFailure(error: error)
        }
    }

    /// JSON text for a value, with sorted keys so scripts are stable.
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
