public import Checkout

/// The model of a provider's express checkout widget for the cart screen: which wallets it
/// offers and whether it can show for the current checkout. Availability runs the same payment
/// guards as the pay button (positive total, a currency the provider and merchant take, minor
/// units), so an express button never offers what the checkout would refuse.
///
/// ```swift
/// let widget = adyen.expressCheckoutWidget
/// if case .available(let total) = widget.availability(in: store.state) {
///     showWalletButtons(widget.wallets, total: total)
/// }
/// ```
public struct ExpressCheckoutWidget: Sendable, Hashable, Codable {
    /// The provider that takes the wallet's payment.
    public var provider: PaymentProviderDescriptor
    /// The wallets the widget offers (Apple Pay, PayPal…), as the provider names them.
    public var wallets: [PaymentMethodOption]

    /// Creates a widget.
    public init(provider: PaymentProviderDescriptor, wallets: [PaymentMethodOption]) {
        self.provider = provider
        self.wallets = wallets
    }

    /// Whether the widget can show for `state`'s cart.
    public func availability(in state: CheckoutState) -> ExpressAvailability {
        do throws(PaymentGuardViolation) {
            _ = try PaymentGuards.checkStart(
                shown: state.displayedTotal, provider: provider, merchantCurrencies: state.merchantCurrencies)
        } catch {
            return .unavailable(error)
        }
        guard let total = state.displayedTotal else { return .unavailable(.noTotal) }
        return .available(total: total)
    }
}
