// The module and its `Afterpay` enum share a name, so `Afterpay.Money` would look for a member
// of the enum, not the module's type; a file that also imports a module with its own `Money` or
// `Configuration` (Checkout) or `ColorScheme` (SwiftUI) could not say which it means. These
// aliases make `Afterpay.Money` and friends work, and the prefixed names (`AfterpayMoney`) work
// anywhere. The prefixed aliases exist because an alias inside the enum cannot name a top-level
// type of the same name without referring to itself.

/// This module's ``Configuration``, for files where another module also has a `Configuration`.
public typealias AfterpayConfiguration = Configuration
/// This module's ``Money``, for files where another module also has a `Money`.
public typealias AfterpayMoney = Money
/// This module's ``ColorScheme``, for files that also import SwiftUI.
public typealias AfterpayColorScheme = ColorScheme
/// This module's ``Brand``.
public typealias AfterpayBrand = Brand
/// This module's ``CheckoutResult``, for files where another module also has a `CheckoutResult`.
public typealias AfterpayCheckoutResult = CheckoutResult

extension Afterpay {
    /// ``Configuration``, reachable as `Afterpay.Configuration`.
    public typealias Configuration = AfterpayConfiguration
    /// ``Money``, reachable as `Afterpay.Money`.
    public typealias Money = AfterpayMoney
    /// ``ColorScheme``, reachable as `Afterpay.ColorScheme`.
    public typealias ColorScheme = AfterpayColorScheme
    /// ``Brand``, reachable as `Afterpay.Brand`.
    public typealias Brand = AfterpayBrand
    /// ``CheckoutResult``, reachable as `Afterpay.CheckoutResult`.
    public typealias CheckoutResult = AfterpayCheckoutResult
}
