// The Apple Pay glue of a web checkout, as an iOS app writes it: PassKit's sheet for the page's
// payment request, its delegate dispatching each callback into the store, and the engine's
// answers handed to PassKit's completions. It compiles only where PassKit exists; on Linux the
// example plays the sheet with `ScriptedPaymentSheet`.
#if canImport(PassKit)
import Checkout
import Contacts
import Foundation
import PassKit
import StateStore

/// The Apple Pay sheet a web checkout's page asks for (`state.web.applePay`): the same
/// `WalletSheetAction`s and `WalletSheet` answers as a native express checkout's sheet. Give it
/// to `CheckoutEnvironment(walletSheet:)`, and present it from the screen model's
/// `presentApplePay` (`WebKitCheckoutScreen.useApplePay(_:)`).
@MainActor
final class PassKitApplePaySheet: NSObject {
    /// The app's merchant identifier (never the page's).
    let merchantIdentifier: String
    // Weak: the store's environment holds this sheet.
    private weak var store: Store<CheckoutState>?
    private var controller: PKPaymentAuthorizationController?
    private var nextRequestID = 0
    private var contactCompletions: [Int: (PKPaymentRequestShippingContactUpdate) -> Void] = [:]
    private var methodCompletions: [Int: (PKPaymentRequestShippingMethodUpdate) -> Void] = [:]
    private var cardCompletions: [Int: (PKPaymentRequestPaymentMethodUpdate) -> Void] = [:]
    private var authorizationCompletions: [Int: (PKPaymentAuthorizationResult) -> Void] = [:]
    /// The total PassKit shows: what the shopper authorises.
    private var shownTotal: Money?

    init(merchantIdentifier: String) {
        self.merchantIdentifier = merchantIdentifier
    }

    /// Presents PassKit's sheet for the page's request. A sheet that cannot be presented is
    /// dismissed at once, so the page hears `applepaycancelled`.
    func present(_ request: WebApplePayRequest, on store: Store<CheckoutState>) {
        self.store = store
        let payment = PKPaymentRequest()
        payment.merchantIdentifier = merchantIdentifier
        payment.countryCode = request.countryCode
        payment.currencyCode = request.currencyCode
        payment.merchantCapabilities = Self.capabilities(request.merchantCapabilities)
        let networks = request.supportedNetworks.compactMap(Self.network)
        payment.supportedNetworks = networks.isEmpty ? [.visa, .masterCard, .amex] : networks
        payment.paymentSummaryItems = Self.items(request.summaryItems)
        payment.shippingMethods = Self.methods(request.sheetShippingMethods)
        payment.requiredShippingContactFields = Self.fields(request.requiredShippingContactFields)
        payment.requiredBillingContactFields = Self.fields(request.requiredBillingContactFields)
        shownTotal = request.summaryItems.total
        let controller = PKPaymentAuthorizationController(paymentRequest: payment)
        controller.delegate = self
        self.controller = controller
        controller.present { presented in
            if !presented { store.dispatch(.wallet(.sheetDismissed)) }
        }
    }

    private func takeRequestID() -> Int {
        nextRequestID += 1
        return nextRequestID
    }

    /// Hands `answer` to the completion PassKit gave for its request id.
    private func deliver(_ answer: WalletSheetAnswer) {
        switch answer {
        case .shippingContact(let update, let id):
            guard let completion = contactCompletions.removeValue(forKey: id) else { return }
            shownTotal = update.summaryItems.total ?? shownTotal
            let result = PKPaymentRequestShippingContactUpdate(
                errors: update.errors.map(Self.error), paymentSummaryItems: Self.items(update.summaryItems),
                shippingMethods: Self.methods(update.shippingMethods))
            result.status = update.errors.isEmpty ? .success : .failure
            completion(result)
        case .shippingMethod(let update, let id):
            guard let completion = methodCompletions.removeValue(forKey: id) else { return }
            shownTotal = update.summaryItems.total ?? shownTotal
            let result = PKPaymentRequestShippingMethodUpdate(paymentSummaryItems: Self.items(update.summaryItems))
            result.status = update.errors.isEmpty ? .success : .failure
            completion(result)
        case .paymentMethod(let update, let id):
            guard let completion = cardCompletions.removeValue(forKey: id) else { return }
            shownTotal = update.summaryItems.total ?? shownTotal
            completion(
                PKPaymentRequestPaymentMethodUpdate(
                    errors: update.errors.map(Self.error), paymentSummaryItems: Self.items(update.summaryItems)))
        case .authorization(let result, let id):
            authorizationCompletions.removeValue(forKey: id)?(
                PKPaymentAuthorizationResult(
                    status: result.status == .success ? .success : .failure, errors: result.errors.map(Self.error)))
        }
    }
}

