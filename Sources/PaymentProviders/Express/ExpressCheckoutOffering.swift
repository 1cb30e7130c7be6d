/// A payment provider that offers an express checkout widget for the cart screen.
public protocol ExpressCheckoutOffering: Sendable {
    /// The widget's model.
    var expressCheckoutWidget: ExpressCheckoutWidget { get }
}
