import ActionLog
import Checkout
import LogPrivacy

/// How `replay` and `inspect` show a log's personal data: whether the log holds it in clear
/// (``PersonalDataStatus``), and with `--mask-personal` a ``PersonalDataMasker`` that every
/// state and action passes through before it is shown.
///
/// The replay itself always runs on the log as recorded (the reducer's decisions read personal
/// values); only what is shown is masked.
struct PersonalDataView {
    /// Whether the log holds personal data in clear, is pseudonymised, or holds none.
    let status: PersonalDataStatus
    /// Set with `--mask-personal`: every value it has learned is shown as its marker.
    private(set) var masker: PersonalDataMasker?

    /// The view of a replayed log; with `mask`, the masker has learned every personal value of
    /// the header's state and of the actions in order, so markers are numbered in log order and
    /// free text finds values that come later in the log.
    init(_ replay: Replayer<CheckoutState>, mask: Bool) {
        status = PersonalDataStatus.of(header: replay.header, actions: replay.steps.lazy.map(\.action))
        guard mask else {
            masker = nil
            return
        }
        var masker = PersonalDataMasker(registrations: replay.initialState.dataRegistrations)
        masker.learnValues(of: replay.initialState)
        for step in replay.steps { masker.learnValues(of: step.action) }
        self.masker = masker
    }

    /// Whether the output is masked.
    var isMasked: Bool { masker != nil }

    /// A state as it is shown.
    mutating func shown(_ state: CheckoutState) -> CheckoutState {
        guard masker != nil else { return state }
        var shown = state
        masker?.mask(&shown)
        return shown
    }

    /// An action as it is shown.
    mutating func shown(_ action: CheckoutAction) -> CheckoutAction {
        guard masker != nil else { return action }
        var shown = action
        masker?.mask(&shown)
        return shown
    }

    /// The line standard error shows about the log at `path` (`nil` for a log without personal
    /// data): that it holds personal data in clear, or that it is pseudonymised.
    func notice(path: String) -> String? {
        switch status {
        case .inClear where isMasked:
            return "checkout: \(path) holds personal data in clear; this output shows it masked (‹kind#N› markers)"
        case .inClear:
            return "checkout: \(path) holds personal data in clear: "
                + "--mask-personal shows markers instead, for screen sharing"
        case .pseudonymised(let privacy):
            return "checkout: \(path) is pseudonymised (\(privacy.summary)): its personal values are "
                + "pseudonyms, not the customer's"
        case .none:
            return nil
        }
    }

    /// The JSON members the outputs carry: `"personalData":"inClear"`, with `"masked":true` when
    /// masked; for a pseudonymised log, `"privacy":{"scheme":1,"keyId":"…"}` too.
    var jsonMembers: [(key: String, value: CanonicalValue)] {
        var members = Self.jsonMembers(status)
        if isMasked { members.append(("masked", .bool(true))) }
        return members
    }

    /// `personalData` and, for a pseudonymised log, `privacy` (its scheme and key id when known).
    static func jsonMembers(_ status: PersonalDataStatus) -> [(key: String, value: CanonicalValue)] {
        var members: [(key: String, value: CanonicalValue)] = [("personalData", .string(status.name))]
        if case .pseudonymised(let privacy) = status {
            var fields: [(key: String, value: CanonicalValue)] = []
            if let scheme = privacy.schemeVersion { fields.append(("scheme", .number(String(scheme)))) }
            if let keyID = privacy.keyID { fields.append(("keyId", .string(keyID))) }
            members.append(("privacy", .object(fields)))
        }
        return members
    }

    /// ``jsonMembers`` as text to append inside an object: `,"personalData":"inClear"`.
    var jsonText: String {
        jsonMembers.map { ",\(jsonString($0.key)):\($0.value.compactJSON)" }.joined()
    }
}
