public import StateStore

/// The checkout's reducer type: a `Reducer` of ``CheckoutState`` and ``CheckoutAction``.
public typealias CheckoutReducerType = Reducer<CheckoutState, CheckoutAction>

/// Builds the checkout reducer from small reducers, one per concern, run in this order:
///
/// 1. ``CommonReducer``: start, dismissal, errors and retries, dynamic content.
/// 2. ``WebCheckoutReducer``: the web session, load progress, completion recording.
/// 3. ``BridgeReducer``: bridge messages.
/// 4. ``ParseReducer``: parse-type navigations.
/// 5. ``NativeSectionsReducer``: the user's edits in the native sections.
/// 6. ``CheckoutSyncReducer``: the Checkout API's answers, and the 409/410 rules.
/// 7. ``PaymentReducer``: the payment state machine and its guards.
/// 8. ``PaymentWidgetReducer``: the provider's status widget.
/// 9. ``OrderPlacementReducer``: placing the order after the payment.
/// 10. ``WalletSheetReducer``: the wallet sheet's callbacks, and the authorisation it applies
///    with the actions above (after them, so it sees what each action changed).
/// 11. ``RelaunchReducer``: after the app was killed and relaunched, restarts what was under way.
/// 12. ``SectionProgressionReducer``: recomputes which sections show, last, so it sees every
///    change the others made.
///
/// ```swift
/// let store = Store(reducer: CheckoutReducer.make(environment: environment), state: state)
/// ```
///
/// Each reducer is pure and total: it never traps, and an action that does not apply to the
/// current state changes nothing. Dependencies are captured only inside effects.
public enum CheckoutReducer {
    /// The whole checkout reducer.
    public static func make(environment: CheckoutEnvironment) -> CheckoutReducerType {
        .combine(
            CommonReducer.make(environment: environment),
            WebCheckoutReducer.make(environment: environment),
            BridgeReducer.make(environment: environment),
            ParseReducer.make(environment: environment),
            NativeSectionsReducer.make(environment: environment),
            CheckoutSyncReducer.make(environment: environment),
            PaymentReducer.make(environment: environment),
            PaymentWidgetReducer.make(environment: environment),
            OrderPlacementReducer.make(environment: environment),
            WalletSheetReducer.make(environment: environment),
            RelaunchReducer.make(environment: environment),
            SectionProgressionReducer.make()
        )
    }
}
