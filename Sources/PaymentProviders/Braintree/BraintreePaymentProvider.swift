public import Checkout
import Foundation
import StateStore

/// Braintree's drop-in as a checkout `PaymentProvider`.
///
/// The drop-in sheet is the host's; this provider fetches the client token, reads the drop-in's
/// result (``BraintreeDropInResult``, the submission's payload), runs the steps the drop-in
/// leaves to the app, and makes the sale through a ``BraintreeMerchantServer``:
///
/// - `prepare`: the merchant account for the currency (none: refused), a client token (with the
///   customer id for vaulted methods), and the customer's most recent vaulted method, offered
///   first as ``BraintreeDropInResult/vaultedMethodID``.
/// - `submit`: a drop-in error fails the payment, a cancellation goes back to selection; Apple
///   Pay without a nonce asks the host for the tokenisation step (an
///   `Checkout/PaymentActionRequest/Kind/sdk` action carrying a ``BraintreeApplePayRequest``);
///   a card with 3-D Secure on runs the lookup with the sale amount (a challenge is a
///   `Checkout/PaymentActionRequest/Kind/threeDSChallenge` action); then the sale, with the
///   amount as a decimal string, the nonce, the device data and the merchant account.
/// - `submitDetails`: the action's ``BraintreeActionResult`` (the Apple Pay nonce, or the
///   challenge's verified nonce), then the sale.
/// - `confirm`: `Transaction.find`, authoritative.
///
/// A verification for another amount than the sale is refused before any sale, and so is a
/// failed authentication.
///
/// ```swift
/// let braintree = BraintreePaymentProvider(
///     configuration: BraintreeConfiguration(merchantAccounts: ["GBP": "shop_GBP"], threeDSecure: true),
///     server: MyBraintreeBackend(), client: MyBraintreeSDKBridge())
/// ```
public actor BraintreePaymentProvider: PaymentProvider {
    /// Id `braintree`, the currencies with a merchant account, ISO 4217 minor units.
    public nonisolated let descriptor: PaymentProviderDescriptor
    /// The configuration.
    public nonisolated let configuration: BraintreeConfiguration

    private let server: any BraintreeMerchantServer
    private let client: any BraintreeClient
    private var attempts: [String: BraintreePaymentAttempt] = [:]
    private var number = 0

    /// Creates the provider.
    public init(
        configuration: BraintreeConfiguration, server: any BraintreeMerchantServer, client: any BraintreeClient
    ) {
        self.configuration = configuration
        self.server = server
        self.client = client
        descriptor = PaymentProviderDescriptor(
            id: "braintree", displayName: "Braintree", supportedCurrencies: Set(configuration.merchantAccounts.keys))
    }

    /// The methods the drop-in offers besides a vaulted one.
    public static let methods = [
        PaymentMethodOption(id: "card", name: "Card"), PaymentMethodOption(id: "PayPal", name: "PayPal"),
        PaymentMethodOption(id: "Venmo", name: "Venmo"), PaymentMethodOption(id: "ApplePay", name: "Apple Pay"),
    ]

    /// Fetches the client token (and the most recent vaulted method) for `request`.
    public func prepare(_ request: PaymentRequest) async throws -> PaymentSession {
        let currency = request.amount.currencyCode
        guard let merchantAccount = configuration.merchantAccounts[currency] else {
            throw PaymentFailure(
                kind: .guardViolation, message: "no Braintree merchant account takes \(currency)")
        }
        let amount: String
        do throws(PaymentGuardViolation) {
            amount = try BraintreeAmount.string(request.amount)
        } catch {
            throw PaymentFailure(kind: .guardViolation, message: error.description)
        }
        let customerID = configuration.customerID
        let token = Sensitive(try await call("client token") { try await server.clientToken(customerID: customerID) })
        var vaulted: BraintreePaymentMethod?
        if customerID != nil {
            vaulted = try await call("most recent payment method") {
                try await client.mostRecentPaymentMethod(clientToken: token)
            }
        }
        number += 1
        let id = "braintree-\(request.reference)-\(number)"
        attempts[id] = BraintreePaymentAttempt(
            reference: request.reference, amount: amount, due: request.amount, merchantAccountID: merchantAccount,
            clientToken: token, vaulted: vaulted)
        var methods = Self.methods
        if let vaulted {
            let name = "\(vaulted.type.rawValue) \(vaulted.description)"
            methods.insert(PaymentMethodOption(id: BraintreeDropInResult.vaultedMethodID, name: name), at: 0)
        }
        return PaymentSession(
            id: id, providerID: descriptor.id, amount: request.amount, methods: methods, token: token)
    }

    /// Reads the drop-in's result and pays, or asks for the step it needs first.
    public func submit(_ submission: PaymentSubmission, in session: PaymentSession) async throws -> PaymentOutcome {
        let attempt = try attempt(for: session)
        let result: BraintreeDropInResult
        if submission.methodID == BraintreeDropInResult.vaultedMethodID {
            guard let vaulted = attempt.vaulted else {
                throw PaymentFailure(kind: .configuration, message: "the customer has no vaulted Braintree method")
            }
            result = .paymentMethod(vaulted)
        } else {
            result = try BraintreeDropInResult.decode(submission)
        }
        switch result {
        case .error(let error):
            return BraintreeResultMapping.outcome(of: error)
        case .cancelled:
            return .cancelled
        case .paymentMethod(let method):
            guard let nonce = method.nonce else {
                guard method.type == .applePay else {
                    return .error(message: "the Braintree drop-in returned \(method.type.rawValue) without a nonce")
                }
                attempts[session.id]?.pending = .applePay(deviceData: method.deviceData)
                let request = BraintreeApplePayRequest(
                    amount: attempt.amount, currencyCode: attempt.due.currencyCode,
                    merchantAccountId: attempt.merchantAccountID)
                return .actionRequired(PaymentActionRequest(kind: .sdk, payload: Sensitive(Self.json(request))))
            }
            return try await pay(
                nonce: nonce, deviceData: method.deviceData, type: method.type, verification: method.threeDSecure,
                sessionID: session.id)
        }
    }

    /// Takes the nonce the Apple Pay tokenisation or the 3-D Secure challenge produced, and pays.
    public func submitDetails(
        _ details: PaymentActionDetails, in session: PaymentSession
    ) async throws -> PaymentOutcome {
        let attempt = try attempt(for: session)
        guard let pending = attempt.pending else {
            throw PaymentFailure(kind: .provider, message: "no Braintree action is pending for \(session.id)")
        }
        let result = try BraintreeActionResult.decode(details)
        attempts[session.id]?.pending = nil
        switch pending {
        case .applePay(let deviceData):
            return try await pay(
                nonce: result.nonce, deviceData: deviceData, type: .applePay, verification: result.threeDSecure,
                sessionID: session.id)
        case .threeDSecure(let deviceData, let type):
            guard let verification = result.threeDSecure else {
                return .error(message: "the 3-D Secure challenge returned no verification")
            }
            return try await pay(
                nonce: result.nonce, deviceData: deviceData, type: type, verification: verification,
                sessionID: session.id)
        }
    }

    /// `Transaction.find` on the sale: the authoritative status.
    public func confirm(_ session: PaymentSession) async throws -> PaymentOutcome {
        let attempt = try attempt(for: session)
        guard let id = attempt.transactionID else {
            throw PaymentFailure(kind: .provider, message: "no Braintree transaction to confirm for \(session.id)")
        }
        let transaction = try await call("Transaction.find") { try await server.findTransaction(id: id) }
        return BraintreeResultMapping.outcome(of: transaction, amount: attempt.amount, due: attempt.due)
    }

    /// Forgets the payment (a nonce that was never sold simply expires).
    public func cancel(_ session: PaymentSession) async {
        attempts[session.id] = nil
    }

    // MARK: Internals

    private func attempt(for session: PaymentSession) throws(PaymentFailure) -> BraintreePaymentAttempt {
        try attempt(id: session.id)
    }

    private func attempt(id: String) throws(PaymentFailure) -> BraintreePaymentAttempt {
        guard let attempt = attempts[id] else {
            throw PaymentFailure(kind: .configuration, message: "no Braintree payment was prepared for \(id)")
        }
        return attempt
    }

    /// 3-D Secure when it applies, then the sale.
    private func pay(
        nonce: Sensitive<String>, deviceData: Sensitive<String>?, type: BraintreePaymentMethodType,
        verification: BraintreeThreeDSecureInfo?, sessionID: String
    ) async throws -> PaymentOutcome {
        let attempt = try attempt(id: sessionID)
        if let verification {
            if let refusal = Self.check(verification, saleAmount: attempt.amount) { return refusal }
            return try await sale(nonce: nonce, deviceData: deviceData, sessionID: sessionID)
        }
        guard configuration.threeDSecure, type.isCard else {
            return try await sale(nonce: nonce, deviceData: deviceData, sessionID: sessionID)
        }
        let request = BraintreeThreeDSecureRequest(
            nonce: nonce, amount: attempt.amount, clientToken: attempt.clientToken)
        let lookup = try await call("3-D Secure lookup") { try await client.threeDSecureLookup(request) }
        switch lookup {
        case .frictionless(let result):
            guard let verified = result.threeDSecure else {
                return .error(message: "the 3-D Secure lookup returned no verification")
            }
            if let refusal = Self.check(verified, saleAmount: attempt.amount) { return refusal }
            return try await sale(nonce: result.nonce, deviceData: deviceData, sessionID: sessionID)
        case .challenge(let payload):
            attempts[sessionID]?.pending = .threeDSecure(deviceData: deviceData, type: type)
            return .actionRequired(PaymentActionRequest(kind: .threeDSChallenge, payload: payload))
        }
    }

    /// A verification must be for the sale amount and must not have failed.
    static func check(_ verification: BraintreeThreeDSecureInfo, saleAmount: String) -> PaymentOutcome? {
        guard verification.amount == saleAmount else {
            return .error(
                message: "3-D Secure verified \(verification.amount) but the sale is for \(saleAmount)")
        }
        if verification.authenticationFailed { return .refused(reason: "3-D Secure authentication failed") }
        return nil
    }

    private func sale(
        nonce: Sensitive<String>, deviceData: Sensitive<String>?, sessionID: String
    ) async throws -> PaymentOutcome {
        let attempt = try attempt(id: sessionID)
        let request = BraintreeSaleRequest(
            amount: attempt.amount, paymentMethodNonce: nonce, deviceData: deviceData,
            merchantAccountId: attempt.merchantAccountID, orderId: attempt.reference,
            submitForSettlement: configuration.submitForSettlement)
        let result = try await call("Transaction.sale") { try await server.sale(request) }
        if let id = result.transaction?.id { attempts[sessionID]?.transactionID = id }
        return BraintreeResultMapping.outcome(of: result, amount: attempt.amount, due: attempt.due)
    }

    /// Runs a call; any error becomes a `PaymentFailure` naming it.
    private func call<Response: Sendable>(
        _ name: String, _ body: () async throws -> Response
    ) async throws(PaymentFailure) -> Response {
        do {
            return try await body()
        } catch {
            throw PaymentFailure(kind: .provider, message: "Braintree \(name) failed: \(error)")
        }
    }

    /// `value` as JSON text with sorted keys (`{}` when it does not encode), secrets in clear: the
    /// payloads (each inside a `Sensitive`) the provider and the sandbox's 3-D Secure lookup
    /// exchange. `package` for CheckoutSandbox.
    package static func json<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.userInfo[.revealsSensitiveValues] = true
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
