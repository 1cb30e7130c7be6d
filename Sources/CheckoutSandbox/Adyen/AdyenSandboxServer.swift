public import Checkout
import Foundation
public import PaymentProviders
public import StateStore

/// An in-memory `AdyenMerchantServer` that answers as Adyen's API documents: amounts in minor
/// units, `resultCode` strings, `refusalReason`, action objects of each type, `sessionData`
/// refreshed by every call, partial-payment orders, session results and `AUTHORISATION`
/// webhooks. Deterministic: ids and references are numbered, and each payments call takes the
/// next scripted ``Answer`` (``defaultAnswer`` when none is queued).
///
/// ```swift
/// let server = AdyenSandboxServer()
/// await server.enqueue(.refused(reason: "Insufficient Funds"), .authorised)
/// await server.enqueue(.action(.threeDS2Challenge, then: .authorised))
/// ```
///
/// Invalid requests answer HTTP 422 with an `AdyenAPIError`: a missing reference (`130`) and a
/// non-positive or unknown-currency amount (`137`) carry Adyen's documented codes; a missing
/// return URL (`14_003`), a payment method without a `type` (`14_016`), stale `sessionData` or
/// unknown `paymentData` (`14_0322`), missing action details (`14_0302`) and an order payment
/// for another amount than the remainder (`14_0329`) carry codes in the style of Adyen's
/// checkout-API codes, not checked against Adyen's list (tests should assert on the kind of
/// refusal, not rely on these exact numbers matching production).
public actor AdyenSandboxServer: AdyenMerchantServer {
    /// What the sandbox answers to a payments call (and, for actions, to the details call that
    /// follows).
    public indirect enum Answer: Sendable, Hashable, Codable {
        /// `Authorised`.
        case authorised
        /// `Refused` with `refusalReason`.
        case refused(reason: String)
        /// `Error` with `refusalReason`.
        case error(reason: String)
        /// `Cancelled`.
        case cancelled
        /// `Pending` (the webhook later says what ``webhookOutcome`` says).
        case pending
        /// `Received` (the webhook later says what ``webhookOutcome`` says).
        case received
        /// An action of `type` with its result code (`RedirectShopper`, `IdentifyShopper`,
        /// `ChallengeShopper`, `Pending` for SDK/await/QR, `PresentToShopper` for vouchers and
        /// documents); the details call then answers `then`.
        case action(ActionType, then: Answer)
        /// A gift card pays `paidMinorUnits`: `Authorised` with an `order` holding the rest.
        case partial(paidMinorUnits: Int64)
        /// A result code with no action (`RedirectShopper` without one is Adyen misbehaving).
        case resultCode(String)
        /// The call fails with this error answer (HTTP 500, 401…).
        case failure(AdyenAPIError)
    }

    /// The action types Adyen sends.
    public enum ActionType: String, Sendable, Hashable, Codable, CaseIterable {
        /// `{"type": "redirect"}` (iDEAL, 3-D Secure 1).
        case redirect
        /// `{"type": "threeDS2", "subtype": "fingerprint"}`.
        case threeDS2Fingerprint
        /// `{"type": "threeDS2", "subtype": "challenge"}`.
        case threeDS2Challenge
        /// `{"type": "sdk"}` (WeChat Pay, Twint).
        case sdk
        /// `{"type": "await"}` (MB Way, BLIK).
        case await
        /// `{"type": "voucher"}` (Boleto, Konbini).
        case voucher
        /// `{"type": "qrCode"}` (PIX).
        case qrCode
        /// `{"type": "document"}`.
        case document
    }

    /// What the webhook (and the session-result lookup) says about a pending payment.
    public enum WebhookOutcome: Sendable, Hashable, Codable {
        /// `AUTHORISATION` with `success: true`.
        case authorised
        /// `AUTHORISATION` with `success: false`.
        case refused(reason: String)
        /// No webhook yet.
        case notYetReceived
    }

    /// A call the sandbox received (no secrets).
    public enum Call: Sendable, Hashable, Codable {
        /// `/sessions`.
        case sessions(AdyenAmount, reference: String, order: String?)
        /// `/paymentMethods`.
        case paymentMethods(AdyenAmount, order: String?)
        /// A payments call.
        case payments(AdyenAmount, reference: String, sessionID: String?, order: String?)
        /// `/payments/details` with the detail keys.
        case paymentDetails(keys: [String], sessionID: String?)
        /// The session-result lookup.
        case sessionResult(sessionID: String)
        /// The webhook lookup.
        case notification(pspReference: String)
        /// `/orders/cancel`.
        case cancelOrder(pspReference: String)
    }

    /// The methods every session and `/paymentMethods` call offers.
    public static let methods: [AdyenPaymentMethod] = [
        AdyenPaymentMethod(type: "scheme", name: "Cards", brands: ["visa", "mc", "amex"]),
        AdyenPaymentMethod(type: "ideal", name: "iDEAL"),
        AdyenPaymentMethod(type: "giftcard", name: "Gift card"),
        AdyenPaymentMethod(type: "pix", name: "Pix"),
    ]

    /// What `/paymentMethods` answers unless told otherwise (``setPaymentMethodsAnswer(_:)``):
    /// ``methods`` as Adyen lists them (with iDEAL's issuers and the gift card's brand), and one
    /// stored card, whose id and holder name carry the sandbox's secret marker so that a log
    /// holding them is caught.
    public static let paymentMethodsAnswer =
        #"{"paymentMethods":[{"brands":["visa","mc","amex"],"name":"Cards","type":"scheme"},"#
        + #"{"issuers":[{"id":"1121","name":"Test Issuer"},{"id":"1154","name":"Test Issuer 5"}],"name":"iDEAL","type":"ideal"},"#
        + #"{"brand":"givex","name":"Gift card","type":"giftcard"},{"name":"Pix","type":"pix"}],"#
        + #""storedPaymentMethods":[{"brand":"visa","expiryMonth":"03","expiryYear":"2030","#
        + #""holderName":"\#(SandboxSecret.make("holder"))","id":"\#(SandboxSecret.make("8415718415172200"))","#
        + #""lastFour":"1111","name":"VISA","supportedShopperInteractions":["Ecommerce","ContAuth"],"type":"scheme"}]}"#

    struct Session: Sendable, Hashable, Codable {
        var amount: AdyenAmount
        var reference: String
        var version: Int
        var lastCode: String?
    }

    struct Order: Sendable, Hashable, Codable {
        var pspReference: String
        var orderData: String
        var amount: AdyenAmount
        var remaining: Int64
    }

    struct Payment: Sendable, Hashable, Codable {
        var amount: AdyenAmount
        var reference: String
        var code: String
    }

    /// What a payments call answers when no answer is queued.
    public private(set) var defaultAnswer: Answer
    /// What the webhook says about pending payments.
    public private(set) var webhookOutcome: WebhookOutcome = .authorised
    private var queue: [Answer] = []
    private var calls: [Call] = []
    private var sessions: [String: Session] = [:]
    private var orders: [String: Order] = [:]
    private var payments: [String: Payment] = [:]
    struct PendingAction: Sendable, Hashable, Codable {
        var answer: Answer
        var type: ActionType
        var sessionID: String?
        var reference: String
        var amount: AdyenAmount
        /// What the bank appends to the return URL once the shopper finished a redirect.
        var redirectResult: String?
    }

    private var pendingActions: [String: PendingAction] = [:]
    private var number = 0
    private var paymentMethodsOverride: AdyenPaymentMethodsResponse?

    /// Creates a sandbox answering `firstAnswers` to the first payments calls, then
    /// `defaultAnswer`.
    public init(defaultAnswer: Answer = .authorised, firstAnswers: [Answer] = []) {
        self.defaultAnswer = defaultAnswer
        queue = firstAnswers
    }

    /// Queues answers for the next payments calls, in order.
    public func enqueue(_ answers: Answer...) {
        queue.append(contentsOf: answers)
    }

    /// Changes the answer used when the queue is empty.
    public func setDefaultAnswer(_ answer: Answer) {
        defaultAnswer = answer
    }

    /// Changes what the webhook says about pending payments.
    public func setWebhookOutcome(_ outcome: WebhookOutcome) {
        webhookOutcome = outcome
    }

    /// Changes what `/paymentMethods` answers (by default ``paymentMethodsAnswer``).
    public func setPaymentMethodsAnswer(_ answer: AdyenPaymentMethodsResponse) {
        paymentMethodsOverride = answer
    }

    /// Every call received, oldest first.
    public var receivedCalls: [Call] { calls }

    /// Plays the bank's page of a redirect: the `redirectResult` Adyen appends to the return URL
    /// once the shopper finished the redirect the payment `reference` is waiting on (`nil` when it
    /// waits on none). It names the payment by itself: `/payments/details` takes it without the
    /// action's `paymentData` or the session's data.
    public func redirectResult(forReference reference: String) -> String? {
        pendingActions.values.first { $0.reference == reference && $0.type == .redirect }?.redirectResult
    }

    // MARK: Snapshots

    /// Everything the sandbox holds (scripted answers, sessions, orders, payments, pending actions,
    /// calls), to hand to ``init(snapshot:)``: a test whose app process is killed hands the
    /// sandbox over, as Adyen outlives the app. It holds the sandbox's secrets in clear: a test
    /// writes it to a temporary file and nowhere else. The `/paymentMethods` answer set with
    /// ``setPaymentMethodsAnswer(_:)`` is not kept.
    public struct Snapshot: Sendable, Hashable, Codable {
        var defaultAnswer: Answer
        var webhookOutcome: WebhookOutcome
        var queue: [Answer]
        var calls: [Call]
        var sessions: [String: Session]
        var orders: [String: Order]
        var payments: [String: Payment]
        var pendingActions: [String: PendingAction]
        var number: Int
    }

    /// A sandbox that goes on from `snapshot`.
    public init(snapshot: Snapshot) {
        defaultAnswer = snapshot.defaultAnswer
        webhookOutcome = snapshot.webhookOutcome
        queue = snapshot.queue
        calls = snapshot.calls
        sessions = snapshot.sessions
        orders = snapshot.orders
        payments = snapshot.payments
        pendingActions = snapshot.pendingActions
        number = snapshot.number
    }

    /// What the sandbox holds now.
    public func snapshot() -> Snapshot {
        Snapshot(
            defaultAnswer: defaultAnswer, webhookOutcome: webhookOutcome, queue: queue, calls: calls,
            sessions: sessions, orders: orders, payments: payments, pendingActions: pendingActions, number: number)
    }

    // MARK: AdyenMerchantServer

    /// Creates a session for the amount, with Adyen's `CS…` id and opaque session data.
    public func sessions(_ request: AdyenSessionRequest) throws -> AdyenSessionResponse {
        calls.append(.sessions(request.amount, reference: request.reference, order: request.order?.pspReference))
        try validate(request.amount, reference: request.reference, returnUrl: request.returnUrl)
        try validateOrder(request.order, amount: request.amount)
        let id = "CS\(nextNumber())"
        sessions[id] = Session(amount: request.amount, reference: request.reference, version: 1)
        return AdyenSessionResponse(
            id: id, sessionData: sessionData(id, version: 1), amount: request.amount,
            paymentMethods: Self.methods, expiresAt: "2030-01-01T00:00:00+00:00")
    }

    /// ``paymentMethodsAnswer``, or the answer set with ``setPaymentMethodsAnswer(_:)``.
    public func paymentMethods(_ request: AdyenPaymentMethodsRequest) throws -> AdyenPaymentMethodsResponse {
        calls.append(.paymentMethods(request.amount, order: request.order?.pspReference))
        try validate(request.amount, reference: "-", returnUrl: "-")
        try validateOrder(request.order, amount: request.amount)
        if let paymentMethodsOverride { return paymentMethodsOverride }
        return try AdyenPaymentMethodsResponse(jsonText: Self.paymentMethodsAnswer)
    }

    /// Answers the next scripted answer.
    public func payments(_ request: AdyenPaymentsRequest) throws -> AdyenPaymentResponse {
        calls.append(
            .payments(
                request.amount, reference: request.reference, sessionID: request.sessionID,
                order: request.order?.pspReference))
        try validate(request.amount, reference: request.reference, returnUrl: request.returnUrl)
        try validatePaymentMethod(request.paymentMethod)
        if let sessionID = request.sessionID {
            try validateSession(sessionID, data: request.sessionData, amount: request.amount)
        }
        try validateOrder(request.order, amount: request.amount)
        let answer = queue.isEmpty ? defaultAnswer : queue.removeFirst()
        return try respond(
            answer, amount: request.amount, reference: request.reference, sessionID: request.sessionID,
            order: request.order)
    }

    /// Answers the `then` of the action being completed.
    public func paymentDetails(_ request: AdyenPaymentDetailsRequest) throws -> AdyenPaymentResponse {
        var details: [String: JSONValue] = [:]
        if case .object(let members)? = request.details.value {
            for member in members { details[member.key] = member.value }
        }
        calls.append(.paymentDetails(keys: details.keys.sorted(), sessionID: request.sessionID))
        // The action's paymentData names it; outside a session, a redirect's result does too.
        var named = request.paymentData?.value
        if named == nil, request.sessionID == nil, case .string(let result)? = details["redirectResult"] {
            named = pendingActions.first { $0.value.redirectResult == result }?.key
        }
        guard let paymentData = named, let pending = pendingActions[paymentData] else {
            throw AdyenAPIError(
                status: 422, errorCode: "14_0322", message: "Invalid payment data", errorType: "validation")
        }
        if let sessionID = request.sessionID {
            guard let session = sessions[sessionID] else {
                throw AdyenAPIError(
                    status: 422, errorCode: "14_0322", message: "Invalid session", errorType: "validation")
            }
            try validateSession(sessionID, data: request.sessionData, amount: session.amount)
        }
        let expected = Self.detailsKey(for: pending.type)
        guard let expected, details[expected] != nil else {
            throw AdyenAPIError(
                status: 422, errorCode: "14_0302",
                message: "Missing details: \(expected ?? "a \(pending.type.rawValue) action takes no details call")",
                errorType: "validation")
        }
        pendingActions[paymentData] = nil
        return try respond(
            pending.answer, amount: pending.amount, reference: pending.reference, sessionID: pending.sessionID,
            order: nil)
    }

    /// `completed`, `refused`, `canceled` or `paymentPending`, from the session's last result
    /// and ``webhookOutcome``.
    public func sessionResult(sessionID: String, sessionResult: String) throws -> AdyenSessionStatus {
        calls.append(.sessionResult(sessionID: sessionID))
        guard let session = sessions[sessionID], sessionResult.hasPrefix(Self.sessionResultPrefix(sessionID)) else {
            throw AdyenAPIError(
                status: 422, errorCode: "14_0322", message: "Invalid sessionResult", errorType: "validation")
        }
        switch session.lastCode.flatMap(AdyenResultCode.init(rawValue:)) {
        case .authorised?: return AdyenSessionStatus(id: sessionID, status: .completed)
        case .refused?, .error?: return AdyenSessionStatus(id: sessionID, status: .refused)
        case .cancelled?: return AdyenSessionStatus(id: sessionID, status: .canceled)
        case .pending?, .received?, .presentToShopper?:
            switch webhookOutcome {
            case .authorised: return AdyenSessionStatus(id: sessionID, status: .completed)
            case .refused: return AdyenSessionStatus(id: sessionID, status: .refused)
            case .notYetReceived: return AdyenSessionStatus(id: sessionID, status: .paymentPending)
            }
        default: return AdyenSessionStatus(id: sessionID, status: .active)
        }
    }

    /// The `AUTHORISATION` webhook for a payment, per its result and ``webhookOutcome``.
    public func notification(pspReference: String) -> AdyenNotification? {
        calls.append(.notification(pspReference: pspReference))
        guard let payment = payments[pspReference] else { return nil }
        let success: Bool
        var reason: String?
        switch AdyenResultCode(rawValue: payment.code) {
        case .authorised?: success = true
        case .pending?, .received?, .presentToShopper?, .redirectShopper?, .identifyShopper?, .challengeShopper?:
            switch webhookOutcome {
            case .authorised: success = true
            case .refused(let why):
                success = false
                reason = why
            case .notYetReceived: return nil
            }
        default:
            success = false
            reason = "Refused"
        }
        return AdyenNotification(
            success: success, pspReference: pspReference, merchantReference: payment.reference,
            amount: payment.amount, reason: reason)
    }

    /// Cancels an open order.
    public func cancelOrder(_ order: AdyenOrderReference) throws {
        calls.append(.cancelOrder(pspReference: order.pspReference))
        guard orders.removeValue(forKey: order.pspReference) != nil else {
            throw AdyenAPIError(status: 422, errorCode: "14_0329", message: "Order not found", errorType: "validation")
        }
    }

    // MARK: Adyen's SDK in the sessions flow

    /// Plays Adyen's iOS SDK in the sessions flow once the shopper submitted `paymentMethod` in the
    /// drop-in: the session's payments call (the next scripted ``Answer``), then each action the
    /// answer asks for performed by its component and its details call made, a partial payment's
    /// remainder paid the same way, until a final result; returns it as the SDK reports it to
    /// `AdyenSessionDelegate.didComplete` (the last result code and the session result). A voucher or
    /// document ends the flow once shown, with `PresentToShopper`. ``receivedCalls`` lists these
    /// calls as the SDK made them.
    ///
    /// - Throws: the scripted ``Answer/failure(_:)`` (the SDK's `didFail`), or an `AdyenAPIError`
    ///   for session data this sandbox never issued for `sessionID`, a `paymentMethod` without a
    ///   `type`, or a chain of more than 10 steps.
    public func completeSessionInDropIn(
        sessionID: String, sessionData: Sensitive<String>?, paymentMethod: Sensitive<String>
    ) throws -> PaymentDropInResult {
        guard let session = sessions[sessionID], let data = sessionData?.value,
            (1...session.version).contains(where: { data == self.sessionData(sessionID, version: $0) })
        else {
            throw AdyenAPIError(
                status: 422, errorCode: "14_0322", message: "Invalid sessionData", errorType: "validation")
        }
        try validatePaymentMethod(paymentMethod)
        calls.append(.payments(session.amount, reference: session.reference, sessionID: sessionID, order: nil))
        var response = try respond(
            queue.isEmpty ? defaultAnswer : queue.removeFirst(), amount: session.amount, reference: session.reference,
            sessionID: sessionID, order: nil)
        for _ in 0..<10 {
            if let action = response.action, let paymentData = action.paymentData?.value,
                let pending = pendingActions[paymentData]
            {
                // The action's component: a voucher or document is shown and ends the flow.
                guard let key = Self.detailsKey(for: pending.type) else { return sessionResult(of: sessionID) }
                calls.append(.paymentDetails(keys: [key], sessionID: sessionID))
                pendingActions[paymentData] = nil
                response = try respond(
                    pending.answer, amount: pending.amount, reference: pending.reference, sessionID: sessionID,
                    order: nil)
            } else if let order = response.order, order.remainingAmount.value > 0, response.resultCode != "Refused" {
                // The drop-in reloads for the remainder; the shopper pays it with the same method.
                calls.append(
                    .payments(
                        order.remainingAmount, reference: session.reference, sessionID: sessionID,
                        order: order.pspReference))
                response = try respond(
                    .authorised, amount: order.remainingAmount, reference: session.reference, sessionID: sessionID,
                    order: order.reference)
            } else {
                return sessionResult(of: sessionID)
            }
        }
        throw AdyenAPIError(
            status: 422, errorCode: "14_0322", message: "More than 10 steps in one payment", errorType: "validation")
    }

    /// What the SDK reports once its payment in `sessionID` ended: the session's last result code
    /// and a session result to verify it with.
    private func sessionResult(of sessionID: String) -> PaymentDropInResult {
        let session = sessions[sessionID]
        return PaymentDropInResult(
            resultCode: session?.lastCode ?? "Error",
            sessionResult: Sensitive(Self.sessionResult(sessionID, version: session?.version ?? 0)))
    }

    /// The session results this sandbox hands out begin with the secret marker: the lookup's
    /// credential never belongs in a log.
    static func sessionResultPrefix(_ sessionID: String) -> String {
        SandboxSecret.make("sr-\(sessionID)-")
    }

    static func sessionResult(_ sessionID: String, version: Int) -> String {
        sessionResultPrefix(sessionID) + "\(version)"
    }

    // MARK: Answers

    private func respond(
        _ answer: Answer, amount: AdyenAmount, reference: String, sessionID: String?, order: AdyenOrderReference?
    ) throws -> AdyenPaymentResponse {
        let psp = "8815\(String(1_000_000_000_000 + Int64(nextNumber())).dropFirst())"
        var response: AdyenPaymentResponse
        switch answer {
        case .authorised:
            response = AdyenPaymentResponse(resultCode: "Authorised", amount: amount)
            if let order, var open = orders[order.pspReference] {
                open.remaining -= amount.value
                response.order = AdyenOrder(
                    pspReference: open.pspReference, orderData: open.orderData,
                    remainingAmount: AdyenAmount(value: open.remaining, currency: amount.currency), amount: open.amount)
                if open.remaining == 0 { orders[order.pspReference] = nil } else { orders[order.pspReference] = open }
            }
        case .refused(let reason):
            response = AdyenPaymentResponse(resultCode: "Refused", refusalReason: reason, refusalReasonCode: "2")
        case .error(let reason):
            response = AdyenPaymentResponse(resultCode: "Error", refusalReason: reason, refusalReasonCode: "0")
        case .cancelled:
            response = AdyenPaymentResponse(resultCode: "Cancelled")
        case .pending:
            response = AdyenPaymentResponse(resultCode: "Pending")
        case .received:
            response = AdyenPaymentResponse(resultCode: "Received")
        case .action(let type, let then):
            let number = nextNumber()
            let paymentData = SandboxSecret.make("Ab02b4c0!pd\(number)")
            pendingActions[paymentData] = PendingAction(
                answer: then, type: type, sessionID: sessionID, reference: reference, amount: amount,
                redirectResult: type == .redirect ? SandboxSecret.make("Ab02b4c0!rr\(number)") : nil)
            response = AdyenPaymentResponse(
                resultCode: Self.resultCode(for: type),
                action: Self.action(type, paymentData: paymentData, amount: amount, reference: reference))
        case .partial(let paid):
            guard paid > 0, paid < amount.value else {
                throw AdyenAPIError(
                    status: 422, errorCode: "137", message: "Invalid amount specified", errorType: "validation")
            }
            let orderPSP = "8835\(String(1_000_000_000_000 + Int64(nextNumber())).dropFirst())"
            let open = Order(
                pspReference: orderPSP, orderData: SandboxSecret.make("Ab02b4c0!order\(orderPSP)"), amount: amount,
                remaining: amount.value - paid)
            orders[orderPSP] = open
            response = AdyenPaymentResponse(
                resultCode: "Authorised",
                order: AdyenOrder(
                    pspReference: orderPSP, orderData: open.orderData,
                    remainingAmount: AdyenAmount(value: open.remaining, currency: amount.currency), amount: amount),
                amount: AdyenAmount(value: paid, currency: amount.currency))
        case .resultCode(let code):
            response = AdyenPaymentResponse(resultCode: code)
        case .failure(let error):
            throw error
        }
        response.pspReference = psp
        response.merchantReference = reference
        payments[psp] = Payment(amount: amount, reference: reference, code: response.resultCode)
        if let sessionID, var session = sessions[sessionID] {
            session.version += 1
            session.lastCode = response.resultCode
            sessions[sessionID] = session
            response.sessionData = Sensitive(sessionData(sessionID, version: session.version))
            if response.action == nil {
                response.sessionResult = Self.sessionResult(sessionID, version: session.version)
            }
        }
        return response
    }

    static func resultCode(for type: ActionType) -> String {
        switch type {
        case .redirect: return "RedirectShopper"
        case .threeDS2Fingerprint: return "IdentifyShopper"
        case .threeDS2Challenge: return "ChallengeShopper"
        case .sdk, .await, .qrCode: return "Pending"
        case .voucher, .document: return "PresentToShopper"
        }
    }

    /// The details key the action's component provides, or `nil` when it takes no details call.
    static func detailsKey(for type: ActionType) -> String? {
        switch type {
        case .redirect: return "redirectResult"
        case .threeDS2Fingerprint, .threeDS2Challenge: return "threeDSResult"
        case .sdk, .await, .qrCode: return "payload"
        case .voucher, .document: return nil
        }
    }

    static func action(_ type: ActionType, paymentData: String, amount: AdyenAmount, reference: String) -> AdyenAction {
        let host = "https://checkoutshopper-test.adyen.com/checkoutshopper"
        switch type {
        case .redirect:
            return AdyenAction(
                type: "redirect", paymentMethodType: "ideal",
                url: "\(host)/checkoutPaymentRedirect?redirectData=\(SandboxSecret.make("X3XtfGC9"))",
                method: "GET", paymentData: paymentData)
        case .threeDS2Fingerprint:
            return AdyenAction(
                type: "threeDS2", subtype: "fingerprint", paymentMethodType: "scheme", paymentData: paymentData,
                token: SandboxSecret.make("eyJ0aHJlZURTTWV0aG9kTm90aWZpY2F0aW9uVVJMIjoi"),
                authorisationToken: SandboxSecret.make("BQABAQB9sO"))
        case .threeDS2Challenge:
            return AdyenAction(
                type: "threeDS2", subtype: "challenge", paymentMethodType: "scheme", paymentData: paymentData,
                token: SandboxSecret.make("eyJhY3NSZWZlcmVuY2VOdW1iZXIiOiJBRFlFTi"),
                authorisationToken: SandboxSecret.make("BQABAQAcha"))
        case .sdk:
            return AdyenAction(
                type: "sdk", paymentMethodType: "wechatpaySDK", paymentData: paymentData,
                sdkData: [
                    "appid": "wx-sandbox", "partnerid": "1", "prepayid": SandboxSecret.make("wx\(paymentData.count)"),
                ])
        case .await:
            return AdyenAction(type: "await", paymentMethodType: "mbway", paymentData: paymentData)
        case .voucher:
            return AdyenAction(
                type: "voucher", paymentMethodType: "boletobancario", paymentData: paymentData,
                reference: "03399.33335 33823.303087 19805.901023 1 84010000004595",
                downloadUrl: "\(host)/voucher/\(reference).pdf", expiresAt: "2030-01-08T00:00:00", totalAmount: amount)
        case .qrCode:
            return AdyenAction(
                type: "qrCode", paymentMethodType: "pix", url: "\(host)/qr/\(reference)", paymentData: paymentData,
                qrCodeData: "00020101021226880014br.gov.bcb.pix2566qrcodes-pix.sandbox")
        case .document:
            return AdyenAction(
                type: "document", paymentMethodType: "multibanco", url: "\(host)/document/\(reference).pdf",
                paymentData: paymentData)
        }
    }

    // MARK: Validation

    private func validate(_ amount: AdyenAmount, reference: String, returnUrl: String) throws {
        guard !reference.isEmpty else {
            throw AdyenAPIError(status: 422, errorCode: "130", message: "Reference Missing", errorType: "validation")
        }
        guard amount.value > 0,
            CurrencyDigits.digits(for: amount.currency, overrides: CurrencyDigits.adyenOverrides) != nil
        else {
            throw AdyenAPIError(
                status: 422, errorCode: "137", message: "Invalid amount specified", errorType: "validation")
        }
        guard !returnUrl.isEmpty else {
            throw AdyenAPIError(
                status: 422, errorCode: "14_003", message: "Missing returnUrl", errorType: "validation")
        }
    }

    private func validatePaymentMethod(_ paymentMethod: Sensitive<String>) throws {
        guard let text = paymentMethod.value, let data = text.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object["type"] is String
        else {
            throw AdyenAPIError(
                status: 422, errorCode: "14_016", message: "paymentMethod.type is missing", errorType: "validation")
        }
    }

    private func validateSession(_ sessionID: String, data: Sensitive<String>?, amount: AdyenAmount) throws {
        guard let session = sessions[sessionID], data?.value == sessionData(sessionID, version: session.version) else {
            throw AdyenAPIError(
                status: 422, errorCode: "14_0322", message: "Invalid sessionData", errorType: "validation")
        }
        guard session.amount == amount else {
            throw AdyenAPIError(
                status: 422, errorCode: "137", message: "Amount does not match the session", errorType: "validation")
        }
    }

    private func validateOrder(_ order: AdyenOrderReference?, amount: AdyenAmount) throws {
        guard let order else { return }
        guard let open = orders[order.pspReference], open.orderData == order.orderData.value else {
            throw AdyenAPIError(status: 422, errorCode: "14_0329", message: "Order not found", errorType: "validation")
        }
        guard open.remaining == amount.value, open.amount.currency == amount.currency else {
            throw AdyenAPIError(
                status: 422, errorCode: "14_0329", message: "Amount is not the order's remaining amount",
                errorType: "validation")
        }
    }

    private func sessionData(_ id: String, version: Int) -> String {
        SandboxSecret.make("Ab02b4c0!BQABAgA\(id)v\(version)")
    }

    private func nextNumber() -> Int {
        number += 1
        return number
    }
}
