import ActionLog
import Checkout
import CheckoutSandbox
import StateStore

/// One step of a recorded checkout as a support engineer follows it: the action in plain words,
/// where the journey is after it, what changed, and the analytics events it produced. `replay`
/// prints these; `inspect` puts them in its page.
struct JourneyStep {
    /// The step (1-based).
    var number: Int
    /// The action's sequence number in the log.
    var sequence: Int
    /// When it was recorded (milliseconds since 1970).
    var timeMilliseconds: Int64
    /// The action, in canonical form.
    var action: CanonicalValue
    /// The action in plain words (``ActionText/words(_:limit:)``).
    var words: String
    /// The journey after the step.
    var journey: JourneyPoint
    /// Whether the journey differs from the step before's.
    var journeyChanged: Bool
    /// Every change to the canonical state, bookkeeping included.
    var changes: [StateChange]
    /// The native sections whose status changed.
    var sections: [SectionChange]
    /// The analytics events the step produced.
    var events: [CheckoutAnalyticsEvent]
    /// The state after the step, in canonical form.
    var state: CanonicalValue
}

/// A native section's status before and after a step, in words (`hidden`, `current, editable`,
/// `complete, locked`); `nil` where the section did not exist.
struct SectionChange: Equatable {
    var section: String
    var before: [String]?
    var after: [String]?

    /// The words of a status: `hidden`, or what it is (`complete`, `current`) and whether the
    /// shopper can edit it (`editable` or `locked`).
    static func words(_ status: SectionStatus) -> [String] {
        guard status.isVisible else { return ["hidden"] }
        var words: [String] = []
        if status.isComplete { words.append("complete") }
        if status.isCurrent { words.append("current") }
        words.append(status.isEditable ? "editable" : "locked")
        return words
    }

    /// Each section of `after` (and those gone from `before`) whose words changed; with
    /// `unchanged`, every section.
    static func between(_ before: [SectionStatus], _ after: [SectionStatus], unchanged: Bool = false) -> [SectionChange]
    {
        var changes: [SectionChange] = []
        for status in after {
            let old = before.first { $0.section == status.section }.map(words)
            let new = words(status)
            if unchanged || old != new {
                changes.append(SectionChange(section: status.section.rawValue, before: old, after: new))
            }
        }
        for status in before where !after.contains(where: { $0.section == status.section }) {
            changes.append(SectionChange(section: status.section.rawValue, before: words(status), after: nil))
        }
        return changes
    }
}

/// What the replay hides unless asked (`--all`), and what belongs to one kind of checkout.
enum StateFields {
    /// Bookkeeping: request ids, in-flight counters and the queue of updates waiting for the
    /// backend. They explain the engine, not the journey.
    static func isBookkeeping(_ path: [StateChange.PathComponent]) -> Bool {
        guard case .key(let first)? = path.first else { return false }
        switch first {
        case "nextRequestID", "nextErrorID", "loadInFlight":
            return true
        case "native":
            guard path.count > 1, case .key(let second) = path[1] else { return false }
            return ["updateInFlight", "recoveryInFlight", "refreshInFlight", "pendingUpdates"].contains(second)
        case "web":
            guard path.count > 1, case .key(let second) = path[1] else { return false }
            return second == "customEventCount"
        default:
            return false
        }
    }

    /// Whether a change is to the native sections (shown as ``SectionChange``s instead).
    static func isSections(_ path: [StateChange.PathComponent]) -> Bool {
        path.count >= 2 && path[0] == .key("native") && path[1] == .key("sections")
    }

    /// The top-level fields of the other kind of checkout, which a log of `kind` never uses: the
    /// web checkout's for a native log; the native checkout's and its in-app payment's for a web
    /// log (a web checkout pays inside its page).
    static func otherKindFields(of kind: CheckoutKind) -> Set<String> {
        switch kind {
        case .native: return ["web"]
        case .web: return ["native", "payment", "paymentProviders", "shippingMethods", "selectedShippingMethodID"]
        }
    }
}

/// Walks a replayed checkout log step by step, producing ``JourneyStep``s with the same reducer
/// the replay ran (effects off: their results are in the log).
struct JourneyWalk {
    /// The reducer a replay runs: the checkout's own, with an environment no effect will use.
    static var reducer: Reducer<CheckoutState, CheckoutAction> {
        CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))
    }

    let replay: Replayer<CheckoutState>
    private let reducer = JourneyWalk.reducer
    /// The state after the last step walked (the initial state before the first).
    private(set) var state: CheckoutState
    /// ``state`` in canonical form.
    private(set) var canonical: CanonicalValue
    /// The journey after the last step walked.
    private(set) var journey: JourneyPoint
    /// How many steps have been walked.
    private(set) var walked = 0
    /// How personal data is shown: the steps' actions, changes and states pass through it (masked
    /// with `--mask-personal`); the reducer runs on the log as recorded.
    private(set) var personalData: PersonalDataView

    init(_ replay: Replayer<CheckoutState>, personalData: PersonalDataView) throws {
        self.replay = replay
        self.personalData = personalData
        state = replay.initialState
        let shown = self.personalData.shown(state)
        canonical = try CanonicalEncoder.encode(shown)
        journey = JourneyPoint(shown)
    }

    /// The next step, or `nil` after the last.
    mutating func next() throws -> JourneyStep? {
        guard walked < replay.count else { return nil }
        let recorded = replay.steps[walked]
        let before = state
        _ = reducer.reduce(&state, recorded.action)
        let shown = personalData.shown(state)
        let after = try CanonicalEncoder.encode(shown)
        let action = try CanonicalEncoder.encode(personalData.shown(recorded.action))
        let point = JourneyPoint(shown)
        walked += 1
        let step = JourneyStep(
            number: walked, sequence: recorded.sequence, timeMilliseconds: recorded.timeMilliseconds, action: action,
            words: ActionText.words(action), journey: point, journeyChanged: point != journey,
            changes: StateChange.between(canonical, after),
            sections: SectionChange.between(before.native.sections, state.native.sections),
            events: CheckoutAnalyticsMiddleware.events(for: recorded.action, before: before, after: state),
            state: after)
        canonical = after
        journey = point
        return step
    }
}
