/// The next native checkout action that brings the checkout in line with a wallet's authorised
/// data, as a pure function of the state: email (guests), shipping contact (the address book entry that
/// matches, or the address form), billing contact (same as shipping, or its own address), the
/// shipping method, the provider. `nil` when the checkout already holds everything.
///
/// Because express checkout only ever dispatches the actions a shopper's taps would, it goes
/// through the same reducers, the same Checkout API calls and the same rules as the regular
/// checkout. ``WalletSheetReducer`` dispatches these actions one at a time after an
/// authorisation; the full address is validated here, as a typed one would be.
public enum ExpressCheckoutPlanner {
    /// The next action, or `nil` when the checkout is in line with `wallet`.
    public static func nextAction(
        for wallet: WalletAuthorization, providerID: String, in state: CheckoutState
    ) -> CheckoutAction? {
        guard state.cart != nil else { return state.loadInFlight == nil ? .common(.started) : nil }
        if state.user.isGuest, state.email != wallet.email.trimmingWhitespace {
            return .native(.emailSubmitted(wallet.email))
        }
        if !AddressMatcher.matches(state.shippingContact, wallet.shippingAddress) {
            return addressAction(wallet.shippingAddress, purpose: .shipping, in: state)
        }
        let billing = wallet.effectiveBillingAddress
        if !AddressMatcher.matches(state.billingContact, billing) {
            if AddressMatcher.matches(billing, wallet.shippingAddress) {
                return .native(.useShippingAsBillingTapped)
            }
            return addressAction(billing, purpose: .billing, in: state)
        }
        let method = wallet.shippingMethodID ?? state.selectedShippingMethodID ?? state.shippingMethods.first?.id
        if let method, state.selectedShippingMethodID != method {
            return .native(.shippingMethodSelected(id: method))
        }
        if state.payment.providerID != providerID {
            return .payment(.providerSelected(id: providerID))
        }
        return nil
    }

    /// Opens the address screen for `purpose`, then picks the matching address book entry or
    /// submits the form.
    static func addressAction(
        _ address: Address, purpose: AddressEditor.Purpose, in state: CheckoutState
    ) -> CheckoutAction {
        guard let editor = state.native.addressEditor, editor.purpose == purpose else {
            return .native(purpose == .shipping ? .editShippingContactTapped : .editBillingContactTapped)
        }
        switch editor.mode {
        case .selection:
            if let entry = state.user.addressBook.first(where: { AddressMatcher.matches($0.address, address) }) {
                return .native(.addressBookEntrySelected(id: entry.id))
            }
            return .native(.addNewAddressTapped)
        case .form:
            return .native(.addressFormSubmitted(address))
        }
    }
}
