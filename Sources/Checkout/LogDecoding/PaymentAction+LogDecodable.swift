public import ActionLog
import StateStore

// The payment state machine's actions and the provider-neutral values they carry.

extension PaymentAction: LogDecodable {
    /// Decodes a payment action from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        switch name {
        case "providerSelected": self = .providerSelected(id: try payload.require("id").string())
        case "methodSelected": self = .methodSelected(id: try payload.require("id").string())
        case "intentCreated":
            self = .intentCreated(try payload.require("_0").decode(), attempt: try payload.require("attempt").int())
        case "intentFailed":
            self = .intentFailed(try payload.require("_0").decode(), attempt: try payload.require("attempt").int())
        case "sessionPrepared":
            self = .sessionPrepared(try payload.require("_0").decode(), attempt: try payload.require("attempt").int())
        case "submitted": self = .submitted(try payload.require("_0").decode())
        case "actionCompleted": self = .actionCompleted(try payload.require("_0").decode())
        case "dropInCompleted": self = .dropInCompleted(try payload.require("_0").decode())
        case "dropInFailed": self = .dropInFailed(message: try payload.require("message").string())
        case "outcomeReceived":
            self = .outcomeReceived(try payload.require("_0").decode(), attempt: try payload.require("attempt").int())
        case "providerFailed":
            self = .providerFailed(try payload.require("_0").decode(), attempt: try payload.require("attempt").int())
        case "widgetStatusChanged": self = .widgetStatusChanged(try payload.require("_0").decode())
        case "confirmationPollDue": self = .confirmationPollDue(poll: try payload.require("poll").int())
        default: self = try Self.withoutPayload(name, payload: payload)
        }
    }

    /// The cases without a payload, whose payload must still be an object.
    private static func withoutPayload(_ name: LogName, payload: LogValue) throws -> PaymentAction {
        let action: PaymentAction
        switch name {
        case "payTapped": action = .payTapped
        case "actionFinishedWithoutDetails": action = .actionFinishedWithoutDetails
        case "declineAcknowledged": action = .declineAcknowledged
        case "cancelTapped": action = .cancelTapped
        case "appWentAway": action = .appWentAway
        case "timedOut": action = .timedOut
        case "retryTapped": action = .retryTapped
        case "abortTapped": action = .abortTapped
        case "confirmationRequested": action = .confirmationRequested
        default: throw unknownCase(name, of: PaymentAction.self)
        }
        _ = try payload.casePayload()
        return action
    }
}

extension PaymentIntent: LogDecodable {
    /// Decodes an intent from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        self.init(
            reference: try value.require("reference").string(),
            cartID: try value.require("cartID").string(),
            amount: try value.require("amount").decode())
    }
}

extension PaymentSession: LogDecodable {
    /// Decodes a session from a log line, as the synthesised `init(from:)` does (the token is
    /// redacted in a log).
    public init(logValue value: LogValue) throws {
        self.init(
            id: try value.require("id").string(),
            providerID: try value.require("providerID").string(),
            amount: try value.require("amount").decode(),
            methods: try value.require("methods").array(of: PaymentMethodOption.self),
            token: try value.member("token")?.sensitiveString(),
            paymentMethodsResponse: try value.member("paymentMethodsResponse")?.decode())
    }
}

extension PaymentMethodsResponse: LogDecodable {
    /// Decodes a payment-methods answer from a log line, as the `init(from:)` does (its secret
    /// members are redacted in a log).
    public init(logValue value: LogValue) throws {
        self.init(redactedJSON: try value.decode(JSONValue.self))
    }
}

extension PaymentMethodOption: LogDecodable {
    /// Decodes a payment method from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        self.init(id: try value.require("id").string(), name: try value.require("name").string())
    }
}

extension PaymentSubmission: LogDecodable {
    /// Decodes a submission from a log line, as the synthesised `init(from:)` does (the payload
    /// is redacted in a log).
    public init(logValue value: LogValue) throws {
        self.init(
            methodID: try value.require("methodID").string(),
            payload: try value.require("payload").sensitiveString(),
            displayDescription: try value.member("displayDescription")?.string())
    }
}

extension PaymentActionDetails: LogDecodable {
    /// Decodes an action's details from a log line, as the synthesised `init(from:)` does (the
    /// secrets are redacted in a log).
    public init(logValue value: LogValue) throws {
        self.init(
            payload: try value.require("payload").sensitiveString(),
            returnURL: try value.member("returnURL")?.sensitiveString(),
            widgetChecksum: try value.member("widgetChecksum")?.string())
    }
}

extension PaymentDropInResult: LogDecodable {
    /// Decodes a drop-in's result from a log line, as the synthesised `init(from:)` does (the
    /// session result is redacted in a log).
    public init(logValue value: LogValue) throws {
        self.init(
            resultCode: try value.require("resultCode").string(),
            sessionResult: try value.member("sessionResult")?.sensitiveString(),
            methodID: try value.member("methodID")?.string())
    }
}

extension PaymentOutcome: LogDecodable {
    /// Decodes a provider's outcome from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        switch name {
        case "authorised": self = .authorised(try payload.require("_0").decode())
        case "awaitingConfirmation": self = .awaitingConfirmation(try payload.require("_0").decode())
        case "actionRequired": self = .actionRequired(try payload.require("_0").decode())
        case "refused": self = .refused(reason: try payload.require("reason").string())
        case "cancelled":
            _ = try payload.casePayload()
            self = .cancelled
        case "error": self = .error(message: try payload.require("message").string())
        case "partiallyAuthorised":
            self = .partiallyAuthorised(
                try payload.require("_0").decode(), remaining: try payload.require("remaining").decode())
        default: throw unknownCase(name, of: PaymentOutcome.self)
        }
    }
}

extension PaymentReceipt: LogDecodable {
    /// Decodes a receipt from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        self.init(
            providerReference: try value.require("providerReference").string(),
            amount: try value.require("amount").decode(),
            resultCode: try value.require("resultCode").string())
    }
}

extension PaymentActionRequest: LogDecodable {
    /// Decodes an action request from a log line, as the synthesised `init(from:)` does (the
    /// payload is redacted in a log).
    public init(logValue value: LogValue) throws {
        self.init(
            kind: try value.require("kind").rawValue(),
            url: try value.member("url")?.sensitiveURL(),
            payload: try value.member("payload")?.sensitiveString())
    }
}

extension PaymentFailure: LogDecodable {
    /// Decodes a failure from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        self.init(kind: try value.require("kind").rawValue(), message: try value.require("message").string())
    }
}

extension PaymentWidgetReport: LogDecodable {
    /// Decodes a widget's report from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        self.init(
            isValid: try value.require("isValid").bool(),
            checksum: try value.member("checksum")?.string(),
            errorCode: try value.member("errorCode")?.string(),
            message: try value.member("message")?.string())
    }
}
