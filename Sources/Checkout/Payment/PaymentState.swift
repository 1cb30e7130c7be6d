/// The payment part of ``CheckoutState``.
public struct PaymentState: Sendable, Hashable, Codable {
    /// Where the payment is.
    public var phase: PaymentPhase
    /// The selected provider's identifier.
    public var providerID: String?
    /// The method picked in a payment-methods section, if that presentation is used.
    public var selectedMethodID: String?
    /// The amount being paid: the total the user was shown when they tapped pay.
    public var amount: Money?
    /// Already paid of ``amount`` (partial payments).
    public var paidAmount: Money?
    /// The backend's payment reference.
    public var intent: PaymentIntent?
    /// The prepared session.
    public var session: PaymentSession?
    /// The final or awaited receipt.
    public var receipt: PaymentReceipt?
    /// Whether ``receipt`` was confirmed by the authoritative lookup (not only the result code).
    public var isConfirmed: Bool
    /// Increases with every payment attempt (after `Int.max`, 1 again); results of older
    /// attempts are ignored.
    public var attempt: Int
    /// How many times the payment restarted because the total changed (it stops at `Int.max`).
    public var restarts: Int
    /// The provider's status widget, once it reported (see ``PaymentWidgetState``).
    public var widget: PaymentWidgetState?
    /// What the shopper was shown to pay later (a voucher, a QR code, bank details: a
    /// ``PaymentActionRequest`` that finishes without details), kept while the payment awaits
    /// confirmation so the host can show it again on the "we'll email you" view.
    public var shopperAction: PaymentActionRequest?
    /// The polling of a payment awaiting confirmation, once it started.
    public var confirmation: PaymentConfirmationState?
    /// The result code the provider's drop-in reported when it made the payment itself
    /// (``PaymentAction/dropInCompleted(_:)``), as it said it: what the shopper saw while the
    /// provider's lookup decides. Such a payment is over when it is refused: the sections unlock
    /// and paying again starts a new one.
    public var dropInResultCode: String?

    /// A payment that has not started.
    public init(providerID: String? = nil) {
        phase = .idle
        self.providerID = providerID
        selectedMethodID = nil
        amount = nil
        paidAmount = nil
        intent = nil
        session = nil
        receipt = nil
        isConfirmed = false
        attempt = 0
        restarts = 0
    }

    /// What is still due: ``amount`` minus ``paidAmount`` (NaN if the difference is too large for
    /// `Decimal`; every payment guard refuses NaN).
    public var amountDue: Money? {
        guard let amount else { return nil }
        guard let paidAmount else { return amount }
        return Money(amount: amount.amount - paidAmount.amount, currencyCode: amount.currencyCode)
    }
}
