import Foundation
import StateStore

/// The JSON a web checkout's begin endpoint answers, as ``URLSessionCheckoutAPI`` reads it, and
/// the checks that make it a ``WebCheckoutSession``.
///
/// ```json
/// {"method": "POST", "url": "https://shop.example/cart/transfer",
///  "headers": {"Content-Type": "application/x-www-form-urlencoded"}, "body": "token=…",
///  "cookies": [{"name": "…", "value": "…", "domain": "shop.example", "path": "/"}], "reference": "ref-1"}
/// ```
///
/// Both endpoints answer `url`, `cookies`, `headers` and `reference`. A cart transfer's answer
/// describes the request the web view performs, so it also has `method` (`GET` or `POST`, any
/// case) and may have `body` (a string, at most ``WebCheckoutSession/maximumBodyBytes``, never
/// with `GET`). A `checkout/start` answer is a `GET` of `url`, as it always was: a `method` or
/// `body` in it is not part of that contract and is ignored.
///
/// The answer comes from the network, so every check fails with
/// ``CheckoutAPIError/malformedResponse(detail:)`` naming the field, and no detail repeats a
/// secret (a URL is shown redacted, a header value or body never).
struct WebCheckoutBeginAnswer: Decodable {
    let url: String
    let method: String?
    let cookies: [WebCheckoutCookie]
    let headers: [String: String]
    let body: String?
    let reference: String

    /// The largest answer read (1 MiB): a body at its limit with the rest of a session fits many
    /// times over.
    static let maximumBytes = 1024 * 1024

    /// The session the answer describes for `apiType`.
    func session(for apiType: WebCheckoutApiType) throws(CheckoutAPIError) -> WebCheckoutSession {
        let url = SensitiveURL(self.url)
        try Self.check(url)
        let headers = try checkedHeaders()
        switch apiType {
        case .checkout:
            return WebCheckoutSession(url: url, cookies: cookies, headers: headers, reference: reference)
        case .cartTransfer:
            guard let method else { throw .malformedResponse(detail: "missing method") }
            guard let parsed = WebCheckoutRequestMethod(rawValue: method.uppercased()) else {
                throw .malformedResponse(detail: "method \(Self.quoted(method)) is not GET or POST")
            }
            if let body {
                guard parsed == .post else { throw .malformedResponse(detail: "body with method GET") }
                let size = body.utf8.count
                guard size <= WebCheckoutSession.maximumBodyBytes else {
                    throw .malformedResponse(
                        detail: "body is \(size) bytes, more than \(WebCheckoutSession.maximumBodyBytes)")
                }
            }
            return WebCheckoutSession(
                url: url, method: parsed, cookies: cookies, headers: headers, body: body.map(Sensitive.init),
                reference: reference)
        }
    }

    /// The URL must be one a web view can load as it is: absolute, `http` or `https`, with a host.
    private static func check(_ url: SensitiveURL) throws(CheckoutAPIError) {
        let text = url.value ?? url.redactedString
        if let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
            URL(string: text) != nil
        {
            return
        }
        throw .malformedResponse(detail: "url \(quoted(url.redactedString)) is not an absolute http or https URL")
    }

    /// The headers as the session holds them. A name must be an HTTP token and a value free of
    /// line breaks and NUL, so that no header the backend sends can add another to the request.
    private func checkedHeaders() throws(CheckoutAPIError) -> [String: Sensitive<String>] {
        var checked: [String: Sensitive<String>] = [:]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(Self.isTokenCharacter) else {
                throw .malformedResponse(detail: "headers: \(Self.quoted(name)) is not a header name")
            }
            guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                throw .malformedResponse(detail: "headers.\(name) has a line break or NUL in its value")
            }
            checked[name] = Sensitive(value)
        }
        return checked
    }

    /// RFC 9110's `tchar`: a letter, a digit, or one of the punctuation marks listed below.
    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }

    /// `text` in quotes, cut to 64 characters: a hostile answer's value in a detail stays short.
    private static func quoted(_ text: String) -> String {
        let limit = 64
        return text.count <= limit ? "\"\(text)\"" : "\"\(text.prefix(limit))…\""
    }
}
