public import Checkout
import Foundation
public import StateStore

/// A scripted stand-in for the web checkout's page: a ``Checkout/WebCheckoutPage`` that answers
/// the scripts the checkout asks it to evaluate from a table instead of a web view, and records
/// every script it was given. For the demo, tests and examples on machines without WebKit.
///
/// Scripts are looked up by their whole text: the text the checkout builds
/// (``Checkout/ParseRules/script(for:)`` for a parse rule's script, a reply's
/// ``Checkout/WebCheckoutReply/script(function:)``). A script not in the table gets
/// ``unlistedScripts``.
///
/// ```swift
/// let rules = ParseRules(completion: .titleContains("Thank you"), orderNumberScript: "window.orderNo")
/// let page = SandboxWebPage(answers: [
///     rules.script(for: .orderNumber)!: .answer(#""W-1001""#),
/// ])
/// let environment = CheckoutEnvironment(api: SandboxCheckoutAPI(), webPage: page)
/// ```
public final class SandboxWebPage: WebCheckoutPage, @unchecked Sendable {
    /// How the page answers a script.
    public enum Behavior: Sendable, Hashable {
        /// The script's value as JSON text (`nil`: `undefined`).
        case answer(String?)
        /// Evaluating the script fails (the page threw).
        case fail
        /// The page never answers, and ignores cancellation, as a hung web content process does,
        /// until ``releaseHangingScripts()``.
        case hang
    }

    /// The error a ``Behavior/fail`` script throws.
    public struct EvaluationError: Error, Sendable, Hashable {}

    private let lock = NSLock()
    private let answers: [String: Behavior]
    private var evaluated: [String] = []
    private var hanging: [CheckedContinuation<Void, Never>] = []
    private var isReleased = false

    /// How a script not in the table is answered (`undefined`, as a reply's call returns).
    public let unlistedScripts: Behavior

    /// Creates a page that answers `answers[script]`, and `unlistedScripts` to any other script.
    public init(answers: [String: Behavior] = [:], unlistedScripts: Behavior = .answer(nil)) {
        self.answers = answers
        self.unlistedScripts = unlistedScripts
    }

    /// Every script the page was asked to evaluate, oldest first.
    public var evaluatedScripts: [String] { lock.withLock { evaluated } }

    /// Evaluates `script` as the table says.
    public func evaluateJavaScript(_ script: String) async throws -> String? {
        let behavior = lock.withLock {
            evaluated.append(script)
            return answers[script] ?? unlistedScripts
        }
        switch behavior {
        case .answer(let text):
            return text
        case .fail:
            throw EvaluationError()
        case .hang:
            await withCheckedContinuation { continuation in
                let released = lock.withLock {
                    if !isReleased { hanging.append(continuation) }
                    return isReleased
                }
                if released { continuation.resume() }
            }
            throw EvaluationError()
        }
    }

    /// The navigation request the page's Forms-mode script (``Checkout/BridgeFormSubmission/pageScript``)
    /// makes to send `event` with `data`, as `decidePolicyFor` hands it to the app: a `GET` of
    /// ``Checkout/BridgeFormSubmission/url(event:data:)``'s URL, with no body.
    public func formSubmission(event: String, data: JSONValue?) -> WebCheckoutNavigationRequest {
        WebCheckoutNavigationRequest(
            url: BridgeFormSubmission.url(event: event, data: data), method: "GET",
            headers: ["Accept": "text/html", "Referer": "https://shop.example/checkout"])
    }

    /// Ends every hanging evaluation (each then throws), and makes later ``Behavior/hang``
    /// scripts fail at once: a test calls it when done, so no task is left waiting.
    public func releaseHangingScripts() {
        let waiting = lock.withLock {
            isReleased = true
            defer { hanging = [] }
            return hanging
        }
        for continuation in waiting { continuation.resume() }
    }
}
