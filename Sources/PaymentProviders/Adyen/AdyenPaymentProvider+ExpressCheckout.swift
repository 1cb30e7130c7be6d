import Checkout

extension AdyenPaymentProvider: ExpressCheckoutOffering {
    /// Apple Pay and PayPal on the cart screen, paid through Adyen.
    public nonisolated var expressCheckoutWidget: ExpressCheckoutWidget {
        ExpressCheckoutWidget(
            provider: descriptor,
            wallets: [
                PaymentMethodOption(id: "applepay", name: "Apple Pay"),
                PaymentMethodOption(id: "paypal", name: "PayPal"),
            ])
    }
}
