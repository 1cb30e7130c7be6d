/// Everything that can happen to a checkout: one `Codable`, comparable enum tree, so a log of
/// actions decodes without a registry and replays to the same state.
///
/// - ``common(_:)``: any checkout (start, dismiss, load progress, errors).
/// - ``bridge(_:)``: messages from a bridge-type web checkout page.
/// - ``parse(_:)``: navigations of a parse-type web checkout.
/// - ``native(_:)``: the user's edits in the native sections.
/// - ``payment(_:)``: every transition of the payment state machine, including provider results.
/// - ``order(_:)``: the order placement's key and retry timer.
/// - ``result(_:)``: what the Checkout API answered (effects send these; a replay reads them from
///   the log).
/// - ``wallet(_:)``: the wallet sheet's callbacks (Apple Pay) and the results of the work done
///   for them.
///
/// `indirect`: each action's payload is in a box of its own, so copying an action (a replay
/// reading its records, a benchmark's list of actions, the store's queue) is one retain, and
/// destroying it one release, whatever the family; inline, a copy went through the runtime's
/// value witness for the largest payload of every family. A change of layout only: the
/// encoding, and so the log and every fingerprint, is the same.
public indirect enum CheckoutAction: Sendable, Hashable, Codable {
    /// An action of any checkout.
    case common(CommonAction)
    /// A bridge-type web checkout action.
    case bridge(BridgeAction)
    /// A parse-type web checkout action.
    case parse(ParseAction)
    /// A native checkout action.
    case native(NativeAction)
    /// A payment action.
    case payment(PaymentAction)
    /// A Checkout API result.
    case result(CheckoutResultAction)
    /// An order placement action.
    case order(OrderAction)
    /// A wallet sheet action.
    case wallet(WalletSheetAction)
}
