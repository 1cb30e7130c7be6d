public import StateStore

/// The page of a web checkout, as the engine talks to it: the host implements it with
/// `WKWebView.evaluateJavaScript`, and the engine calls it from effects (never while reducing,
/// never in a replay) to reply to the bridge and to run parse-mode scripts.
///
/// The engine builds every script itself (``WebCheckoutReply/script(function:)``), and wraps
/// scripts whose result it needs in `JSON.stringify`, so a result is always a string or none.
///
/// ```swift
/// final class WebViewPage: WebCheckoutPage, @unchecked Sendable {
///     weak var webView: WKWebView?
///     @MainActor func evaluateJavaScript(_ script: String) async throws -> String? {
///         try await webView?.evaluateJavaScript(script) as? String
///     }
/// }
/// ```
public protocol WebCheckoutPage: Sendable {
    /// Evaluates `script` in the page and returns its result when it is a string.
    func evaluateJavaScript(_ script: String) async throws -> String?
}

/// A message the engine sends to the page: `window.poqWebCheckout.postMessage(name, payload)`
/// (the function is ``WebCheckoutConfiguration/replyFunction``).
///
/// ```swift
/// WebCheckoutReply.applePayEnabled(true).script()
/// // window.poqWebCheckout.postMessage("applepayenabled",{"enabled":true});
/// ```
public struct WebCheckoutReply: Sendable, Hashable {
    /// The message's name, for example `bridgesettings`.
    public var name: String
    /// The message's payload.
    public var payload: JSONValue

    /// Creates a reply.
    public init(name: String, payload: JSONValue) {
        self.name = name
        self.payload = payload
    }

    /// The answer to `ping`: the bridge build the page should run.
    ///
    /// ```swift
    /// WebCheckoutReply.bridgeSettings(version: "2", integrity: nil).payload.jsonText
    /// // {"integrity":null,"version":"2"}
    /// ```
    public static func bridgeSettings(version: String?, integrity: String?) -> WebCheckoutReply {
        WebCheckoutReply(
            name: "bridgesettings",
            payload: .object([
                JSONMember(key: "integrity", value: integrity.map(JSONValue.string) ?? .null),
                JSONMember(key: "version", value: version.map(JSONValue.string) ?? .null),
            ]))
    }

    /// The answer to `applepay`: whether Apple Pay can be offered.
    ///
    /// ```swift
    /// WebCheckoutReply.applePayEnabled(false).payload.jsonText   // {"enabled":false}
    /// ```
    public static func applePayEnabled(_ isEnabled: Bool) -> WebCheckoutReply {
        WebCheckoutReply(
            name: "applepayenabled", payload: .object([JSONMember(key: "enabled", value: .bool(isEnabled))]))
    }

    /// `paymentauthorized` with `payload` as it is. The engine sends the one
    /// ``paymentAuthorized(_:request:shippingMethods:paymentMethod:requestID:)`` builds, once the
    /// shopper authorised the page's Apple Pay request.
    ///
    /// ```swift
    /// WebCheckoutReply.paymentAuthorized(.object([])).script()
    /// // window.poqWebCheckout.postMessage("paymentauthorized",{});
    /// ```
    public static func paymentAuthorized(_ payload: JSONValue) -> WebCheckoutReply {
        WebCheckoutReply(name: "paymentauthorized", payload: payload)
    }

    /// The JavaScript statement that calls `function(name, payload)`: each argument a JSON
    /// literal with `<`, `>`, `&`, `'`, U+2028 and U+2029 escaped, so no payload can end the
    /// string, the call or a `<script>` element. A `function` that is not a dotted path of
    /// JavaScript identifiers is replaced by ``WebCheckoutConfiguration/defaultReplyFunction``.
    ///
    /// ```swift
    /// WebCheckoutReply(name: "x", payload: .string("</script>")).script()
    /// // window.poqWebCheckout.postMessage("x","\u003c/script\u003e");
    /// ```
    public func script(function: String = WebCheckoutConfiguration.defaultReplyFunction) -> String {
        let target = JavaScriptText.isPath(function) ? function : WebCheckoutConfiguration.defaultReplyFunction
        return "\(target)(\(JavaScriptText.literal(.string(name))),\(JavaScriptText.literal(payload)));"
    }
}

/// JSON as JavaScript source text that nothing in it can break out of.
enum JavaScriptText {
    /// `value` as a JavaScript literal. A number whose text is not a JSON number is written as a
    /// string of that text.
    static func literal(_ value: JSONValue) -> String {
        var output = ""
        for scalar in safe(value).jsonText.unicodeScalars {
            switch scalar {
            case "<": output += "\\u003c"
            case ">": output += "\\u003e"
            case "&": output += "\\u0026"
            case "'": output += "\\u0027"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// A script that evaluates `expression` and returns it as JSON text (`undefined` when it has
    /// no JSON form, or throws).
    static func stringified(_ expression: String) -> String {
        "(function(){try{return JSON.stringify((function(){return (\(expression));})());}catch(e){return undefined;}})()"
    }

    static func isPath(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty
            && parts.allSatisfy { part in
                guard let first = part.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
                return part.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || $0.isASCIIAlphanumeric }
            }
    }

    private static func safe(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let text): return isJSONNumber(text) ? value : .string(text)
        case .array(let items): return .array(items.map(safe))
        case .object(let members): return .object(members.map { JSONMember(key: $0.key, value: safe($0.value)) })
        default: return value
        }
    }

    /// Whether `text` is a JSON number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Int {
            let count = bytes.prefix { (0x30...0x39).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            if digits() == 0 { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            if digits() == 0 { return false }
        }
        return bytes.isEmpty
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIIAlphanumeric: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self)
    }
}
