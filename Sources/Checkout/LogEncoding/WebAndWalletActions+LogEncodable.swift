public import ActionLog
import StateStore

// The bridge, parse and wallet families and their payloads. Without these, `CheckoutAction`'s
// fast path wrote them through `Encodable` (about 24,000 instructions an action, a fifth of the
// export's steps; `pseudonymise-checkout-1m`, measured in the commit). Each writes exactly what the
// type's `Encodable` writes (`CheckoutLogEncodingTests` compares them over the example logs, the
// samples of every case and varied values); a JSON value inside one is still written by its
// `Encodable`, which the streaming encoder writes straight from the value.

extension BridgeAction: LogEncodable {
    /// Writes the action as its synthesised `Encodable` does.
    public func encode(to log: inout LogWriter) throws {
        switch self {
        case .messageReceived(let text): log.enumCase("messageReceived") { $0.member("_0", text) }
        case .messagePosted(let json): try log.enumCase("messagePosted") { try $0.member("_0", json) }
        case .messageUnreadable(let reason): log.enumCase("messageUnreadable") { $0.member("reason", reason) }
        case .formSubmitted(let json): try log.enumCase("formSubmitted") { try $0.member("_0", json) }
        case .formRejected(let rejection): try log.enumCase("formRejected") { try $0.member("_0", rejection) }
        }
    }
}

extension BridgeFormRejection: LogEncodable {
    /// Writes the rejection as its synthesised `Encodable` does.
    public func encode(to log: inout LogWriter) throws {
        switch self {
        case .notASubmission(let scheme): log.enumCase("notASubmission") { $0.member("scheme", scheme) }
        case .malformedURL(let reason): log.enumCase("malformedURL") { $0.member("reason", reason) }
        case .wrongHost(let host): log.enumCase("wrongHost") { $0.member("_0", host) }
        case .invalidEvent(let reason): log.enumCase("invalidEvent") { $0.member("reason", reason) }
        case .missingParameter(let name): log.enumCase("missingParameter") { $0.member("_0", name) }
        case .duplicatedParameter(let name): log.enumCase("duplicatedParameter") { $0.member("_0", name) }
        case .unexpectedParameter(let name): log.enumCase("unexpectedParameter") { $0.member("_0", name) }
        case .dataInBody(let method): log.enumCase("dataInBody") { $0.member("method", method) }
        case .invalidPercentEncoding(let part, let offset):
            log.enumCase("invalidPercentEncoding") {
                $0.member("part", part)
                $0.member("offset", offset)
            }
        case .tooLarge(let part, let bytes, let limit):
            log.enumCase("tooLarge") {
                $0.member("part", part)
                $0.member("bytes", bytes)
                $0.member("limit", limit)
            }
        case .invalidData(let reason): log.enumCase("invalidData") { $0.member("reason", reason) }
        }
    }
}

extension ParseAction: LogEncodable {
    /// Writes the action as its synthesised `Encodable` does.
    public func encode(to log: inout LogWriter) throws {
        switch self {
        case .pageLoaded(let page): try log.enumCase("pageLoaded") { try $0.member("_0", page) }
        case .scriptAnswered(let result, let requestID):
            try log.enumCase("scriptAnswered") {
                try $0.member("_0", result)
                $0.member("requestID", requestID)
            }
        }
    }
}

extension ParsedPage: LogEncodable {
    /// Writes the page as its synthesised `Encodable` does: the URL redacted, as
    /// ``SensitiveURL`` encodes it for a log; `nil` members left out.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("url", url.redactedString)
        log.member("title", ifPresent: title)
        log.member("extractedOrderNumber", ifPresent: extractedOrderNumber)
        try log.member("extractedOrder", ifPresent: extractedOrder)
        log.endObject()
    }
}

extension WebOrder: LogEncodable {
    /// Writes the order as its `Encodable` does: decimal strings, the order id as `orderId`,
    /// `nil` members left out.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("total", total)
        log.member("orderId", ifPresent: orderID)
        log.member("subTotal", ifPresent: subTotal)
        log.member("delivery", ifPresent: delivery)
        log.member("discount", ifPresent: discount)
        log.member("tax", ifPresent: tax)
        log.member("currency", ifPresent: currency)
        log.endObject()
    }
}

