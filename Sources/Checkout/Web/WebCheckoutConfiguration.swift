import ActionLog
import Foundation
import StateStore

/// What the host configures about the page's bridge: the bridge build the page loads, whether
/// Apple Pay is available, where replies go, and how custom events are recorded.
///
/// Give it to ``WebCheckoutBuilder``; keep it to turn WebKit's message bodies into actions.
///
/// ```swift
/// let configuration = WebCheckoutConfiguration(
///     bridgeVersion: "2", bridgeIntegrity: "sha384-…",
///     isApplePayAvailable: PKPaymentAuthorizationController.canMakePayments(),
///     customEvents: ["wishlistadded": .record]
/// )
/// let store = WebCheckoutBuilder(mode: .bridge, configuration: configuration).makeStore(environment: environment)
/// // WKScriptMessageHandler:
/// store.dispatch(.bridge(configuration.bridgeAction(body: message.body)))
/// ```
public struct WebCheckoutConfiguration: Sendable, Hashable, Codable {
    /// The bridge build the page loads: the `poq.webcheckout.version` cookie and the version in
    /// the `bridgesettings` reply (`nil`: no cookie, and `null` in the reply).
    public var bridgeVersion: String?
    /// The bridge script's checksum: the `poq.webcheckout.integrity` cookie and the integrity in
    /// the `bridgesettings` reply.
    public var bridgeIntegrity: String?
    /// Whether Apple Pay can be offered (the host asks PassKit); the `applepayenabled` reply.
    public var isApplePayAvailable: Bool
    /// The page function replies call, a dotted path of JavaScript identifiers. Anything else
    /// is ignored and ``defaultReplyFunction`` is used.
    public var replyFunction: String
    /// How each custom event's data is recorded, by lower-case event name: kept as plain data
    /// (``BridgeCustomEventRecording/record``), kept as the customer's personal data
    /// (``BridgeCustomEventRecording/personal(plainPaths:)``), or never kept
    /// (``BridgeCustomEventRecording/redact``, and any event not listed).
    public var customEvents: [String: BridgeCustomEventRecording]

    /// `window.poqWebCheckout.postMessage`, which Poq's bridge defines.
    public static let defaultReplyFunction = "window.poqWebCheckout.postMessage"

    /// Creates a configuration.
    public init(
        bridgeVersion: String? = nil, bridgeIntegrity: String? = nil, isApplePayAvailable: Bool = false,
        replyFunction: String = WebCheckoutConfiguration.defaultReplyFunction,
        customEvents: [String: BridgeCustomEventRecording] = [:]
    ) {
        self.bridgeVersion = bridgeVersion
        self.bridgeIntegrity = bridgeIntegrity
        self.isApplePayAvailable = isApplePayAvailable
        self.replyFunction = replyFunction
        self.customEvents = customEvents
    }

    /// The cookie names the bridge reads.
    public enum CookieName {
        /// `poq.webcheckout.platform`: `javascript` for the bridge, `forms` for Forms mode.
        public static let platform = "poq.webcheckout.platform"
        /// `poq.webcheckout.version`: which bridge build the page fetches.
        public static let version = "poq.webcheckout.version"
        /// `poq.webcheckout.integrity`: the bridge script's checksum.
        public static let integrity = "poq.webcheckout.integrity"
    }

    /// `session` with the bridge cookies the engine produces for `mode`, for the host to inject
    /// before loading (the checkout applies this to every session it begins).
    ///
    /// - Bridge and Forms: `poq.webcheckout.platform` = `javascript` or `forms`
    ///   (``WebCheckoutMode/platformCookieValue``), and `poq.webcheckout.version` /
    ///   `poq.webcheckout.integrity` from ``bridgeVersion`` / ``bridgeIntegrity``. A value the
    ///   configuration sets replaces the backend's cookie of that name; one it leaves `nil` keeps
    ///   the backend's.
    /// - Parse: no bridge cookies at all (the backend's are removed too).
    ///
    /// The cookies are for the host of the session's URL; a URL without a host gets none.
    ///
    /// ```swift
    /// let session = WebCheckoutConfiguration(bridgeVersion: "2")
    ///     .addingBridgeCookies(to: WebCheckoutSession(url: "https://shop.example/checkout", reference: "r"), mode: .bridge)
    /// session.cookies.map(\.name)   // ["poq.webcheckout.platform", "poq.webcheckout.version"]
    /// ```
    public func addingBridgeCookies(to session: WebCheckoutSession, mode: WebCheckoutMode) -> WebCheckoutSession {
        var session = session
        let names = [CookieName.platform, CookieName.version, CookieName.integrity]
        guard let platform = mode.platformCookieValue else {
            session.cookies.removeAll { names.contains($0.name) }
            return session
        }
        guard let domain = URLComponents(string: session.url.redactedString)?.host, !domain.isEmpty else {
            return session
        }
        let values: [(String, String?)] = [
            (CookieName.platform, platform), (CookieName.version, bridgeVersion),
            (CookieName.integrity, bridgeIntegrity),
        ]
        for case let (name, value?) in values {
            let cookie = WebCheckoutCookie(name: name, value: Sensitive(value), domain: domain)
            if let index = session.cookies.firstIndex(where: { $0.name == name }) {
                session.cookies[index] = cookie
            } else {
                session.cookies.append(cookie)
            }
        }
        return session
    }

