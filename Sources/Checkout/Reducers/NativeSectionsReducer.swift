public import StateStore

/// The user's edits in the native sections. Each edit applies to the state at once and queues for
/// the backend; nothing can be edited in a section that is not visible, or while a payment is in
/// progress.
///
/// - Contact information: guests only; an implausible email is refused with an error.
/// - Shipping contact: logged-in users get the address book in selection mode (the entry matching
///   the cart's address preselected); guests get the address form.
/// - Billing contact: the same; a billing contact that matched the shipping contact follows a
///   shipping edit, and editing billing never changes shipping.
/// - Shipping method: only a method the cart offers can be selected.
public enum NativeSectionsReducer {
    /// The reducer.
    public static func make(environment: CheckoutEnvironment) -> CheckoutReducerType {
        CheckoutReducerType { state, action in reduce(into: &state, action, environment: environment) }
    }

    /// The reducer's work for one action: ``CheckoutReducer`` calls it directly, without a closure.
    static func reduce(
        into state: inout CheckoutState, _ action: CheckoutAction, environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        // `hasCart`, not `state.cart != nil` (Optional's `!=` copies the cart through the runtime).
        guard case .native(let action) = action, state.kind == .native, state.hasCart,
            !state.payment.phase.locksCheckout, !state.isFinished
        else { return .none }
        switch action {
        case .emailSubmitted(let email):
            guard state.user.isGuest, isEditable(.contactInformation, state) else { return .none }
            let trimmed = email.trimmingWhitespace
            guard EmailRule.isPlausible(trimmed) else {
                CheckoutCommands.showError(
                    .invalidInput(field: "email", reason: "not an email address"), retry: nil, in: &state)
                return .none
            }
            return CheckoutCommands.enqueue(.email(trimmed), &state, environment: environment)

        case .editShippingContactTapped:
            guard isEditable(.shippingContact, state) else { return .none }
            state.native.addressEditor = editor(for: .shipping, current: state.shippingContact, user: state.user)
            return .none

        case .editBillingContactTapped:
            guard isEditable(.billingContact, state) else { return .none }
            state.native.addressEditor = editor(for: .billing, current: state.billingContact, user: state.user)
            return .none

        case .addressBookEntrySelected(let id):
            guard let editor = state.native.addressEditor, case .selection = editor.mode else { return .none }
            guard let entry = state.user.addressBook.first(where: { $0.id == id }) else {
                CheckoutCommands.showError(
                    .invalidInput(field: "addressBookEntry", reason: "no address \(id) in the address book"),
                    retry: nil, in: &state)
                return .none
            }
            state.native.addressEditor = nil
            return setContact(entry.address, purpose: editor.purpose, &state, environment: environment)

        case .addNewAddressTapped:
            guard let editor = state.native.addressEditor else { return .none }
            state.native.addressEditor = AddressEditor(purpose: editor.purpose, mode: .form(prefill: nil))
            return .none

        case .addressFormSubmitted(let address):
            guard let editor = state.native.addressEditor else { return .none }
            if let field = address.missingField {
                CheckoutCommands.showError(
                    .invalidInput(field: field, reason: "required"), retry: nil, in: &state)
                return .none
            }
            state.native.addressEditor = nil
            return setContact(address, purpose: editor.purpose, &state, environment: environment)

        case .addressEditorClosed:
            state.native.addressEditor = nil
            return .none

        case .useShippingAsBillingTapped:
            guard isEditable(.billingContact, state), let shipping = state.shippingContact else { return .none }
            state.native.addressEditor = nil
            return CheckoutCommands.enqueue(.billingContact(shipping), &state, environment: environment)

        case .shippingMethodSelected(let id):
            guard isEditable(.shippingMethod, state) else { return .none }
            guard state.shippingMethods.contains(where: { $0.id == id }) else {
                CheckoutCommands.showError(
                    .invalidInput(field: "shippingMethod", reason: "\(id) is not offered for this cart"),
                    retry: nil, in: &state)
                return .none
            }
            guard state.selectedShippingMethodID != id else { return .none }
            return CheckoutCommands.enqueue(.shippingMethod(id: id), &state, environment: environment)
        }
    }

    /// The address screen for a contact: logged-in users with saved addresses get the address
    /// book in selection mode (preselecting the entry matching `current`); everyone else gets the
    /// form, prefilled with `current`.
    public static func editor(
        for purpose: AddressEditor.Purpose, current: Address?, user: CheckoutUser
    ) -> AddressEditor {
        if !user.isGuest, !user.addressBook.isEmpty {
            let match = AddressMatcher.bestMatch(for: current, in: user.addressBook)
            return AddressEditor(purpose: purpose, mode: .selection(preselectedEntryID: match?.id))
        }
        return AddressEditor(purpose: purpose, mode: .form(prefill: current))
    }

    /// Sets a contact; a shipping edit carries a billing contact that matched the old shipping
    /// contact along with it.
    static func setContact(
        _ address: Address, purpose: AddressEditor.Purpose, _ state: inout CheckoutState,
        environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        switch purpose {
        case .billing:
            return CheckoutCommands.enqueue(.billingContact(address), &state, environment: environment)
        case .shipping:
            let billingFollows = AddressMatcher.matches(state.billingContact, state.shippingContact)
            let shipping = CheckoutCommands.enqueue(.shippingContact(address), &state, environment: environment)
            guard billingFollows else { return shipping }
            return .merge(
                shipping, CheckoutCommands.enqueue(.billingContact(address), &state, environment: environment))
        }
    }

    static func isEditable(_ section: CheckoutSection, _ state: CheckoutState) -> Bool {
        SectionProgression.statuses(for: state).first { $0.section == section }?.isEditable ?? false
    }
}
