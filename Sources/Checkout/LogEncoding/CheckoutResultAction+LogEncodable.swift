public import ActionLog
import StateStore

// The Checkout API's results and the checkout they carry: the largest and commonest payloads of a
// checkout log. Synthesised enum coding writes a case as `{"case":{"_0":payload,"requestID":n}}`.

extension CheckoutResultAction: LogEncodable {
    /// Writes the result as its synthesised `Encodable` does.
    public func encode(to log: inout LogWriter) throws {
        switch self {
        case .checkoutLoaded(let details, let id): try log.result("checkoutLoaded", details, requestID: id)
        case .checkoutLoadFailed(let error, let id): try log.result("checkoutLoadFailed", error, requestID: id)
        case .webSessionLoaded(let session, let id): try log.result("webSessionLoaded", session, requestID: id)
        case .webSessionFailed(let error, let id): try log.result("webSessionFailed", error, requestID: id)
        case .updateAccepted(let details, let id): try log.result("updateAccepted", details, requestID: id)
        case .updateFailed(let error, let id): try log.result("updateFailed", error, requestID: id)
        case .checkoutRestored(let details, let id): try log.result("checkoutRestored", details, requestID: id)
        case .restoreFailed(let error, let id): try log.result("restoreFailed", error, requestID: id)
        case .checkoutRefreshed(let details, let id): try log.result("checkoutRefreshed", details, requestID: id)
        case .refreshFailed(let error, let id): try log.result("refreshFailed", error, requestID: id)
        case .completionRecorded(let id): log.enumCase("completionRecorded") { $0.member("requestID", id) }
        case .completionRecordFailed(let error, let id):
            try log.result("completionRecordFailed", error, requestID: id)
        case .orderPlaced(let order, let id): try log.result("orderPlaced", order, requestID: id)
        case .orderPlacementFailed(let error, let id): try log.result("orderPlacementFailed", error, requestID: id)
        case .orderStatusUpdated(let order, let id): try log.result("orderStatusUpdated", order, requestID: id)
        case .orderStatusUpdateFailed(let error, let id):
            try log.result("orderStatusUpdateFailed", error, requestID: id)
        }
    }
}

extension LogWriter {
    /// A result case with a payload that has its own fast path.
    fileprivate mutating func result<Payload: LogEncodable>(
        _ name: StaticString, _ payload: Payload, requestID: Int
    ) throws {
        try enumCase(name) {
            try $0.member("_0", payload)
            $0.member("requestID", requestID)
        }
    }

    /// A result case with a payload written by its `Encodable`.
    fileprivate mutating func result<Payload: Encodable>(
        _ name: StaticString, _ payload: Payload, requestID: Int
    ) throws {
        try enumCase(name) {
            try $0.member("_0", payload)
            $0.member("requestID", requestID)
        }
    }
}

extension CheckoutDetails: LogEncodable {
    /// Writes the details as the synthesised `Encodable` does (`nil` members left out).
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        try log.member("cart", cart)
        log.member("email", ifPresent: email)
        try log.member("shippingContact", ifPresent: shippingContact)
        try log.member("billingContact", ifPresent: billingContact)
        log.key("shippingMethods")
        try log.array(shippingMethods)
        log.member("selectedShippingMethodID", ifPresent: selectedShippingMethodID)
        log.endObject()
    }
}

extension Cart: LogEncodable {
    /// Writes the cart as its `Encodable` does.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("id", id)
        log.key("lines")
        try log.array(lines)
        try log.member("totals", totals)
        log.member("currencyCode", currencyCode)
        log.endObject()
    }
}

extension CartLine: LogEncodable {
    /// Writes the line as its `Encodable` does: the unit price as a decimal string.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("id", id)
        log.member("productID", productID)
        log.member("title", title)
        log.member("quantity", quantity)
        log.member("unitPrice", unitPrice)
        log.endObject()
    }
}

extension CartTotals: LogEncodable {
    /// Writes the totals as their `Encodable` does: decimal strings.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("subtotal", subtotal)
        log.member("shipping", shipping)
        log.member("discount", discount)
        log.member("total", total)
        log.endObject()
    }
}

extension ShippingMethod: LogEncodable {
    /// Writes the method as its `Encodable` does.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("id", id)
        log.member("name", name)
        try log.member("price", price)
        log.endObject()
    }
}

extension Money: LogEncodable {
    /// Writes the amount as its `Encodable` does: a decimal string, and the currency code.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("amount", amount)
        log.member("currencyCode", currencyCode)
        log.endObject()
    }
}

extension Address: LogEncodable {
    /// Writes the address as the synthesised `Encodable` does (`nil` members left out).
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("firstName", firstName)
        log.member("lastName", lastName)
        log.member("line1", line1)
        log.member("line2", ifPresent: line2)
        log.member("city", city)
        log.member("region", ifPresent: region)
        log.member("postcode", postcode)
        log.member("countryCode", countryCode)
        log.member("phone", ifPresent: phone)
        log.endObject()
    }
}

extension PlacedOrder: LogEncodable {
    /// Writes the order as its `Encodable` does: the status by its raw value.
    public func encode(to log: inout LogWriter) throws {
        log.beginObject()
        log.member("id", id)
        log.member("number", number)
        log.member("status", status.rawValue)
        try log.member("total", total)
        log.endObject()
    }
}