extension PassKitApplePaySheet: WalletSheet {
    /// The engine's answer, handed to PassKit on the main queue, in the order the engine made them.
    nonisolated func answer(_ answer: WalletSheetAnswer) {
        DispatchQueue.main.async {
            MainActor.assumeIsolated { self.deliver(answer) }
        }
    }
}

// PassKit calls its delegate on the main thread.
extension PassKitApplePaySheet: @preconcurrency PKPaymentAuthorizationControllerDelegate {
    func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didSelectShippingContact contact: PKContact,
        handler completion: @escaping (PKPaymentRequestShippingContactUpdate) -> Void
    ) {
        let id = takeRequestID()
        contactCompletions[id] = completion
        let postal = contact.postalAddress
        let partial = PartialAddress(
            city: postal?.city ?? "", postcode: postal?.postalCode ?? "", countryCode: postal?.isoCountryCode ?? "")
        store?.dispatch(.wallet(.shippingContactSelected(partial, requestID: id)))
    }

    func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didSelectShippingMethod shippingMethod: PKShippingMethod,
        handler completion: @escaping (PKPaymentRequestShippingMethodUpdate) -> Void
    ) {
        let id = takeRequestID()
        methodCompletions[id] = completion
        store?.dispatch(.wallet(.shippingMethodSelected(id: shippingMethod.identifier ?? "", requestID: id)))
    }

    func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didSelectPaymentMethod paymentMethod: PKPaymentMethod,
        handler completion: @escaping (PKPaymentRequestPaymentMethodUpdate) -> Void
    ) {
        let id = takeRequestID()
        cardCompletions[id] = completion
        let card = WalletPaymentMethod(
            displayName: paymentMethod.displayName, network: paymentMethod.network?.rawValue,
            kind: Self.kind(paymentMethod.type))
        store?.dispatch(.wallet(.paymentMethodSelected(card, requestID: id)))
    }

    func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
        handler completion: @escaping (PKPaymentAuthorizationResult) -> Void
    ) {
        guard let shownTotal, let store else {
            completion(PKPaymentAuthorizationResult(status: .failure, errors: nil))
            return
        }
        let id = takeRequestID()
        authorizationCompletions[id] = completion
        let authorization = WalletAuthorization(
            email: payment.shippingContact?.emailAddress ?? "", shippingAddress: Self.address(payment.shippingContact),
            billingAddress: payment.billingContact.map { Self.address($0) },
            shippingMethodID: payment.shippingMethod?.identifier, shownTotal: shownTotal,
            payment: PaymentSubmission(
                methodID: "applepay", payload: Sensitive(payment.token.paymentData.base64EncodedString()),
                displayDescription: payment.token.paymentMethod.displayName))
        store.dispatch(.wallet(.paymentAuthorized(authorization, requestID: id)))
    }

    func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController) {
        controller.dismiss(completion: nil)
        self.controller = nil
        // Completions still held belong to a sheet that is gone.
        contactCompletions = [:]
        methodCompletions = [:]
        cardCompletions = [:]
        authorizationCompletions = [:]
        store?.dispatch(.wallet(.sheetDismissed))
    }
}

// MARK: Conversions (one to one; Docs/PaymentProviders.md has them all)

extension PassKitApplePaySheet {
    static func items(_ items: [WalletSummaryItem]) -> [PKPaymentSummaryItem] {
        items.map {
            PKPaymentSummaryItem(label: $0.label, amount: NSDecimalNumber(decimal: $0.amount.amount), type: .final)
        }
    }

