public import StateStore

/// Recomputes the native sections' statuses after every action (it runs last), so the state
/// always says which sections are visible, complete, editable and current; and records the
/// furthest section reached.
public enum SectionProgressionReducer {
    /// The reducer.
    public static func make() -> CheckoutReducerType {
        .pure { state, _ in reduce(into: &state) }
    }

    /// The reducer's work after any action: ``CheckoutReducer`` calls it directly.
    static func reduce(into state: inout CheckoutState) {
        guard state.kind == .native else { return }
        if let current = SectionProgression.refresh(&state),
            state.journey.furthestSection.map({ current > $0 }) ?? true
        {
            state.journey.furthestSection = current
        }
    }
}