    /// How the data of the custom event `name` is recorded (``BridgeCustomEventRecording/redact``
    /// unless the host declared it).
    ///
    /// ```swift
    /// WebCheckoutConfiguration().recording(ofCustomEvent: "anything")   // .redact
    /// ```
    public func recording(ofCustomEvent name: String) -> BridgeCustomEventRecording {
        customEvents[name.lowercased()] ?? customEvents[name] ?? .redact
    }

    /// The action for a `WKScriptMessage.body`: converted once into a ``StateStore/JSONValue``
    /// (see ``StateStore/JSONValue/init(foundationObject:)``), with a redacted custom event's data
    /// replaced by the redaction marker, so the log never holds it. A string body is JSON text
    /// (the page posted `JSON.stringify(…)`) and is read by ``bridgeAction(text:)``.
    ///
    /// Never traps: a body that cannot be converted is ``BridgeAction/messageUnreadable(reason:)``.
    ///
    /// ```swift
    /// func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
    ///     store.dispatch(.bridge(configuration.bridgeAction(body: message.body)))
    /// }
    /// ```
    public func bridgeAction(body: Any) -> BridgeAction {
        if let text = body as? String { return bridgeAction(text: text) }
        do {
            return .messagePosted(redacted(try JSONValue(foundationObject: body)))
        } catch {
            return .messageUnreadable(reason: error.reason)
        }
    }

    /// The action for a message the page posted as JSON text: parsed once, members put in the
    /// log's canonical order (``StateStore/JSONValue/inCanonicalOrder``), redacted as
    /// ``bridgeAction(body:)`` does. Text that is not JSON is
    /// ``BridgeAction/messageUnreadable(reason:)`` (the text itself is not recorded).
    ///
    /// ```swift
    /// configuration.bridgeAction(text: #"{"event":"closewebview"}"#)   // .messagePosted(…)
    /// ```
    public func bridgeAction(text: String) -> BridgeAction {
        guard text.utf8.count <= JSONValue.maximumFoundationBytes else {
            return .messageUnreadable(reason: "larger than \(JSONValue.maximumFoundationBytes) bytes")
        }
        guard let message = try? JSONParser.parse(text) else {
            return .messageUnreadable(reason: "not valid JSON (\(text.utf8.count) bytes)")
        }
        if let place = message.placeDeeperThan(JSONValue.maximumFoundationDepth) {
            return .messageUnreadable(
                reason: "nested deeper than \(JSONValue.maximumFoundationDepth) levels at \(place)")
        }
        return .messagePosted(redacted(message.inCanonicalOrder))
    }

    /// What the host does with a navigation the web view is about to perform (from its
    /// `decidePolicyFor` delegate method): ``WebCheckoutNavigationDecision/allow`` for an
    /// ordinary navigation, ``WebCheckoutNavigationDecision/cancel(dispatch:)`` for a Forms
    /// submission (a URL whose scheme is ``BridgeFormSubmission/scheme``), with the action to
    /// dispatch: ``BridgeAction/formSubmitted(_:)`` carrying the bridge message (a custom event's
    /// data redacted as ``bridgeAction(body:)`` redacts it), or ``BridgeAction/formRejected(_:)``
    /// saying what was wrong. A submission is cancelled even when malformed: it must never load.
    ///
    /// Pure and fast (it reads only the URL, and the method and body to explain a rejection), so
    /// the delegate can answer at once on the main thread.
    ///
    /// ```swift
    /// configuration.navigationDecision(for: WebCheckoutNavigationRequest(url: "https://shop.example/cart"))
    /// // .allow
    /// configuration.navigationDecision(for: WebCheckoutNavigationRequest(url: "poqwebcheckout://bridge/closewebview?data=null"))
    /// // .cancel(dispatch: .bridge(.formSubmitted({"data":null,"event":"closewebview"})))
    /// ```
    public func navigationDecision(for request: WebCheckoutNavigationRequest) -> WebCheckoutNavigationDecision {
        guard BridgeFormSubmission.isSubmission(request.url) else { return .allow }
        switch BridgeFormSubmission.decode(request) {
        case .success(let message): return .cancel(dispatch: .bridge(.formSubmitted(redacted(message))))
        case .failure(let rejection): return .cancel(dispatch: .bridge(.formRejected(rejection)))
        }
    }

    /// `message` with its `data` replaced by the redaction marker when it is a custom event the
    /// host did not declare ``BridgeCustomEventRecording/record`` or
    /// ``BridgeCustomEventRecording/personal(plainPaths:)``.
    func redacted(_ message: JSONValue) -> JSONValue {
        guard case .object(var members) = message else { return message }
        var names: [String] = []
        if case .string(let event)? = message["event"] { names.append(event) }
        if case .string(let alias)? = message["name"] { names.append(alias) }
        let redacts = names.contains { name in
            BridgeEvent.Name(rawValue: name.lowercased()) == nil && recording(ofCustomEvent: name) == .redact
        }
        guard redacts else { return message }
        for index in members.indices where members[index].key == "data" {
            if members[index].value != .null {
                members[index].value = .string(Sensitive<String>.redactionMarker)
            }
        }
        return .object(members)
    }
}
