/// Actions of any checkout.
public enum CommonAction: Sendable, Hashable, Codable {
    /// The checkout screen appeared: load the checkout.
    case started
    /// The web page's load progress changed (`0...1`).
    case loadProgressChanged(Double)
    /// The user tapped the dismiss button.
    case dismissTapped
    /// The user confirmed leaving the checkout.
    case dismissConfirmed
    /// The user chose to stay in the checkout.
    case dismissCancelled
    /// The user dismissed an error.
    case errorDismissed(id: Int)
    /// The user tapped retry on an error.
    case retryTapped(errorID: Int)
    /// The user changed: a guest logged in, or the address book changed (an address was added in
    /// the address screen).
    case userChanged(CheckoutUser)
    /// Dynamic content for a slot was loaded (or cleared with `nil`).
    case dynamicContentLoaded(slotID: String, content: String?)
    /// The app was killed during the checkout and relaunched: this store starts from the state
    /// read back (``CheckoutRestore``), and restarts exactly what was under way (see
    /// ``CheckoutInFlight`` and ``RelaunchReducer``). Send it once, first, to the store made from
    /// the restored state; `source` says where that state came from, so the new log points back
    /// to the old one.
    case relaunched(CheckoutRestoreSource)
}
