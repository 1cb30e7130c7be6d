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
        CheckoutReducerType { state, action in reduce(into: &state, action, environment: environment) }
    }

    /// The small reducers, called directly in the order above: a static composition, not
    /// `Reducer.combine`'s loop over closures (each a call through a context, and a copy of the
    /// action's payload per reducer that binds it). An action goes only to the reducers that
    /// read its family (each reducer's first `guard` says which); the payment widget, the wallet
    /// sheet (which follows every action while an update or an authorisation is under way) and
    /// section progression see every action.
    static func reduce(
        into state: inout CheckoutState, _ action: CheckoutAction, environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        var effects = EffectsInOrder()
        switch action {
        case .common:
            effects.add(CommonReducer.reduce(into: &state, action, environment: environment))
            effects.add(WebCheckoutReducer.reduce(into: &state, action, environment: environment))
        case .bridge:
            effects.add(BridgeReducer.reduce(into: &state, action, environment: environment))
        case .parse:
            effects.add(ParseReducer.reduce(into: &state, action, environment: environment))
        case .native:
            effects.add(NativeSectionsReducer.reduce(into: &state, action, environment: environment))
        case .result:
            effects.add(WebCheckoutReducer.reduce(into: &state, action, environment: environment))
            effects.add(CheckoutSyncReducer.reduce(into: &state, action, environment: environment))
        case .payment:
            effects.add(PaymentReducer.reduce(into: &state, action, environment: environment))
        case .order, .wallet:
            break
        }
        effects.add(PaymentWidgetReducer.reduce(into: &state, action, environment: environment))
        switch action {
        case .order, .result:
            effects.add(OrderPlacementReducer.reduce(into: &state, action, environment: environment))
        default:
            break
        }
        effects.add(WalletSheetReducer.reduce(into: &state, action, environment: environment))
        if case .common = action {
            effects.add(RelaunchReducer.reduce(into: &state, action, environment: environment))
        }
        SectionProgressionReducer.reduce(into: &state)
        return effects.merged
    }
}

/// The effects of the reducers one action ran, in their order: as `Reducer.combine` merges
/// them (none, the one there is, or all of them merged), with no array unless there are two.
struct EffectsInOrder {
    private var single = Effect<CheckoutAction>.none
    private var several: [Effect<CheckoutAction>] = []

    /// Inlined: called a dozen times an action, and mostly with no effect.
    @inline(__always)
    mutating func add(_ effect: Effect<CheckoutAction>) {
        if effect.isNone { return }
        if single.isNone && several.isEmpty {
            single = effect
        } else {
            if several.isEmpty { several.append(single) }
            several.append(effect)
        }
    }

    /// The effects merged.
    @inline(__always)
    var merged: Effect<CheckoutAction> { several.isEmpty ? single : .merge(several) }
}