extension ParseScriptResult: LogEncodable {
    /// Writes the result as its synthesised `Encodable` does: the script by its raw value.
    public func encode(to log: inout LogWriter) throws {
        switch self {
        case .orderNumber(let number): log.enumCase("orderNumber") { $0.member("_0", number) }
        case .orderSummary(let order): try log.enumCase("orderSummary") { try $0.member("_0", order) }
        case .guestEmail(let email): log.enumCase("guestEmail") { $0.member("_0", email) }
        case .rejected(let script, let rejection):
            try log.enumCase("rejected") {
                $0.member("_0", script.rawValue)
                try $0.member("_1", rejection)
            }
        }
    }
}

extension ParseScriptRejection: LogEncodable {
    /// Writes the rejection as its synthesised `Encodable` does.
    public func encode(to log: inout LogWriter) throws {
        switch self {
        case .noPage: log.enumCase("noPage") { _ in }
        case .timedOut(let milliseconds): log.enumCase("timedOut") { $0.member("milliseconds", milliseconds) }
        case .evaluationFailed: log.enumCase("evaluationFailed") { _ in }
        case .noResult: log.enumCase("noResult") { _ in }
        case .invalid(let reason): log.enumCase("invalid") { $0.member("reason", reason) }
        }
    }
}

extension WalletSheetAction: LogEncodable {
    /// Writes the action as its synthesised `Encodable` does.
    public func encode(to log: inout LogWriter) throws {
        switch self {
        case .sheetPresented(let providerID, let merchantName):
            log.enumCase("sheetPresented") {
                $0.member("providerID", providerID)
                $0.member("merchantName", merchantName)
            }
        case .shippingContactSelected(let address, let requestID):
            try log.enumCase("shippingContactSelected") {
                try $0.member("_0", address)
                $0.member("requestID", requestID)
            }
        case .shippingMethodSelected(let id, let requestID):
            log.enumCase("shippingMethodSelected") {
                $0.member("id", id)
                $0.member("requestID", requestID)
            }
        case .paymentMethodSelected(let method, let requestID):
            try log.enumCase("paymentMethodSelected") {
                try $0.member("_0", method)
                $0.member("requestID", requestID)
            }
        case .paymentAuthorized(let authorization, let requestID):
            try log.enumCase("paymentAuthorized") {
                try $0.member("_0", authorization)
                $0.member("requestID", requestID)
            }
        case .sheetDismissed: log.enumCase("sheetDismissed") { _ in }
        case .updateLoaded(let details, let requestID):
            try log.enumCase("updateLoaded") {
                try $0.member("_0", details)
                $0.member("requestID", requestID)
            }
        case .updateFailed(let error, let requestID):
            try log.enumCase("updateFailed") {
                try $0.member("_0", error)
                $0.member("requestID", requestID)
            }
        case .updateTimedOut(let requestID): log.enumCase("updateTimedOut") { $0.member("requestID", requestID) }
        }
    }
}

extension PartialAddress: LogEncodable {
    /// Writes the address as its synthesised `Encodable` does.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("city", city)
        log.member("postcode", postcode)
        log.member("countryCode", countryCode)
        log.endObject()
    }
}

extension WalletPaymentMethod: LogEncodable {
    /// Writes the method as its synthesised `Encodable` does: the kind by its raw value, `nil`
    /// members left out.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("displayName", ifPresent: displayName)
        log.member("network", ifPresent: network)
        log.member("kind", kind.rawValue)
        log.endObject()
    }
}

extension WalletAuthorization: LogEncodable {
    /// Writes the authorisation as its synthesised `Encodable` does (`nil` members left out; the
    /// payment's payload as the redaction marker, as ``PaymentSubmission`` writes it).
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("email", email)
        try log.member("shippingAddress", shippingAddress)
        try log.member("billingAddress", ifPresent: billingAddress)
        log.member("shippingMethodID", ifPresent: shippingMethodID)
        try log.member("shownTotal", shownTotal)
        try log.member("payment", payment)
        log.endObject()
    }
}
