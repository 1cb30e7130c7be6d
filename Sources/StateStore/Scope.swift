/// A writable key path that can cross concurrency domains (every key path literal without
/// captured non-sendable values is one).
public typealias SendableWritableKeyPath<Root, Value> = any WritableKeyPath<Root, Value> & Sendable

extension Reducer {
    /// Lifts this reducer of a child state and child action into a reducer of a parent state and
    /// parent action.
    ///
    /// The resulting reducer ignores parent actions that are not `action`'s case, runs this reducer
    /// on the child state in place (no copy of the parent), and maps the child's effects back into
    /// parent actions.
    ///
    /// ```swift
    /// let app = Reducer<AppState, AppAction>.combine(
    ///     counter.scope(state: \.counter, action: counterCase),
    ///     settings.scope(state: \.settings, action: settingsCase)
    /// )
    /// ```
    @inlinable
    public func scope<ParentState, ParentAction: Sendable>(
        state: SendableWritableKeyPath<ParentState, State>,
        action: ActionCase<ParentAction, Action>
    ) -> Reducer<ParentState, ParentAction> {
        let reduceChild = reduce
        return Reducer<ParentState, ParentAction> { parentState, parentAction in
            guard let childAction = action.extract(parentAction) else { return .none }
            let effect = reduceChild(&parentState[keyPath: state], childAction)
            return effect.isNone ? .none : effect.map(action.embed)
        }
    }

    /// Lifts this reducer of a child state into a reducer of a parent state that holds it at
    /// `state`, for the same action type.
    @inlinable
    public func scope<ParentState>(
        state: SendableWritableKeyPath<ParentState, State>
    ) -> Reducer<ParentState, Action> {
        let reduceChild = reduce
        return Reducer<ParentState, Action> { parentState, action in
            reduceChild(&parentState[keyPath: state], action)
        }
    }

    /// Lifts this reducer of an optional child state: it runs only while the child state is
    /// present, and leaves the parent untouched (returning no effect) while it is `nil`.
    @inlinable
    public func ifLet<ParentState, ParentAction: Sendable>(
        state: SendableWritableKeyPath<ParentState, State?>,
        action: ActionCase<ParentAction, Action>
    ) -> Reducer<ParentState, ParentAction> {
        let reduceChild = reduce
        return Reducer<ParentState, ParentAction> { parentState, parentAction in
            guard let childAction = action.extract(parentAction), parentState[keyPath: state] != nil else {
                return .none
            }
            var effect = Effect<Action>.none
            // Reduce in place through the optional; the check above guarantees the value.
            if var child = parentState[keyPath: state] {
                // Clear the parent's copy first so the child is uniquely referenced and mutates in place.
                parentState[keyPath: state] = nil
                effect = reduceChild(&child, childAction)
                parentState[keyPath: state] = child
            }
            return effect.isNone ? .none : effect.map(action.embed)
        }
    }
}