    static func methods(_ methods: [ShippingMethod]) -> [PKShippingMethod] {
        methods.map { method in
            let item = PKShippingMethod(label: method.name, amount: NSDecimalNumber(decimal: method.price.amount))
            item.identifier = method.id
            return item
        }
    }

    static func fields(_ fields: [WebApplePayContactField]) -> Set<PKContactField> {
        Set(
            fields.map { field -> PKContactField in
                switch field {
                case .postalAddress: return .postalAddress
                case .name: return .name
                case .phone: return .phoneNumber
                case .email: return .emailAddress
                }
            })
    }

    static func capabilities(_ capabilities: [WebApplePayMerchantCapability]) -> PKMerchantCapability {
        var result: PKMerchantCapability = .threeDSecure  // every Apple Pay request needs it
        for capability in capabilities {
            switch capability {
            case .supports3DS: result.insert(.threeDSecure)
            case .supportsEMV: result.insert(.emv)
            case .supportsCredit: result.insert(.credit)
            case .supportsDebit: result.insert(.debit)
            }
        }
        return result
    }

    /// Apple Pay JS's network names as PassKit's; an unknown name is left out.
    static func network(_ name: String) -> PKPaymentNetwork? {
        let networks: [String: PKPaymentNetwork] = [
            "amex": .amex, "visa": .visa, "masterCard": .masterCard, "discover": .discover, "maestro": .maestro,
            "jcb": .JCB, "chinaUnionPay": .chinaUnionPay, "interac": .interac, "cartesBancaires": .cartesBancaires,
            "electron": .electron, "vPay": .vPay, "eftpos": .eftpos, "elo": .elo, "mada": .mada,
        ]
        return networks[name]
    }

    static func kind(_ type: PKPaymentMethodType) -> WalletPaymentMethod.Kind {
        switch type {
        case .debit: return .debit
        case .credit: return .credit
        case .prepaid: return .prepaid
        case .store: return .store
        case .eMoney: return .eMoney
        case .unknown: return .unknown
        @unknown default: return .unknown
        }
    }

    static func address(_ contact: PKContact?) -> Address {
        let postal = contact?.postalAddress
        let lines = (postal?.street ?? "").split(separator: "\n").map(String.init)
        return Address(
            firstName: contact?.name?.givenName ?? "", lastName: contact?.name?.familyName ?? "",
            line1: lines.first ?? "", line2: lines.count > 1 ? lines.dropFirst().joined(separator: ", ") : nil,
            city: postal?.city ?? "", region: postal.flatMap { $0.state.isEmpty ? nil : $0.state },
            postcode: postal?.postalCode ?? "", countryCode: (postal?.isoCountryCode ?? "").uppercased(),
            phone: contact?.phoneNumber?.stringValue)
    }

    static func error(_ error: WalletSheetError) -> any Error {
        switch error {
        case .shippingAddressInvalid(let field?, let message) where field.isPostalAddress:
            return PKPaymentRequest.paymentShippingAddressInvalidError(
                withKey: postalKey(field), localizedDescription: message)
        case .billingAddressInvalid(let field?, let message) where field.isPostalAddress:
            return PKPaymentRequest.paymentBillingAddressInvalidError(
                withKey: postalKey(field), localizedDescription: message)
        case .shippingAddressUnserviceable(let message):
            return PKPaymentRequest.paymentShippingAddressUnserviceableError(withLocalizedDescription: message)
        case .contactInvalid(let field, let message):
            let contactField: PKContactField =
                field == .emailAddress ? .emailAddress : field == .phoneNumber ? .phoneNumber : .name
            return PKPaymentRequest.paymentContactInvalidError(
                withContactField: contactField, localizedDescription: message)
        default:
            return PKPaymentError(.unknownError, userInfo: [NSLocalizedDescriptionKey: error.description])
        }
    }

    static func postalKey(_ field: WalletContactField) -> String {
        switch field {
        case .city: return CNPostalAddressCityKey
        case .region: return CNPostalAddressStateKey
        case .postcode: return CNPostalAddressPostalCodeKey
        case .countryCode: return CNPostalAddressISOCountryCodeKey
        case .street, .name, .emailAddress, .phoneNumber: return CNPostalAddressStreetKey
        }
    }
}
#endif
