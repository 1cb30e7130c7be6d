/// How a child action sits inside a parent action: one case of the parent enum.
///
/// Used by ``Reducer/scope(state:action:)`` to route parent actions to a child reducer and to lift
/// the child's effects back.
///
/// ```swift
/// enum AppAction { case counter(Counter.Action), other }
/// let counterCase = ActionCase<AppAction, Counter.Action>(
///     embed: AppAction.counter,
///     extract: { if case .counter(let action) = $0 { action } else { nil } }
/// )
/// ```
public struct ActionCase<Parent, Child>: Sendable {
    /// Wraps a child action into the parent case.
    public let embed: @Sendable (Child) -> Parent
    /// Returns the child action if the parent action is this case, otherwise `nil`.
    public let extract: @Sendable (Parent) -> Child?

    /// Creates an action case from its two directions.
    @inlinable
    public init(
        embed: @escaping @Sendable (Child) -> Parent,
        extract: @escaping @Sendable (Parent) -> Child?
    ) {
        self.embed = embed
        self.extract = extract
    }
}

extension ActionCase where Parent == Child {
    /// The identity case: every action is itself.
    public static var identity: ActionCase {
        ActionCase(embed: { $0 }, extract: { $0 })
    }
}
