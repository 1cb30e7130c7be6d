/// What a host registered at run time about free-form data that the types alone cannot classify:
/// a ``JSONDataPolicy`` for each name it registered (the checkout registers one per custom bridge
/// event, `customEvent.<name>`).
///
/// A ``DataVisitor`` carries them (``DataVisitor/registrations``), and a conformance that meets
/// free-form data looks its policy up there. A visitor of a log's actions takes them from the
/// log's header state (``DataClassified/dataRegistrations``): the registrations are part of the
/// state the log was recorded with.
///
/// ```swift
/// var visitor = MyVisitor(registrations: header.state.dataRegistrations)
/// for record in records { var action = record.action; action.visitData(&visitor) }
/// ```
public struct DataRegistrations: Sendable, Hashable {
    /// The policies, by the name the conformance that reads them looks them up with.
    public var jsonPolicies: [String: JSONDataPolicy]

    /// Creates registrations.
    public init(jsonPolicies: [String: JSONDataPolicy] = [:]) {
        self.jsonPolicies = jsonPolicies
    }

    /// No registrations: a conformance that finds no policy for a name applies its own safe
    /// default (for the checkout's custom events: every leaf personal).
    public static var none: DataRegistrations { DataRegistrations() }

    /// The policy registered under `name`, if any.
    public func jsonPolicy(named name: String) -> JSONDataPolicy? {
        jsonPolicies[name]
    }
}
