public import ActionLog
import StateStore

// The Checkout API's results and what they carry. Synthesised enum coding writes a case as
// `{"case": {"_0": payload, "requestID": n}}`.

extension CheckoutResultAction: LogDecodable {
    /// Decodes a result from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        switch name {
        case "checkoutLoaded":
            self = .checkoutLoaded(
                try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "checkoutLoadFailed":
            self = .checkoutLoadFailed(
                try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "webSessionLoaded":
            self = .webSessionLoaded(
                try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "webSessionFailed":
            self = .webSessionFailed(
                try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "updateAccepted":
            self = .updateAccepted(
                try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "updateFailed":
            self = .updateFailed(try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "checkoutRestored":
            self = .checkoutRestored(
                try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "restoreFailed":
            self = .restoreFailed(try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "checkoutRefreshed":
            self = .checkoutRefreshed(
                try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "refreshFailed":
            self = .refreshFailed(try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "completionRecorded":
            self = .completionRecorded(requestID: try payload.require("requestID").int())
        case "completionRecordFailed":
            self = .completionRecordFailed(
                try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "orderPlaced":
            self = .orderPlaced(try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "orderPlacementFailed":
            self = .orderPlacementFailed(
                try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "orderStatusUpdated":
            self = .orderStatusUpdated(
                try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "orderStatusUpdateFailed":
            self = .orderStatusUpdateFailed(
                try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        default:
            throw unknownCase(name, of: CheckoutResultAction.self)
        }
    }
}

extension CheckoutAPIError: LogDecodable {
    /// Decodes an API error from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        switch name {
        case "cartExpired":
            _ = try payload.casePayload()
            self = .cartExpired
        case "conflict":
            self = .conflict(message: try payload.casePayload().member("message")?.string())
        case "timeout":
            _ = try payload.casePayload()
            self = .timeout
        case "network":
            self = .network(try payload.require("_0").string())
        case "client":
            self = .client(
                status: try payload.require("status").int(), message: try payload.member("message")?.string())
        case "server":
            self = .server(
                status: try payload.require("status").int(), message: try payload.member("message")?.string())
        case "malformedResponse":
            self = .malformedResponse(detail: try payload.require("detail").string())
        case "invalidRequest":
            self = .invalidRequest(try payload.require("_0").string())
        default:
            throw unknownCase(name, of: CheckoutAPIError.self)
        }
    }
}

extension WebCheckoutSession: LogDecodable {
    /// Decodes a web checkout session from a log line, as `init(from:)` does: `method` and `body`
    /// may be absent (a `GET` session, or a log recorded before sessions carried them). The
    /// headers (a dictionary of secrets, one per web checkout) are read member by member; only
    /// names with escapes, a repeated name or a value that is not a string go through
    /// `Decodable` (which says what is wrong).
    public init(logValue value: LogValue) throws {
        let headers = try value.require("headers")
        self.init(
            url: try value.require("url").sensitiveURL(),
            method: try value.member("method")?.rawValue(WebCheckoutRequestMethod.self) ?? .get,
            cookies: try value.require("cookies").array(of: WebCheckoutCookie.self),
            headers: try headers.dictionary { try $0.sensitiveString() }
                ?? headers.decode([String: Sensitive<String>].self),
            body: try value.member("body")?.sensitiveString(),
            reference: try value.require("reference").string())
    }
}

extension WebCheckoutCookie: LogDecodable {
    /// Decodes a cookie from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        self.init(
            name: try value.require("name").string(),
            value: try value.require("value").sensitiveString(),
            domain: try value.require("domain").string(),
            path: try value.require("path").string())
    }
}
