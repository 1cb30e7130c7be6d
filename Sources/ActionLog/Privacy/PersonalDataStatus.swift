/// Whether a log holds personal data in clear, as `replay`, `inspect` and `verify` say it.
///
/// - ``inClear``: the header has no `privacy` member and at least one personal leaf (of the
///   header's state or of an action) holds a value: the customer's data, as recorded.
/// - ``pseudonymised(_:)``: the header carries a `privacy` member (``ActionLogHeader/privacy``):
///   an export whose personal values are pseudonyms. Never reported as in clear, whatever it holds.
/// - ``none``: no `privacy` member, and no personal leaf holds anything (every one absent, empty
///   or white space).
///
/// ```swift
/// let status = PersonalDataStatus.of(header: replay.header, actions: replay.steps.lazy.map(\.action))
/// if status == .inClear { print("this log holds personal data in clear") }
/// ```
public enum PersonalDataStatus: Sendable, Hashable {
    /// The log holds at least one personal value as recorded.
    case inClear
    /// The log is a pseudonymised export.
    case pseudonymised(ActionLogPrivacy)
    /// The log holds no personal value.
    case none

    /// The status of a log: its header's `privacy` member, else a walk of its header's state and
    /// its actions (in order, stopping after the first action that holds a personal value).
    public static func of<State: DataClassified, Actions: Sequence>(
        header: ActionLogHeader<State>, actions: Actions
    ) -> PersonalDataStatus where Actions.Element: DataClassified {
        if let privacy = header.privacy { return .pseudonymised(privacy) }
        let registrations = header.state.dataRegistrations
        if holdsPersonalValue(header.state, registrations: registrations) { return .inClear }
        for action in actions where holdsPersonalValue(action, registrations: registrations) {
            return .inClear
        }
        return .none
    }

    /// Whether any personal leaf of `value` holds something other than white space.
    public static func holdsPersonalValue<Value: DataClassified>(
        _ value: Value, registrations: DataRegistrations
    ) -> Bool {
        var finder = PersonalValueFinder(registrations: registrations)
        var copy = value
        copy.visitData(&finder)
        return finder.found
    }

    /// `inClear`, `pseudonymised` or `none`: the JSON outputs' `personalData` member.
    public var name: String {
        switch self {
        case .inClear: return "inClear"
        case .pseudonymised: return "pseudonymised"
        case .none: return "none"
        }
    }
}

/// Notes whether a walk met a personal leaf that holds a value.
private struct PersonalValueFinder: DataVisitor {
    let registrations: DataRegistrations
    var found = false

    mutating func visit(_ value: inout String, field: String, as dataClass: DataClass) {
        guard !found, dataClass.isPersonal else { return }
        found = value.contains { !$0.isWhitespace }
    }
}
