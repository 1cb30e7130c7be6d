public import Checkout
public import StateStore

/// Plays the host's part for an Apple Pay sheet opened on a loaded checkout, the way PassKit's
/// delegate callbacks arrive: the shopper's contact first shows Paris, then they switch to a
/// London address, pick express delivery, pick a card, and authorise. Each callback is
/// dispatched with the next request id, and the script waits for its answer on the
/// ``SandboxWalletSheet`` before the next, as the sheet does. Nothing waits for the store's
/// effects.
///
/// ```swift
/// let sheet = SandboxWalletSheet()
/// // a store whose environment has `walletSheet: sheet`, started and loaded
/// let result = await ApplePaySheetDemoScript(sheet: sheet).play(on: store)
/// ```
public struct ApplePaySheetDemoScript: Sendable {
    /// The sheet the store's environment answers.
    public let sheet: SandboxWalletSheet
    /// The provider that takes the token.
    public let providerID: String
    /// The name on the total line.
    public let merchantName: String

    /// The address the shopper first has in the sheet, as Apple reveals it before authorisation.
    public static let firstContact = PartialAddress(city: "Paris", postcode: "75001", countryCode: "FR")
    /// The address they switch to.
    public static let secondContact = PartialAddress(city: "London", postcode: "SW1A 2", countryCode: "GB")
    /// The full contact the authorisation carries.
    public static let fullAddress = Address(
        firstName: "Ada", lastName: "Lovelace", line1: "10 Downing Street", city: "London", postcode: "SW1A 2AA",
        countryCode: "GB", phone: "+44 20 7946 0000")
    /// The method they change to.
    public static let shippingMethodID = "express"

    /// Creates the script for `sheet`, paying with `providerID`.
    public init(
        sheet: SandboxWalletSheet, providerID: String = SandboxPaymentProvider.defaultDescriptor.id,
        merchantName: String = "Poq Demo Shop"
    ) {
        self.sheet = sheet
        self.providerID = providerID
        self.merchantName = merchantName
    }

    /// Presents the sheet on `store`, plays the callbacks, and dismisses it; returns the answer to
    /// the authorisation (`nil` when there was none to give: no total to authorise).
    @discardableResult
    public func play(on store: Store<CheckoutState>) async -> WalletAuthorizationResult? {
        // A sheet the engine refuses answers every callback with the reason: the script plays on.
        store.dispatch(.wallet(.sheetPresented(providerID: providerID, merchantName: merchantName)))
        var requestID = 0
        func ask(_ action: (Int) -> WalletSheetAction) async -> WalletSheetAnswer {
            requestID += 1
            store.dispatch(.wallet(action(requestID)))
            return await sheet.answer(to: requestID)
        }
        _ = await ask { .shippingContactSelected(Self.firstContact, requestID: $0) }
        _ = await ask { .shippingContactSelected(Self.secondContact, requestID: $0) }
        _ = await ask { .shippingMethodSelected(id: Self.shippingMethodID, requestID: $0) }
        let cardAnswer = await ask {
            .paymentMethodSelected(
                WalletPaymentMethod(displayName: "Visa 1111", network: "Visa", kind: .debit), requestID: $0)
        }
        guard case .paymentMethod(let update, _) = cardAnswer, let shown = update.summaryItems.total else {
            store.dispatch(.wallet(.sheetDismissed))
            return nil
        }
        let authorization = WalletAuthorization(
            email: "ada@example.com", shippingAddress: Self.fullAddress, shippingMethodID: Self.shippingMethodID,
            shownTotal: shown,
            payment: PaymentSubmission(
                methodID: "applepay", payload: Sensitive(SandboxSecret.make("demo-apple-pay-token")),
                displayDescription: "Apple Pay (Visa 1111)"))
        let answer = await ask { .paymentAuthorized(authorization, requestID: $0) }
        store.dispatch(.wallet(.sheetDismissed))
        guard case .authorization(let result, _) = answer else { return nil }
        return result
    }
}
