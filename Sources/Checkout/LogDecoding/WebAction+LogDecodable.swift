public import ActionLog
import StateStore

// The web checkouts' actions: a bridge page's raw messages and Forms submissions, and a
// parse-type checkout's pages and its scripts' results.

extension BridgeAction: LogDecodable {
    /// Decodes a bridge action from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        switch name {
        case "messageReceived": self = .messageReceived(try payload.require("_0").string())
        case "messagePosted": self = .messagePosted(try payload.require("_0").decode(JSONValue.self))
        case "messageUnreadable": self = .messageUnreadable(reason: try payload.require("reason").string())
        case "formSubmitted": self = .formSubmitted(try payload.require("_0").decode(JSONValue.self))
        case "formRejected": self = .formRejected(try payload.require("_0").decode())
        default: throw unknownCase(name, of: BridgeAction.self)
        }
    }
}

extension BridgeFormRejection: LogDecodable {
    /// Decodes a Forms submission's rejection from a log line, as the synthesised `init(from:)`
    /// does.
    public init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        switch name {
        case "notASubmission": self = .notASubmission(scheme: try payload.require("scheme").string())
        case "malformedURL": self = .malformedURL(reason: try payload.require("reason").string())
        case "wrongHost": self = .wrongHost(try payload.require("_0").string())
        case "invalidEvent": self = .invalidEvent(reason: try payload.require("reason").string())
        case "missingParameter": self = .missingParameter(try payload.require("_0").string())
        case "duplicatedParameter": self = .duplicatedParameter(try payload.require("_0").string())
        case "unexpectedParameter": self = .unexpectedParameter(try payload.require("_0").string())
        case "dataInBody": self = .dataInBody(method: try payload.require("method").string())
        case "invalidPercentEncoding":
            self = .invalidPercentEncoding(
                part: try payload.require("part").string(), offset: try payload.require("offset").int())
        case "tooLarge":
            self = .tooLarge(
                part: try payload.require("part").string(), bytes: try payload.require("bytes").int(),
                limit: try payload.require("limit").int())
        case "invalidData": self = .invalidData(reason: try payload.require("reason").string())
        default: throw unknownCase(name, of: BridgeFormRejection.self)
        }
    }
}

extension ParseAction: LogDecodable {
    /// Decodes a parse action from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        switch name {
        case "pageLoaded": self = .pageLoaded(try payload.require("_0").decode())
        case "scriptAnswered":
            self = .scriptAnswered(
                try payload.require("_0").decode(), requestID: try payload.require("requestID").int())
        default: throw unknownCase(name, of: ParseAction.self)
        }
    }
}

extension ParseScriptResult: LogDecodable {
    /// Decodes a script's result from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        switch name {
        case "orderNumber": self = .orderNumber(try payload.require("_0").string())
        case "orderSummary": self = .orderSummary(try payload.require("_0").decode())
        case "guestEmail": self = .guestEmail(try payload.require("_0").string())
        case "rejected":
            self = .rejected(try payload.require("_0").rawValue(), try payload.require("_1").decode())
        default: throw unknownCase(name, of: ParseScriptResult.self)
        }
    }
}

extension ParseScriptRejection: LogDecodable {
    /// Decodes a script's rejection from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        switch name {
        case "noPage":
            _ = try payload.casePayload()
            self = .noPage
        case "timedOut": self = .timedOut(milliseconds: try payload.require("milliseconds").int())
        case "evaluationFailed":
            _ = try payload.casePayload()
            self = .evaluationFailed
        case "noResult":
            _ = try payload.casePayload()
            self = .noResult
        case "invalid": self = .invalid(reason: try payload.require("reason").string())
        default: throw unknownCase(name, of: ParseScriptRejection.self)
        }
    }
}

extension ParsedPage: LogDecodable {
    /// Decodes a page from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        self.init(
            url: try value.require("url").sensitiveURL(),
            title: try value.member("title")?.string(),
            extractedOrderNumber: try value.member("extractedOrderNumber")?.string(),
            extractedOrder: try value.member("extractedOrder")?.decode())
    }
}

extension WebOrder: LogDecodable {
    /// Decodes an order from a log line, as `init(from:)` does: amounts from decimal strings or
    /// JSON numbers (none but the discount negative), the order id from a string or a whole
    /// number (anything else reads as none).
    public init(logValue value: LogValue) throws {
        var orderID: String?
        if let member = value.member("orderId") {
            // `init(from:)` tries a string, then an integer, then a whole number of any length,
            // and ignores anything else.
            if let text = try? member.string() {
                orderID = text
            } else if let number = try? member.int() {
                orderID = String(number)
            } else if let number = try? member.decimal() {
                orderID = WebOrder.wholeNumberDigits(number)
            }
        }
        self.init(
            total: try value.require("total").nonNegativeDecimal(),
            orderID: orderID,
            subTotal: try value.member("subTotal")?.nonNegativeDecimal(),
            delivery: try value.member("delivery")?.nonNegativeDecimal(),
            discount: try value.member("discount")?.flexibleDecimal(),
            tax: try value.member("tax")?.nonNegativeDecimal(),
            currency: try value.member("currency")?.string())
    }
}
