import Checkout
import Foundation
public import PaymentProviders
public import StateStore

/// An in-memory Braintree, playing both the merchant server (`BraintreeMerchantServer`) and the
/// client SDK (`BraintreeClient`), answering as Braintree's documentation describes: client
/// tokens with or without a customer, one-time nonces, Braintree's test nonces
/// (`fake-valid-nonce`, `fake-processor-declined-visa-nonce`…), sales with decimal-string amounts
/// and merchant accounts that fix the currency, the sandbox's test amounts (2000.00–2999.99 is
/// `processor_declined` with that response code, 3000.00–3000.99 is `failed`), status strings,
/// validation errors with Braintree's codes (`81503`, `81531`, `91565`, `93107`, `91577`), 3-D
/// Secure lookups and challenges. Deterministic: ids, tokens and nonces are numbered; the tokens,
/// nonces, device data and challenge lookups it makes up begin with ``SandboxSecret/marker``
/// (Braintree's documented test nonces keep their names).
///
/// It also plays the host's side for demos and tests: the drop-in's card form
/// (``dropInCard(_:lastFour:)``), the Apple Pay client (``tokenizeApplePay(_:)``), the issuer's
/// challenge page (``completeChallenge(_:passed:)``).
///
/// ```swift
/// let braintree = BraintreeSandboxServer()
/// await braintree.enqueueSale(.processorDeclined(code: "2001", text: "Insufficient Funds"))
/// await braintree.enqueueThreeDSecure(.challenge)
/// ```
public actor BraintreeSandboxServer: BraintreeMerchantServer, BraintreeClient {
    /// What a sale answers (instead of the nonce's or amount's documented behaviour).
    public enum SaleAnswer: Sendable, Hashable {
        /// A transaction in `status` (`success` for the success family).
        case status(BraintreeTransactionStatus)
        /// `processor_declined` with the processor's code and text.
        case processorDeclined(code: String, text: String)
        /// `gateway_rejected` for `reason` (`cvv`, `fraud`).
        case gatewayRejected(reason: String)
        /// Validation errors, no transaction.
        case validationErrors([BraintreeValidationError])
        /// The server call fails (HTTP `status`).
        case serverError(status: Int, message: String)
    }

    /// What a 3-D Secure lookup answers.
    public enum ThreeDSecureAnswer: Sendable, Hashable {
        /// Verified without a challenge, liability shifted.
        case frictionless
        /// The issuer wants a challenge.
        case challenge
        /// The card is not enrolled: no liability shift possible; the sale may go on.
        case notEnrolled
    }

    /// An error of the sandbox's server (HTTP status and message).
    public struct ServerError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The HTTP status.
        public var status: Int
        /// What went wrong.
        public var message: String

        /// `500: message`.
        public var description: String { "\(status): \(message)" }
    }

    /// A call the sandbox received (no secrets).
    public enum Call: Sendable, Hashable {
        /// `ClientToken.generate`.
        case clientToken(customerID: String?)
        /// The most recent vaulted method.
        case mostRecentPaymentMethod(customerID: String?)
        /// The 3-D Secure lookup with its amount.
        case threeDSecureLookup(amount: String)
        /// `Transaction.sale`.
        case sale(amount: String, merchantAccountId: String, orderId: String, hasDeviceData: Bool)
        /// `Transaction.find`.
        case findTransaction(id: String)
    }

    /// Braintree's documented test nonces this sandbox knows (reusable, unlike real nonces).
    public static let testNonces: [String: BraintreePaymentMethodType] = [
        "fake-valid-nonce": .visa, "fake-valid-visa-nonce": .visa, "fake-valid-mastercard-nonce": .masterCard,
        "fake-processor-declined-visa-nonce": .visa, "fake-apple-pay-visa-nonce": .applePay,
        "fake-paypal-one-time-nonce": .payPal,
    ]

    private struct Nonce {
        var type: BraintreePaymentMethodType
        var used: Bool
    }

    private let merchantAccounts: [String: String]
    private var clientTokens: [String: String?] = [:]
    private var vault: [String: [BraintreePaymentMethod]] = [:]
    private var nonces: [String: Nonce] = [:]
    private var lookups: [String: (amount: String, type: BraintreePaymentMethodType)] = [:]
    private var transactions: [String: BraintreeTransaction] = [:]
    private var saleQueue: [SaleAnswer] = []
    private var threeDSecureQueue: [ThreeDSecureAnswer] = []
    private var calls: [Call] = []
    private var number = 0
    /// What `Transaction.find` says about an `authorizing` transaction.
    public private(set) var authorizingResolvesTo: BraintreeTransactionStatus = .authorized

    /// Creates a sandbox with merchant accounts (id → currency), known customers, and answers
    /// for the first sales and 3-D Secure lookups.
    public init(
        merchantAccounts: [String: String] = ["poqshop_GBP": "GBP", "poqshop_EUR": "EUR", "poqshop_USD": "USD"],
        customers: Set<String> = ["customer-ada"], saleAnswers: [SaleAnswer] = [],
        threeDSecureAnswers: [ThreeDSecureAnswer] = []
    ) {
        self.merchantAccounts = merchantAccounts
        saleQueue = saleAnswers
        threeDSecureQueue = threeDSecureAnswers
        for customer in customers { vault[customer] = [] }
    }

    /// Every call received, oldest first.
    public var receivedCalls: [Call] { calls }

    /// Queues answers for the next sales.
    public func enqueueSale(_ answers: SaleAnswer...) {
        saleQueue.append(contentsOf: answers)
    }

    /// Queues answers for the next 3-D Secure lookups (`frictionless` when none is queued).
    public func enqueueThreeDSecure(_ answers: ThreeDSecureAnswer...) {
        threeDSecureQueue.append(contentsOf: answers)
    }

    /// Changes what `Transaction.find` says about `authorizing` transactions.
    public func setAuthorizingResolvesTo(_ status: BraintreeTransactionStatus) {
        authorizingResolvesTo = status
    }

    /// Vaults a method for `customerID` (it becomes the most recent).
    public func vaultMethod(_ type: BraintreePaymentMethodType, description: String, customerID: String) {
        vault[customerID, default: []].append(
            BraintreePaymentMethod(nonce: nil, type: type, description: description, isDefault: true))
    }

    // MARK: The host's side

    /// The drop-in's card form: tokenizes a card into a one-time nonce.
    public func dropInCard(_ type: BraintreePaymentMethodType = .visa, lastFour: String) -> BraintreeDropInResult {
        .paymentMethod(
            BraintreePaymentMethod(
                nonce: issueNonce(prefix: "tokencc_bc", type: type), type: type, description: "ending in \(lastFour)",
                deviceData: #"{"correlation_id":"\#(SandboxSecret.make("sandbox-\(number)"))"}"#))
    }

    /// The drop-in's Apple Pay choice: no nonce yet.
    public func dropInApplePay() -> BraintreeDropInResult {
        .paymentMethod(BraintreePaymentMethod(nonce: nil, type: .applePay, description: "Apple Pay"))
    }

    /// The Apple Pay sheet and Braintree's Apple Pay client: a nonce for the payment.
    public func tokenizeApplePay(_ request: BraintreeApplePayRequest) -> BraintreeActionResult {
        BraintreeActionResult(nonce: issueNonce(prefix: "tokenap", type: .applePay))
    }

    /// The issuer's challenge page: the shopper passes (or fails) the challenge.
    ///
    /// - Throws: ``ServerError`` for a payload that is not a challenge of this sandbox.
    public func completeChallenge(_ payload: Sensitive<String>, passed: Bool) throws -> BraintreeActionResult {
        guard let text = payload.value, let data = text.data(using: .utf8),
            let object = try? JSONDecoder().decode([String: String].self, from: data),
            let lookupID = object["lookupId"], let lookup = lookups.removeValue(forKey: lookupID)
        else { throw ServerError(status: 422, message: "unknown 3-D Secure challenge") }
        let nonce = issueNonce(prefix: "tokencc_3ds", type: lookup.type)
        return BraintreeActionResult(
            nonce: nonce,
            threeDSecure: BraintreeThreeDSecureInfo(
                liabilityShifted: passed, liabilityShiftPossible: true, amount: lookup.amount))
    }

    // MARK: BraintreeClient

    /// The customer's most recent vaulted method with a fresh nonce.
    public func mostRecentPaymentMethod(clientToken: Sensitive<String>) throws -> BraintreePaymentMethod? {
        guard let token = clientToken.value, let customer = clientTokens[token] else {
            throw BraintreeDropInError(kind: .authorization, message: "invalid client token")
        }
        calls.append(.mostRecentPaymentMethod(customerID: customer))
        guard let customer, var method = vault[customer]?.last else { return nil }
        method.nonce = Sensitive(issueNonce(prefix: "tokencc_vault", type: method.type))
        return method
    }

    /// The lookup: frictionless, a challenge, or not enrolled, per the queue.
    public func threeDSecureLookup(_ request: BraintreeThreeDSecureRequest) throws -> BraintreeThreeDSecureLookup {
        calls.append(.threeDSecureLookup(amount: request.amount))
        guard let token = request.clientToken.value, clientTokens[token] != nil else {
            throw BraintreeDropInError(kind: .authorization, message: "invalid client token")
        }
        guard let nonce = request.nonce.value, let known = knownNonce(nonce), known.type.isCard else {
            throw ServerError(status: 422, message: "3-D Secure needs a card nonce")
        }
        let answer = threeDSecureQueue.isEmpty ? .frictionless : threeDSecureQueue.removeFirst()
        switch answer {
        case .frictionless, .notEnrolled:
            let enrolled = answer == .frictionless
            return .frictionless(
                BraintreeActionResult(
                    nonce: issueNonce(prefix: "tokencc_3ds", type: known.type),
                    threeDSecure: BraintreeThreeDSecureInfo(
                        liabilityShifted: enrolled, liabilityShiftPossible: enrolled, amount: request.amount)))
        case .challenge:
            number += 1
            let lookupID = SandboxSecret.make("lookup-\(number)")
            lookups[lookupID] = (request.amount, known.type)
            let payload = BraintreePaymentProvider.json([
                "acsUrl": "https://acs.sandbox.braintreegateway.com/challenge/\(lookupID)", "lookupId": lookupID,
                "amount": request.amount,
            ])
            return .challenge(payload: Sensitive(payload))
        }
    }

    // MARK: BraintreeMerchantServer

    /// A client token, for a known customer when `customerID` is set.
    public func clientToken(customerID: String?) throws -> String {
        calls.append(.clientToken(customerID: customerID))
        if let customerID, vault[customerID] == nil {
            throw BraintreeValidationError(
                attribute: "customer_id", code: "92804", message: "Customer specified by customer_id does not exist")
        }
        number += 1
        let token = SandboxSecret.make("sandbox_ct_\(number)")
        clientTokens[token] = .some(customerID)
        return token
    }

    /// The sale, validated and answered as Braintree's sandbox does.
    public func sale(_ request: BraintreeSaleRequest) throws -> BraintreeSaleResult {
        calls.append(
            .sale(
                amount: request.amount, merchantAccountId: request.merchantAccountId, orderId: request.orderId,
                hasDeviceData: request.deviceData != nil))
        var errors: [BraintreeValidationError] = []
        let currency = merchantAccounts[request.merchantAccountId]
        if currency == nil {
            errors.append(
                BraintreeValidationError(
                    attribute: "merchant_account_id", code: "91577", message: "Merchant account ID is invalid."))
        }
        let amount = Self.parse(request.amount, currency: currency ?? "GBP")
        if amount == nil {
            errors.append(
                BraintreeValidationError(attribute: "amount", code: "81503", message: "Amount is an invalid format."))
        } else if let amount, amount <= 0 {
            errors.append(
                BraintreeValidationError(
                    attribute: "amount", code: "81531", message: "Amount must be greater than zero."))
        }
        let nonceText = request.paymentMethodNonce.value ?? ""
        if let known = knownNonce(nonceText) {
            if known.used {
                errors.append(
                    BraintreeValidationError(
                        attribute: "payment_method_nonce", code: "93107",
                        message: "Cannot use a payment_method_nonce more than once."))
            }
        } else {
            errors.append(
                BraintreeValidationError(
                    attribute: "payment_method_nonce", code: "91565",
                    message: "Unknown or expired payment_method_nonce."))
        }
        guard errors.isEmpty, let currency, let amount else {
            return BraintreeSaleResult(success: false, transaction: nil, errors: errors, message: errors.first?.message)
        }
        if Self.testNonces[nonceText] == nil { nonces[nonceText]?.used = true }
        var answer: SaleAnswer
        if !saleQueue.isEmpty {
            answer = saleQueue.removeFirst()
        } else if nonceText == "fake-processor-declined-visa-nonce" {
            answer = .processorDeclined(code: "2000", text: "Do Not Honor")
        } else if amount >= 2000, amount < 3000 {
            let code = NSDecimalNumber(decimal: amount).intValue
            answer = .processorDeclined(code: String(code), text: Self.declineTexts[code] ?? "Processor Declined")
        } else if amount >= 3000, amount < 3001 {
            answer = .status(.failed)
        } else {
            answer = .status(request.submitForSettlement ? .submittedForSettlement : .authorized)
        }
        number += 1
        var transaction = BraintreeTransaction(
            id: "txn\(number)", status: "", amount: request.amount, currencyIsoCode: currency,
            merchantAccountId: request.merchantAccountId)
        switch answer {
        case .status(let status):
            transaction.status = status.rawValue
            transaction.processorResponseCode = status.isSuccess ? "1000" : status == .failed ? "3000" : nil
            transaction.processorResponseText =
                status.isSuccess ? "Approved" : status == .failed ? "Processor Network Unavailable - Try Again" : nil
        case .processorDeclined(let code, let text):
            transaction.status = BraintreeTransactionStatus.processorDeclined.rawValue
            transaction.processorResponseCode = code
            transaction.processorResponseText = text
        case .gatewayRejected(let reason):
            transaction.status = BraintreeTransactionStatus.gatewayRejected.rawValue
            transaction.gatewayRejectionReason = reason
        case .validationErrors(let errors):
            return BraintreeSaleResult(success: false, transaction: nil, errors: errors, message: errors.first?.message)
        case .serverError(let status, let message):
            throw ServerError(status: status, message: message)
        }
        transactions[transaction.id] = transaction
        let success = BraintreeTransactionStatus(rawValue: transaction.status)?.isSuccess ?? false
        return BraintreeSaleResult(
            success: success, transaction: transaction, message: success ? nil : transaction.processorResponseText)
    }

    /// The transaction; an `authorizing` one has resolved to ``authorizingResolvesTo``.
    public func findTransaction(id: String) throws -> BraintreeTransaction {
        calls.append(.findTransaction(id: id))
        guard var transaction = transactions[id] else {
            throw ServerError(status: 404, message: "Transaction not found")
        }
        if transaction.status == BraintreeTransactionStatus.authorizing.rawValue {
            transaction.status = authorizingResolvesTo.rawValue
            let approved = authorizingResolvesTo.isSuccess
            transaction.processorResponseCode = approved ? "1000" : "2000"
            transaction.processorResponseText = approved ? "Approved" : "Do Not Honor"
            transactions[id] = transaction
        }
        return transaction
    }

    // MARK: Internals

    static let declineTexts = [2000: "Do Not Honor", 2001: "Insufficient Funds", 2046: "Declined"]

    /// A decimal string with at most the currency's digits, or `nil`.
    static func parse(_ text: String, currency: String) -> Decimal? {
        let digits = CurrencyDigits.digits(for: currency) ?? 2
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigitCharacter)
        else { return nil }
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.count <= digits, fraction.allSatisfy(\.isASCIIDigitCharacter) else {
                return nil
            }
        }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    private func knownNonce(_ nonce: String) -> Nonce? {
        if let type = Self.testNonces[nonce] { return Nonce(type: type, used: false) }
        return nonces[nonce]
    }

    private func issueNonce(prefix: String, type: BraintreePaymentMethodType) -> String {
        number += 1
        let nonce = SandboxSecret.make("\(prefix)_\(number)")
        nonces[nonce] = Nonce(type: type, used: false)
        return nonce
    }
}

extension Character {
    /// `0` to `9` only (not other scripts' digits).
    fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
