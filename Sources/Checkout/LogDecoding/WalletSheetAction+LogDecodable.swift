public import ActionLog
import StateStore

// The wallet sheet's callbacks and the results of the work done for them (the checkout and the
// errors they carry decode in CheckoutDetails+LogDecodable.swift and
// CheckoutResultAction+LogDecodable.swift).

extension WalletSheetAction: LogDecodable {
    /// Decodes a wallet sheet action from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        switch name {
        case "sheetPresented":
            self = .sheetPresented(
                providerID: try payload.require("providerID").string(),
                merchantName: try payload.require("merchantName").string())
        case "shippingContactSelected":
            self = .shippingContactSelected(
                try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "shippingMethodSelected":
            self = .shippingMethodSelected(
                id: try payload.require("id").string(), requestID: try payload.require("requestID").int())
        case "paymentMethodSelected":
            self = .paymentMethodSelected(
                try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "paymentAuthorized":
            self = .paymentAuthorized(
                try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "sheetDismissed":
            _ = try payload.casePayload()
            self = .sheetDismissed
        case "updateLoaded":
            self = .updateLoaded(try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "updateFailed":
            self = .updateFailed(try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        case "updateTimedOut": self = .updateTimedOut(requestID: try payload.require("requestID").int())
        default: throw unknownCase(name, of: WalletSheetAction.self)
        }
    }
}

extension PartialAddress: LogDecodable {
    /// Decodes a partial address from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        self.init(
            city: try value.require("city").string(), postcode: try value.require("postcode").string(),
            countryCode: try value.require("countryCode").string())
    }
}

extension WalletPaymentMethod: LogDecodable {
    /// Decodes a payment method from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        self.init(
            displayName: try value.member("displayName")?.string(), network: try value.member("network")?.string(),
            kind: try value.require("kind").rawValue())
    }
}

extension WalletAuthorization: LogDecodable {
    /// Decodes an authorisation from a log line, as the synthesised `init(from:)` does (the token
    /// is redacted in a log).
    public init(logValue value: LogValue) throws {
        self.init(
            email: try value.require("email").string(),
            shippingAddress: try value.require("shippingAddress").decode(),
            billingAddress: try value.member("billingAddress")?.decode(),
            shippingMethodID: try value.member("shippingMethodID")?.string(),
            shownTotal: try value.require("shownTotal").decode(),
            payment: try value.require("payment").decode())
    }
}
