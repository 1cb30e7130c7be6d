public import ActionLog
import StateStore

// The checkout's payload: every load, edit and refresh result carries one, so it is the hottest
// part of a checkout log. Each reading mirrors the type's `Decodable` (synthesised or custom).

extension CheckoutDetails: LogDecodable {
    /// Decodes the checkout details from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        self.init(
            cart: try value.require("cart").decode(),
            email: try value.member("email")?.string(),
            shippingContact: try value.member("shippingContact")?.decode(),
            billingContact: try value.member("billingContact")?.decode(),
            shippingMethods: try value.require("shippingMethods").array(of: ShippingMethod.self),
            selectedShippingMethodID: try value.member("selectedShippingMethodID")?.string())
    }
}

extension Cart: LogDecodable {
    /// Decodes a cart from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        self.init(
            id: try value.require("id").string(),
            lines: try value.require("lines").array(of: CartLine.self),
            totals: try value.require("totals").decode(),
            currencyCode: try value.require("currencyCode").string())
    }
}

extension CartLine: LogDecodable {
    /// Decodes a line from a log line, as `init(from:)` does: `unitPrice` from a decimal string
    /// or a JSON number.
    public init(logValue value: LogValue) throws {
        self.init(
            id: try value.require("id").string(),
            productID: try value.require("productID").string(),
            title: try value.require("title").string(),
            quantity: try value.require("quantity").int(),
            unitPrice: try value.require("unitPrice").flexibleDecimal())
    }
}

extension CartTotals: LogDecodable {
    /// Decodes totals from a log line, as `init(from:)` does: each from a decimal string or a
    /// JSON number.
    public init(logValue value: LogValue) throws {
        self.init(
            subtotal: try value.require("subtotal").flexibleDecimal(),
            shipping: try value.require("shipping").flexibleDecimal(),
            discount: try value.require("discount").flexibleDecimal(),
            total: try value.require("total").flexibleDecimal())
    }
}

extension ShippingMethod: LogDecodable {
    /// Decodes a shipping method from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        self.init(
            id: try value.require("id").string(),
            name: try value.require("name").string(),
            price: try value.require("price").decode())
    }
}

extension Money: LogDecodable {
    /// Decodes an amount from a log line, as `init(from:)` does: the amount from a decimal string
    /// or a JSON number, the currency code upper-cased.
    public init(logValue value: LogValue) throws {
        self.init(
            amount: try value.require("amount").flexibleDecimal(),
            currencyCode: try value.require("currencyCode").string())
    }
}

extension Address: LogDecodable {
    /// Decodes an address from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        self.init(
            firstName: try value.require("firstName").string(),
            lastName: try value.require("lastName").string(),
            line1: try value.require("line1").string(),
            line2: try value.member("line2")?.string(),
            city: try value.require("city").string(),
            region: try value.member("region")?.string(),
            postcode: try value.require("postcode").string(),
            countryCode: try value.require("countryCode").string(),
            phone: try value.member("phone")?.string())
    }
}
