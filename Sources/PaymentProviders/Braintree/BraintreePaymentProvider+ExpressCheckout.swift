import Checkout

extension BraintreePaymentProvider: ExpressCheckoutOffering {
    /// Apple Pay, PayPal and Venmo on the cart screen, paid through Braintree.
    public nonisolated var expressCheckoutWidget: ExpressCheckoutWidget {
        ExpressCheckoutWidget(
            provider: descriptor,
            wallets: [
                PaymentMethodOption(id: "ApplePay", name: "Apple Pay"),
                PaymentMethodOption(id: "PayPal", name: "PayPal"),
                PaymentMethodOption(id: "Venmo", name: "Venmo"),
            ])
    }
}
