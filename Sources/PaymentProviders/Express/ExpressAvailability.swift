public import Checkout

/// Whether an express checkout button can show on the cart screen.
public enum ExpressAvailability: Sendable, Hashable {
    /// It can: the wallet sheet starts with this total.
    case available(total: Money)
    /// It cannot, for this reason (no cart yet, a currency the provider does not take…).
    case unavailable(PaymentGuardViolation)
}
