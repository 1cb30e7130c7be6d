/// A value that says, beside its type, what each string it holds is: ``DataClass/plain``,
/// ``DataClass/secret`` or ``DataClass/personal(_:)``.
///
/// A conformance walks the value's fields and enum payloads with exhaustive `switch`es, so that a
/// new case fails to compile until it is classified, and hands every string leaf to a
/// ``DataVisitor`` with its class; the visitor may rewrite a leaf in place (a pseudonymiser does,
/// an inventory only counts). Nothing has a class by default: a plain field is said to be plain.
///
/// ```swift
/// extension Address: DataClassified {
///     public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
///         visitor.visit(&firstName, field: "firstName", as: .personal(.nameOrAddress))
///         visitor.visit(&postcode, field: "postcode", as: .personal(.postcode))
///         visitor.visit(&countryCode, field: "countryCode", as: .plain)
///     }
/// }
/// ```
///
/// Fields are named by their Swift property or case name (not their coding key), as `Mirror`
/// names them: a struct's property is a field; an enum case whose payload is one unlabelled value
/// is a field named after the case; any other case with a payload is entered
/// (`enter(_:)`) under its name, and its payloads are fields named by their labels
/// (`0`, `1`, … for unlabelled ones). A type whose fields are only numbers and Booleans holds no
/// string and needs no conformance.
///
/// The walk is generic over the visitor, so it is specialisable and boxes nothing: a log of a
/// million actions is walked action by action, each in place.
public protocol DataClassified {
    /// Hands every string leaf of the value (fields, enum payloads, dictionary keys, JSON
    /// values) to `visitor` with its class, in declaration order; the visitor may rewrite a leaf.
    mutating func visitData<V: DataVisitor>(_ visitor: inout V)

    /// What a host registered at run time about free-form data the value's types cannot
    /// classify by themselves (a custom event's data, by the event's name): a store's state
    /// returns its own, so that a visitor of a log's actions is set up from the log's header
    /// state. ``DataRegistrations/none`` unless a type says otherwise.
    var dataRegistrations: DataRegistrations { get }

    /// Whether a value of this type can hold a personal leaf (at any depth). True unless a type
    /// whose every leaf is plain or secret says otherwise; a visitor of personal leaves only
    /// (``DataVisitor/visitsPersonalLeavesOnly``) then skips it. A type that says false must
    /// keep its walk free of personal classes (the inventory test checks it).
    static var holdsPersonalData: Bool { get }
}

extension DataClassified {
    /// No registrations.
    public var dataRegistrations: DataRegistrations { .none }

    /// It may.
    @inlinable public static var holdsPersonalData: Bool { true }
}
