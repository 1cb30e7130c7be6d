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
    /// Decodes a cart from a log line, as `init(from:)` does: quantities that add up to more
    /// than `Int.max` are refused.
    public init(logValue value: LogValue) throws {
        self.init(
            id: try value.require("id").string(),
            lines: try value.require("lines").array(of: CartLine.self),
            totals: try value.require("totals").decode(),
            currencyCode: try value.require("currencyCode").string())
        guard itemCount != nil else { throw LogValue.Mismatch(Self.itemCountProblem) }
    }
}

extension CartLine: LogDecodable {
    /// Decodes a line from a log line, as `init(from:)` does: the quantity a count, `unitPrice`
    /// from a decimal string or a JSON number, neither negative.
    public init(logValue value: LogValue) throws {
        self.init(
            id: try value.require("id").string(),
            productID: try value.require("productID").string(),
            title: try value.require("title").string(),
            quantity: try value.require("quantity").count(),
            unitPrice: try value.require("unitPrice").nonNegativeDecimal())
    }
}

extension CartTotals: LogDecodable {
    /// Decodes totals from a log line, as `init(from:)` does: each from a decimal string or a
    /// JSON number, none negative.
    public init(logValue value: LogValue) throws {
        self.init(
            subtotal: try value.require("subtotal").nonNegativeDecimal(),
            shipping: try value.require("shipping").nonNegativeDecimal(),
            discount: try value.require("discount").nonNegativeDecimal(),
            total: try value.require("total").nonNegativeDecimal())
    }
}

extension ShippingMethod: LogDecodable {
    /// Decodes a shipping method from a log line, as `init(from:)` does: a negative price is
    /// refused.
    public init(logValue value: LogValue) throws {
        self.init(
            id: try value.require("id").string(),
            name: try value.require("name").string(),
            price: try value.require("price").decode())
        if let problem = DecimalParsing.negativeProblem(price.amount) { throw LogValue.Mismatch(problem) }
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
