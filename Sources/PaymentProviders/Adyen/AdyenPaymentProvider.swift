public import Checkout
import StateStore

/// Adyen's drop-in as a checkout `PaymentProvider`, in the sessions or the advanced flow.
///
/// The drop-in sheet is the host's; this provider makes the merchant-server calls through an
/// ``AdyenMerchantServer`` and turns every answer into a `PaymentOutcome`
/// (see ``AdyenResultMapping``):
///
/// - `prepare`: `/sessions` (sessions flow) or `/paymentMethods` (advanced), for exactly the
///   amount asked, in Adyen's minor units (truncated toward zero, Adyen's currency exceptions).
///   A session created for another amount is refused. The session carries what the host builds
///   the drop-in from: the session id and `sessionData` (`PaymentSession.id` and
///   `PaymentSession.token`), or the whole `/paymentMethods` answer
///   (`PaymentSession.paymentMethodsResponse`).
/// - `submit`: the payments call with the drop-in's `paymentMethod` JSON (the submission's
///   payload) and the session data.
/// - `submitDetails`: `/payments/details` with the action's details (3-D Secure result, redirect
///   return, SDK payload) and the action's `paymentData`; actions can chain.
/// - `confirm`: the session-result lookup (sessions flow) or the `AUTHORISATION` webhook
///   (advanced): authoritative, unlike the result code.
/// - `confirm(_:dropInResult:)`: when Adyen's SDK made the session's calls itself and reported
///   `didComplete`, the session-result lookup with the session result it gave.
/// - Partial payments: an `order` with a remaining amount comes back as
///   `PaymentOutcome/partiallyAuthorised(_:remaining:)`; the next `prepare` for the same
///   reference pays the remainder into that order.
/// - After the app was killed: each step keeps what a new provider needs to finish the payment,
///   secrets included, in the ``PaymentAttemptVault`` (never in the log), before its answer
///   reaches the checkout; ``resume(from:)`` reads it back with the relaunched checkout's state.
///
/// ```swift
/// let adyen = AdyenPaymentProvider(
///     configuration: try AdyenConfiguration(
///         environment: .liveEurope, clientKey: clientKey, flow: .sessions, merchantAccount: "Shop",
///         returnURL: "shop://adyen"),
///     server: MyAdyenBackend(), vault: KeychainPaymentAttemptVault(service: "com.example.shop.payments"))
/// let environment = CheckoutEnvironment(api: api, paymentProviders: [adyen])
/// let state = CheckoutState(kind: .native, paymentProviders: [adyen.descriptor])
/// ```
public actor AdyenPaymentProvider: PaymentProvider {
    /// The provider's id, `adyen`.
    public static let providerID = "adyen"

    /// Id `adyen`, the configured currencies, Adyen's minor-unit exceptions, partial payments on.
    public nonisolated let descriptor: PaymentProviderDescriptor
    /// The configuration.
    public nonisolated let configuration: AdyenConfiguration

    private let server: any AdyenMerchantServer
    let vault: any PaymentAttemptVault
    var attempts: [String: AdyenPaymentAttempt] = [:]
    /// Open partial-payment orders by merchant reference, with the cart they pay for.
    var openOrders: [String: (order: AdyenOrderReference, cartID: String)] = [:]
    private var advancedNumber = 0

    /// Creates the provider; `vault` keeps, on the device, what finishing a payment after the app
    /// was killed needs (by default in memory: nothing survives the process).
    public init(
        configuration: AdyenConfiguration, server: any AdyenMerchantServer,
        vault: any PaymentAttemptVault = InMemoryPaymentAttemptVault()
    ) {
        self.configuration = configuration
        self.server = server
        self.vault = vault
        descriptor = PaymentProviderDescriptor(
            id: Self.providerID, displayName: "Adyen", supportedCurrencies: configuration.supportedCurrencies,
            minorUnitOverrides: CurrencyDigits.adyenOverrides, supportsPartialPayments: true)
    }

    /// Creates the session (sessions flow) or fetches the payment methods (advanced flow) for
    /// `request`.
    public func prepare(_ request: PaymentRequest) async throws -> PaymentSession {
        let amount: AdyenAmount
        do throws(PaymentGuardViolation) {
            amount = try AdyenAmount(request.amount)
        } catch {
            throw PaymentFailure(kind: .guardViolation, message: error.description)
        }
        guard amount.value == request.minorUnits, amount.value > 0 else {
            throw PaymentFailure(
                kind: .guardViolation,
                message: "Adyen takes \(amount) for \(request.amount), the checkout asked \(request.minorUnits)")
        }
        let country = (request.countryCode ?? configuration.countryCode).uppercased()
        await cancelOrdersAbandoned(for: request)
        let order = openOrders[request.reference]?.order
        if order != nil {
            // The earlier parts of this order are paid: only the newest attempt may cancel it.
            await forgetAttempts(of: request.reference)
        }
        var attempt = AdyenPaymentAttempt(
            reference: request.reference, cartID: request.cartID, amount: amount, due: request.amount,
            countryCode: country, order: order)
        let id: String
        let methods: [AdyenPaymentMethod]
        var token: Sensitive<String>?
        var methodsResponse: PaymentMethodsResponse?
        switch configuration.flow {
        case .sessions:
            let response = try await call("/sessions") {
                try await server.sessions(
                    AdyenSessionRequest(
                        merchantAccount: configuration.merchantAccount, amount: amount, reference: request.reference,
                        returnUrl: configuration.returnURL, countryCode: country,
                        shopperLocale: configuration.shopperLocale, channel: configuration.channel, order: order))
            }
            // The session's amount is fixed when it is created: it must be the one asked.
            guard response.amount == amount else {
                throw PaymentFailure(
                    kind: .guardViolation,
                    message: "the Adyen session is for \(response.amount), the checkout asked \(amount)")
            }
            id = response.id
            methods = response.paymentMethods
            token = response.sessionData
            attempt.sessionID = response.id
            attempt.sessionData = response.sessionData
        case .advanced:
            let response = try await call("/paymentMethods") {
                try await server.paymentMethods(
                    AdyenPaymentMethodsRequest(
                        merchantAccount: configuration.merchantAccount, amount: amount, countryCode: country,
                        shopperLocale: configuration.shopperLocale, channel: configuration.channel, order: order))
            }
            advancedNumber += 1
            id = "adyen-\(request.reference)-\(advancedNumber)"
            methods = response.paymentMethods
            // The drop-in is built from the whole answer (brands, issuers, configurations, stored
            // methods), so the state carries it; its stored methods stay secret.
            methodsResponse = response.paymentMethodsResponse
        }
        await keep(attempt, id: id)
        return PaymentSession(
            id: id, providerID: descriptor.id, amount: request.amount,
            methods: methods.map { PaymentMethodOption(id: $0.type, name: $0.name) }, token: token,
            paymentMethodsResponse: methodsResponse)
    }

    /// Makes the payments call with the drop-in's `paymentMethod` JSON, and the `browserInfo` and
    /// `storePaymentMethod` that came with it (``AdyenDropInData/submission(paymentMethod:browserInfo:storePaymentMethod:displayDescription:)``).
    ///
    /// - Throws: `PaymentFailure` (`.provider`) for a payload that is redacted, or not a payment
    ///   method object with a `type` (naming what is wrong), before any call.
    public func submit(_ submission: PaymentSubmission, in session: PaymentSession) async throws -> PaymentOutcome {
        let attempt = try await attempt(for: session)
        guard let payload = submission.payload.value else {
            throw PaymentFailure(kind: .provider, message: "the Adyen payment method data is redacted")
        }
        let data: (paymentMethod: JSONValue, browserInfo: JSONValue?, storePaymentMethod: Bool?)
        do throws(AdyenJSONProblem) {
            data = try AdyenDropInData.payments(payload)
        } catch {
            throw PaymentFailure(kind: .provider, message: "the Adyen payment method data is unusable: \(error)")
        }
        let response = try await call("/payments") {
            try await server.payments(
                AdyenPaymentsRequest(
                    merchantAccount: configuration.merchantAccount, amount: attempt.amount,
                    reference: attempt.reference, paymentMethod: Sensitive(data.paymentMethod.jsonText),
                    returnUrl: configuration.returnURL, countryCode: attempt.countryCode,
                    channel: configuration.channel, sessionID: attempt.sessionID,
                    sessionData: attempt.sessionData, order: attempt.order, browserInfo: data.browserInfo,
                    storePaymentMethod: data.storePaymentMethod))
        }
        return await handle(response, sessionID: session.id)
    }

    /// Makes the details call with what the action produced (any JSON object of details, or the
    /// drop-in's `ActionComponentData` from ``AdyenDropInData/actionDetails(details:paymentData:)``).
    ///
    /// After a relaunch whose vault lost the session's data, the details go to the merchant
    /// server's own `/payments/details` outside the session: a redirect's `redirectResult` names
    /// its payment by itself, so the shopper's return still completes it.
    public func submitDetails(
        _ details: PaymentActionDetails, in session: PaymentSession
    ) async throws -> PaymentOutcome {
        let attempt = try await attempt(for: session)
        let fields = try AdyenDetails.details(of: details)
        // The action's own payment data, as the provider kept it; the drop-in's copy otherwise.
        let paymentData = attempt.paymentData ?? AdyenDetails.paymentData(of: details)
        // The session's details call needs its latest session data.
        let inSession = attempt.sessionData != nil
        let response = try await call("/payments/details") {
            try await server.paymentDetails(
                AdyenPaymentDetailsRequest(
                    details: Sensitive(fields), paymentData: paymentData,
                    sessionID: inSession ? attempt.sessionID : nil, sessionData: inSession ? attempt.sessionData : nil))
        }
        return await handle(response, sessionID: session.id)
    }

    /// Looks up the authoritative result: the session result (sessions flow) or the
    /// `AUTHORISATION` webhook (advanced flow, or a session with no result to look up yet).
    ///
    /// After a relaunch whose vault lost the session result, the webhook answers for the payment's
    /// pspReference (from the checkout's receipt); with neither, the payment cannot be checked on
    /// this device: a `.provider` `PaymentFailure` says so, and the checkout ends its check
    /// showing that the payment could not be confirmed (never an order on a guess).
    public func confirm(_ session: PaymentSession) async throws -> PaymentOutcome {
        let attempt = try await attempt(for: session)
        let receipt = PaymentReceipt(
            providerReference: attempt.pspReference ?? attempt.reference, amount: attempt.due,
            resultCode: attempt.resultCode ?? AdyenResultCode.received.rawValue)
        if let sessionID = attempt.sessionID, let sessionResult = attempt.sessionResult {
            let status = try await call("/sessions/\(sessionID)") {
                try await server.sessionResult(sessionID: sessionID, sessionResult: sessionResult)
            }
            return await settled(AdyenResultMapping.outcome(of: status, receipt: receipt), session.id)
        }
        guard let pspReference = attempt.pspReference else {
            if attempt.secretsLost {
                throw PaymentFailure(
                    kind: .provider,
                    message:
                        "the Adyen payment \(session.id) cannot be checked on this device: its session result and "
                        + "pspReference were not kept; the merchant's webhook settles it")
            }
            return .awaitingConfirmation(receipt)
        }
        let notification = try await call("webhook lookup") {
            try await server.notification(pspReference: pspReference)
        }
        return await settled(AdyenResultMapping.outcome(of: notification, receipt: receipt), session.id)
    }

    /// Asks the session-result lookup about the payment Adyen's SDK made in the session and
    /// reported (`AdyenSessionDelegate.didComplete`), with the session result it gave; maps the
    /// answer with ``AdyenResultMapping/outcome(ofReported:status:receipt:)``. A lookup that fails
    /// settles nothing: the reported code's family decides meanwhile (a success waits, polled).
    ///
    /// - Throws: `PaymentFailure` (`.provider`) for a result code Adyen does not have
    ///   (``AdyenUnknownResultCode``), and (`.configuration`) in the advanced flow, whose drop-in
    ///   hands its data to the checkout instead, or for a session this provider did not prepare.
    public func confirm(_ session: PaymentSession, dropInResult: PaymentDropInResult) async throws -> PaymentOutcome {
        var attempt = try await attempt(for: session)
        guard configuration.flow == .sessions, let sessionID = attempt.sessionID else {
            throw PaymentFailure(
                kind: .configuration,
                message:
                    "Adyen's advanced-flow drop-in does not pay by itself: submit its didSubmit and didProvide data")
        }
        let code: AdyenResultCode
        do throws(AdyenUnknownResultCode) {
            code = try AdyenResultCode(reported: dropInResult.resultCode)
        } catch {
            throw PaymentFailure(kind: .provider, message: error.description)
        }
        attempt.resultCode = code.rawValue
        attempt.sessionResult = dropInResult.sessionResult?.value ?? attempt.sessionResult
        await keep(attempt, id: session.id)
        let receipt = PaymentReceipt(
            providerReference: attempt.pspReference ?? attempt.reference, amount: attempt.due,
            resultCode: code.rawValue)
        var status: AdyenSessionStatus?
        if let sessionResult = attempt.sessionResult {
            status = try? await server.sessionResult(sessionID: sessionID, sessionResult: sessionResult)
        }
        return await settled(AdyenResultMapping.outcome(ofReported: code, status: status, receipt: receipt), session.id)
    }

    /// Forgets the payment; an open partial-payment order is cancelled so its paid parts are
    /// refunded.
    public func cancel(_ session: PaymentSession) async {
        guard let attempt = try? await attempt(for: session) else { return }
        attempts[session.id] = nil
        try? await vault.removeSecret(forKey: AdyenAttemptRecord.key(sessionID: session.id))
        if let open = openOrders.removeValue(forKey: attempt.reference) {
            try? await server.cancelOrder(open.order)
        }
    }

    // MARK: Internals

    /// A new payment for a cart abandons any partly paid order of an earlier payment of that cart
    /// (the checkout may have dropped it without a `cancel`, say when the app went away while the
    /// remainder was being prepared): cancel it so its paid parts are refunded.
    private func cancelOrdersAbandoned(for request: PaymentRequest) async {
        let abandoned = openOrders.filter { $0.key != request.reference && $0.value.cartID == request.cartID }
        for (reference, open) in abandoned.sorted(by: { $0.key < $1.key }) {
            openOrders[reference] = nil
            await forgetAttempts(of: reference)
            try? await server.cancelOrder(open.order)
        }
    }

    /// Forgets every attempt of the payment `reference`, here and in the vault (where a relaunched
    /// provider would otherwise find it).
    private func forgetAttempts(of reference: String) async {
        for id in attempts.filter({ $0.value.reference == reference }).keys.sorted() {
            attempts[id] = nil
            try? await vault.removeSecret(forKey: AdyenAttemptRecord.key(sessionID: id))
        }
    }

    /// The attempt of `session`: this provider's, or else (a new provider after a relaunch, when
    /// the host did not call ``resume(from:)``) the one the vault kept.
    private func attempt(for session: PaymentSession) async throws(PaymentFailure) -> AdyenPaymentAttempt {
        if let attempt = attempts[session.id] { return attempt }
        guard let record = await record(for: session), let amount = try? AdyenAmount(session.amount),
            record.amount == amount
        else {
            throw PaymentFailure(kind: .configuration, message: "no Adyen payment was prepared for \(session.id)")
        }
        adopt(record, due: session.amount, id: session.id)
        return attempts[session.id] ?? record.attempt(due: session.amount)
    }

    /// Remembers what the answer carries for the next call and maps it.
    private func handle(_ response: AdyenPaymentResponse, sessionID: String) async -> PaymentOutcome {
        guard var attempt = attempts[sessionID] else {
            return .error(message: "the Adyen payment \(sessionID) was abandoned")
        }
        attempt.resultCode = response.resultCode
        attempt.sessionData = response.sessionData ?? attempt.sessionData
        attempt.pspReference = response.pspReference ?? attempt.pspReference
        attempt.sessionResult = response.sessionResult ?? attempt.sessionResult
        attempt.paymentData = response.action?.paymentData
        if let order = response.order {
            if order.remainingAmount.value > 0 {
                openOrders[attempt.reference] = (order.reference, attempt.cartID)
            } else {
                openOrders[attempt.reference] = nil
            }
        }
        let outcome = AdyenResultMapping.outcome(of: response, amount: attempt.amount, due: attempt.due)
        await keep(attempt, id: sessionID, final: Self.isFinal(outcome))
        return outcome
    }

    /// Runs a server call; any error becomes a `PaymentFailure` naming the endpoint.
    private func call<Response: Sendable>(
        _ endpoint: String, _ body: () async throws -> Response
    ) async throws(PaymentFailure) -> Response {
        do {
            return try await body()
        } catch {
            throw PaymentFailure(kind: .provider, message: "Adyen \(endpoint) failed: \(error)")
        }
    }
}
