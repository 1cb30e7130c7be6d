/// A state that a ``Store`` can hold.
///
/// The state names its action type, so that a store's actions are typed, comparable, and can be
/// written to an action log and read back without a registry of action types.
///
/// ```swift
/// struct Counter: StoreState {
///     enum Action: Codable, Sendable, Equatable { case increment, decrement }
///     var count = 0
/// }
/// ```
public protocol StoreState: Sendable {
    /// Everything that can happen to this state: one enum tree, `Codable` for logs, `Equatable`
    /// for tests, `Sendable` because actions cross threads and tasks.
    associatedtype Action: Codable & Sendable & Equatable
}
