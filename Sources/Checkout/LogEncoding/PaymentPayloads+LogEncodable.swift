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
