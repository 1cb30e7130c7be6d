public import ActionLog
import StateStore

// The payment family's commonest payloads: an intent, a submission, an outcome with its receipt.
// Without these the recorder, and an export's encoding, wrote them through `Encodable` (about
// 19,000 instructions a payment action against a few hundred). Each writes exactly what the
// synthesised `Encodable` writes (`CheckoutLogEncodingTests` compares them over the example logs
// and the samples of every case).

extension PaymentIntent: LogEncodable {
    /// Writes the intent as its synthesised `Encodable` does.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("reference", reference)
        log.member("cartID", cartID)
        try log.member("amount", amount)
        log.endObject()
    }
}

extension PaymentSubmission: LogEncodable {
    /// Writes the submission as its synthesised `Encodable` does: the payload as
    /// `Sensitive`'s redaction marker (a log's encoder never reveals it), a `nil` description
    /// left out.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("methodID", methodID)
        log.member("payload", Sensitive<String>.redactionMarker)
        log.member("displayDescription", ifPresent: displayDescription)
        log.endObject()
    }
}

extension PaymentReceipt: LogEncodable {
    /// Writes the receipt as its synthesised `Encodable` does.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("providerReference", providerReference)
        try log.member("amount", amount)
        log.member("resultCode", resultCode)
        log.endObject()
    }
}

extension PaymentOutcome: LogEncodable {
    /// Writes the outcome as its synthesised `Encodable` does; an action request through its own
    /// `Encodable`.
    public func encode(to log: inout LogWriter) throws {
        switch self {
        case .authorised(let receipt): try log.enumCase("authorised") { try $0.member("_0", receipt) }
        case .awaitingConfirmation(let receipt):
            try log.enumCase("awaitingConfirmation") { try $0.member("_0", receipt) }
        case .actionRequired(let request): try log.enumCase("actionRequired") { try $0.member("_0", request) }
        case .refused(let reason): log.enumCase("refused") { $0.member("reason", reason) }
        case .cancelled: log.enumCase("cancelled") { _ in }
        case .error(let message): log.enumCase("error") { $0.member("message", message) }
        case .partiallyAuthorised(let receipt, let remaining):
            try log.enumCase("partiallyAuthorised") {
                try $0.member("_0", receipt)
                try $0.member("remaining", remaining)
            }
        }
    }
}

// The rarer payment payloads and the API's errors: a session, an action's request and details, a
// drop-in's result, a failure. Through `Encodable` each cost its action about 23,000 instructions
// (an eighth of the export's steps carry one); written here, a few hundred.

extension PaymentSession: LogEncodable {
    /// Writes the session as its synthesised `Encodable` does: the token as `Sensitive`'s
    /// redaction marker, the payment-methods answer as its redacted JSON (through `Encodable`, as
    /// ``PaymentMethodsResponse`` writes it), `nil` members left out.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("id", id)
        log.member("providerID", providerID)
        try log.member("amount", amount)
        log.key("methods")
        try log.array(methods)
        if token != nil { log.member("token", Sensitive<String>.redactionMarker) }
        try log.member("paymentMethodsResponse", ifPresent: paymentMethodsResponse?.redactedJSON)
        log.endObject()
    }
}

extension PaymentMethodOption: LogEncodable {
    /// Writes the option as its synthesised `Encodable` does.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("id", id)
        log.member("name", name)
        log.endObject()
    }
}

extension PaymentActionRequest: LogEncodable {
    /// Writes the request as its synthesised `Encodable` does: the kind by its raw value, the URL
    /// redacted as ``SensitiveURL`` writes it for a log, the payload as the redaction marker, `nil`
    /// members left out.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("kind", kind.rawValue)
        log.member("url", ifPresent: url?.redactedString)
        if payload != nil { log.member("payload", Sensitive<String>.redactionMarker) }
        log.endObject()
    }
}

extension PaymentActionDetails: LogEncodable {
    /// Writes the details as their synthesised `Encodable` does: secrets as the redaction
    /// marker, `nil` members left out.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("payload", Sensitive<String>.redactionMarker)
        if returnURL != nil { log.member("returnURL", Sensitive<String>.redactionMarker) }
        log.member("widgetChecksum", ifPresent: widgetChecksum)
        log.endObject()
    }
}

extension PaymentDropInResult: LogEncodable {
    /// Writes the result as its synthesised `Encodable` does: the session result as the
    /// redaction marker, `nil` members left out.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("resultCode", resultCode)
        if sessionResult != nil { log.member("sessionResult", Sensitive<String>.redactionMarker) }
        log.member("methodID", ifPresent: methodID)
        log.endObject()
    }
}

extension PaymentFailure: LogEncodable {
    /// Writes the failure as its synthesised `Encodable` does: the kind by its raw value.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("kind", kind.rawValue)
        log.member("message", message)
        log.endObject()
    }
}

extension CheckoutAPIError: LogEncodable {
    /// Writes the error as its synthesised `Encodable` does: a `nil` message left out, as
    /// synthesised enum coding leaves out a `nil` associated value (`encodeIfPresent`).
    public func encode(to log: inout LogWriter) throws {
        switch self {
        case .cartExpired: log.enumCase("cartExpired") { _ in }
        case .conflict(let message): log.enumCase("conflict") { $0.member("message", ifPresent: message) }
        case .timeout: log.enumCase("timeout") { _ in }
        case .network(let detail): log.enumCase("network") { $0.member("_0", detail) }
        case .client(let status, let message):
            log.enumCase("client") {
                $0.member("status", status)
                $0.member("message", ifPresent: message)
            }
        case .server(let status, let message):
            log.enumCase("server") {
                $0.member("status", status)
                $0.member("message", ifPresent: message)
            }
        case .malformedResponse(let detail): log.enumCase("malformedResponse") { $0.member("detail", detail) }
        case .invalidRequest(let detail): log.enumCase("invalidRequest") { $0.member("_0", detail) }
        }
    }
}

extension WebCheckoutSession: LogEncodable {
    /// Writes the session as its `Encodable` does: the URL redacted, the method only when not
    /// `GET`, the headers sorted by name with their values as the redaction marker, the body as
    /// the marker when there is one.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("url", url.redactedString)
        if method != .get { log.member("method", method.rawValue) }
        log.key("cookies")
        try log.array(cookies)
        // The names are not static: the headers are written by `Encodable`, sorted as
        // `encodeSortingKeys` writes them.
        try log.member("headers", SortedHeaders(headers: headers))
        if body != nil { log.member("body", Sensitive<String>.redactionMarker) }
        log.member("reference", reference)
        log.endObject()
    }
}

extension WebCheckoutCookie: LogEncodable {
    /// Writes the cookie as its synthesised `Encodable` does: the value as the redaction marker.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("name", name)
        log.member("value", Sensitive<String>.redactionMarker)
        log.member("domain", domain)
        log.member("path", path)
        log.endObject()
    }
}

/// A session's headers as its `Encodable` writes them: an object sorted by name, each value
/// `Sensitive`'s marker.
private struct SortedHeaders: Encodable {
    let headers: [String: Sensitive<String>]

    func encode(to encoder: any Encoder) throws {
        var entries = encoder.container(keyedBy: DictionaryEntryKey.self)
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            try entries.encode(value, forKey: DictionaryEntryKey(stringValue: name))
        }
    }
}
