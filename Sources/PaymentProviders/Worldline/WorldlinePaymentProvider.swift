public import Checkout
import Foundation
import StateStore
public import Worldline

/// Worldline (Connect) as a checkout payment provider: a native card payment through the whole
/// client SDK flow.
///
/// ```
///  prepare ─▶ server: Create Session ─▶ Worldline.Session ─▶ payment items for the context
///                                        (the card methods become the session's methods)
///  (host) cardForm(for:) ─▶ the card product ─▶ its fields ─▶ values (masked / unmasked)
///         ─▶ IIN lookup (switches the product) ─▶ validation ─▶ Session.prepare (JWE)
///         ─▶ PaymentSubmission whose payload is the encrypted request
///  submit ─▶ server: Create Payment ─▶ approved: .authorised / declined: .refused
///                                   └─ 3-D Secure: .actionRequired(redirect)
///  submitDetails(return URL) ─▶ RETURNMAC checked ─▶ server: Get Payment ─▶ .authorised / .refused
/// ```
///
/// Card data stays inside ``WorldlineCardForm`` and the Worldline `PaymentRequest` (which redacts
/// itself); what crosses into the checkout is the JWE inside a `Sensitive` payload, and a
/// description with the brand and last four digits. The client session id is a credential and
/// travels only as ``Checkout/PaymentSession/token`` (`Sensitive`).
///
/// ```swift
/// let worldline = WorldlinePaymentProvider(server: ShopBackend())
/// // after .sessionPrepared:
/// let form = try await worldline.cardForm(for: session)
/// _ = try await form.setValue("4111 1111 1111 1111", forField: "cardNumber")
/// ...
/// store.dispatch(.payment(.submitted(try await form.submission())))
/// ```
public actor WorldlinePaymentProvider: PaymentProvider {
    /// Makes the client SDK's session from what *Create Session* answered.
    public typealias SessionFactory = @Sendable (WorldlineClientSession) throws -> Worldline.Session

    /// The provider's descriptor: id `worldline` by default, any currency with known minor units.
    public nonisolated let descriptor: PaymentProviderDescriptor

    private let server: any WorldlineMerchantServer
    private let makeSession: SessionFactory
    private let locale: String
    private let defaultCountryCode: String
    private var sessions: [String: SessionRecord] = [:]
    private var sessionNumber = 0

    /// What the provider keeps of a prepared session.
    struct SessionRecord: Sendable {
        var session: Worldline.Session
        var context: PaymentContext
        var items: PaymentItems
        var amountInMinorUnits: Int64
        var reference: String
        var pending: (paymentID: String, returnMAC: Sensitive<String>)?
        var receipt: PaymentReceipt?
    }

    /// Creates the provider.
    ///
    /// - Parameters:
    ///   - server: The merchant's server (Create Session, Create Payment, Get Payment).
    ///   - locale: The Client API locale (`en_GB`): product names and groups are in it.
    ///   - defaultCountryCode: The country when the checkout has no shipping country.
    ///   - id: The provider's identifier in the checkout (`worldline`).
    ///   - makeSession: How to make the SDK's session: over HTTP by default (the platform's
    ///     JWE encryption); CheckoutSandbox's `WorldlineDemoScript.sandboxSession` in tests and
    ///     demos.
    public init(
        server: any WorldlineMerchantServer, locale: String = "en_GB", defaultCountryCode: String = "GB",
        id: String = "worldline", makeSession: @escaping SessionFactory = WorldlinePaymentProvider.httpSession
    ) {
        self.server = server
        self.locale = locale
        self.defaultCountryCode = defaultCountryCode
        self.makeSession = makeSession
        descriptor = PaymentProviderDescriptor(id: id, displayName: "Worldline")
    }

    /// A session over HTTP on the client session's URLs, encrypting with the platform's JWE.
    public static let httpSession: SessionFactory = { client in
        try Worldline.Session(
            clientSessionId: client.clientSessionId.value ?? "", customerId: client.customerId,
            baseURL: client.clientApiURL, assetBaseURL: client.assetURL, appIdentifier: "CheckoutEngine")
    }

    /// Creates the client session, builds the payment context for exactly the requested amount
    /// and lists the card methods of the payment items (the `cards` group, or card products).
    ///
    /// - Throws: ``WorldlineProviderError`` for an amount the Client API cannot carry or no card
    ///   method; ``Worldline/WorldlineError`` from the Client API; what the server throws.
    public func prepare(_ request: Checkout.PaymentRequest) async throws -> PaymentSession {
        let amount: PaymentAmountOfMoney
        do {
            amount = try PaymentAmountOfMoney(amount: request.amount.amount, currencyCode: request.amount.currencyCode)
        } catch {
            throw WorldlineProviderError.amountNotRepresentable(error.description)
        }
        let client = try await server.createClientSession()
        guard let clientSessionId = client.clientSessionId.value, !clientSessionId.isEmpty else {
            throw WorldlineProviderError.noClientSessionId
        }
        let session = try makeSession(client)
        let context = PaymentContext(
            amountOfMoney: amount, isRecurring: false, countryCode: request.countryCode ?? defaultCountryCode,
            locale: locale)
        let items = try await session.paymentItems(for: context, groupPaymentProducts: true)
        let language = String(locale.prefix { $0 != "_" })
        let methods = Self.cardItems(in: items).map {
            PaymentMethodOption(
                id: $0.identifier, name: WorldlineLocalization.shared.displayName(for: $0, language: language))
        }
        guard !methods.isEmpty else { throw WorldlineProviderError.noCardMethod }
        sessionNumber += 1
        let id = "\(descriptor.id)-session-\(sessionNumber)"
        sessions[id] = SessionRecord(
            session: session, context: context, items: items, amountInMinorUnits: amount.totalAmount,
            reference: request.reference)
        return PaymentSession(
            id: id, providerID: descriptor.id, amount: request.amount, methods: methods, token: client.clientSessionId)
    }

    /// The card form for `session`: the card product (the first of the `cards` group by display
    /// order), its fields, and the shopper's values from there on.
    ///
    /// - Parameters:
    ///   - session: A session this provider prepared.
    ///   - language: The language of validation messages.
    ///   - validationContext: The clock expiry dates are checked against (injectable).
    public func cardForm(
        for session: PaymentSession, language: String = "en", validationContext: ValidationContext = ValidationContext()
    ) async throws -> WorldlineCardForm {
        let record = try record(for: session)
        let products = Self.cardProducts(in: record.items)
        guard let first = products.first else { throw WorldlineProviderError.noCardMethod }
        let product = try await record.session.paymentProduct(withId: first.identifier, context: record.context)
        return WorldlineCardForm(
            session: record.session, context: record.context, initialProduct: product, language: language,
            validationContext: validationContext)
    }

    /// Creates the payment with the encrypted request the card form submitted.
    public func submit(_ submission: PaymentSubmission, in session: PaymentSession) async throws -> PaymentOutcome {
        var record = try record(for: session)
        guard let payload = submission.payload.value,
            let prepared = try? JSONDecoder().decode(PreparedPaymentRequest.self, from: Data(payload.utf8))
        else {
            return .error(message: "the submission carries no encrypted Worldline card data")
        }
        let input = WorldlinePaymentInput(
            amountInMinorUnits: record.amountInMinorUnits, currencyCode: record.context.amountOfMoney.currencyCode,
            merchantReference: record.reference, paymentProductId: submission.methodID,
            encryptedCustomerInput: Sensitive(prepared.encryptedFields),
            encodedClientMetaInfo: prepared.encodedClientMetaInfo)
        let result = try await server.createPayment(input)
        let outcome = Self.outcome(of: result, amount: session.amount, record: &record)
        update(record, for: session.id)
        return outcome
    }

    /// Checks the return URL's `RETURNMAC` against the one *Create Payment* gave, then asks the
    /// server for the payment's result.
    public func submitDetails(
        _ details: PaymentActionDetails, in session: PaymentSession
    ) async throws -> PaymentOutcome {
        var record = try record(for: session)
        guard let pending = record.pending else {
            return .error(message: "no Worldline payment awaits a redirect")
        }
        guard let text = details.returnURL?.value ?? details.payload.value,
            let items = URLComponents(string: text)?.queryItems
        else {
            return .error(message: "the Worldline return URL is missing or unreadable")
        }
        guard let returnMAC = pending.returnMAC.value,
            items.first(where: { $0.name == "RETURNMAC" })?.value == returnMAC
        else {
            return .error(message: "the Worldline return URL's RETURNMAC does not match the payment's")
        }
        if let paymentID = items.first(where: { $0.name == "paymentId" })?.value, paymentID != pending.paymentID {
            return .error(message: "the Worldline return URL is for another payment")
        }
        let result = try await server.paymentResult(paymentID: pending.paymentID, returnMAC: returnMAC)
        record.pending = nil
        let outcome = Self.outcome(of: result, amount: session.amount, record: &record)
        update(record, for: session.id)
        return outcome
    }

    /// An approved payment's receipt again; nothing else is pending confirmation.
    public func confirm(_ session: PaymentSession) async throws -> PaymentOutcome {
        guard let receipt = try record(for: session).receipt else {
            return .error(message: "no approved Worldline payment to confirm")
        }
        return .authorised(receipt)
    }

    /// Forgets the session (the client session simply expires).
    public func cancel(_ session: PaymentSession) async {
        sessions[session.id] = nil
    }

    // MARK: Mapping

    /// How a Server API answer maps to an outcome (and what the provider must remember).
    static func outcome(
        of result: WorldlinePaymentResult, amount: Checkout.Money, record: inout SessionRecord
    ) -> PaymentOutcome {
        switch result {
        case .approved(let paymentID, let status):
            let receipt = PaymentReceipt(providerReference: paymentID, amount: amount, resultCode: status)
            record.receipt = receipt
            return .authorised(receipt)
        case .declined(_, let reason):
            return .refused(reason: reason)
        case .redirect(let paymentID, let url, let returnMAC):
            guard let mac = returnMAC.value, !mac.isEmpty else {
                return .error(message: "Worldline asked for a redirect without a RETURNMAC")
            }
            record.pending = (paymentID, Sensitive(mac))
            return .actionRequired(PaymentActionRequest(kind: .redirect, url: url))
        }
    }

    /// The items a card form can pay: the groups, and card products outside a group.
    static func cardItems(in items: PaymentItems) -> [PaymentItem] {
        let cardGroups = Set(cardProducts(in: items).compactMap(\.paymentProductGroup))
        return items.paymentItems.filter { item in
            switch item {
            case .group(let group): return cardGroups.contains(group.identifier)
            case .product(let product): return product.paymentMethod == "card"
            }
        }
    }

    /// Every card product, by display order.
    static func cardProducts(in items: PaymentItems) -> [BasicPaymentProduct] {
        items.allPaymentItems.compactMap(\.product).filter { $0.paymentMethod == "card" }
            .sorted { ($0.displayHints.displayOrder ?? .max) < ($1.displayHints.displayOrder ?? .max) }
    }

    /// Keeps `record`, unless the session was cancelled while the provider awaited its server
    /// (an actor lets other calls in at every `await`).
    private func update(_ record: SessionRecord, for id: String) {
        if sessions[id] != nil { sessions[id] = record }
    }

    private func record(for session: PaymentSession) throws -> SessionRecord {
        guard let record = sessions[session.id] else {
            throw PaymentFailure(kind: .provider, message: "unknown Worldline session \(session.id)")
        }
        return record
    }
}
