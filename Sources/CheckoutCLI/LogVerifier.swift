import ActionLog
import Checkout
import StateStore

/// Verifies one log for `checkout verify`: the ``Replayer`` replays it through the current
/// reducer and checks its recorded fingerprints (the same check as `checkout replay --verify`);
/// this turns what it found into a ``LogVerdict``, with the identities a support engineer
/// searches by.
struct LogVerifier {
    let maximumLineBytes: Int
    /// One reducer per verifier: each worker thread has its own.
    let reducer = ReplayCommand.reducer

    func verify(_ path: String) -> LogVerdict {
        let replay: Replayer<CheckoutState>
        do {
            replay = try Replayer(
                path: path, reducer: reducer, schemaVersion: CheckoutLogSchema.version,
                upgrade: CheckoutLogSchema.upgrade, maximumLineBytes: maximumLineBytes)
        } catch {
            var verdict = LogVerdict(log: path, status: .unreadable)
            verdict.error = error.description
            // What the header says, when it can be read: whose log this is.
            if let header = try? ActionLogReader<CheckoutState>(
                path: path, schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade,
                maximumLineBytes: maximumLineBytes
            ).header {
                verdict.app = header.appVersion
                verdict.logId = header.logID
            }
            return verdict
        }
        var verdict = LogVerdict(log: path, status: .verified)
        verdict.app = replay.header.appVersion
        verdict.logId = replay.header.logID
        guard replay.header.part == 0 else {
            // A rotated log's later part replays on its own, but verifying it alone would call a
            // log verified without its beginning.
            verdict.status = .unreadable
            verdict.error =
                "\(path):1: part \(replay.header.part) of a rotated log, not its first part "
                + "(verify the first part: it continues into this one)"
            return verdict
        }
        verdict.steps = replay.count
        verdict.closed = replay.closedCleanly
        verdict.fingerprintsChecked = replay.fingerprintsChecked
        verdict.tornLine = replay.tornLine?.line
        if let divergence = replay.divergence {
            verdict.status = .diverged
            verdict.divergedAt = divergence.step
            verdict.sinceStep = divergence.lastMatchingStep
            verdict.action = (try? CanonicalEncoder.encode(divergence.action)).map { ActionText.describe($0) } ?? "?"
            verdict.recorded = divergence.recorded.description
            verdict.replayed = divergence.replayed.description
        } else {
            verdict.status = replay.closedCleanly ? .verified : .open
            // A closed log's footer holds the final state's fingerprint, which the replay matched.
            verdict.final = (replay.footer?.fingerprint ?? (try? Fingerprint.of(replay.finalState)))?.description
        }
        let identity = CheckoutIdentity(replay, reducer: reducer)
        verdict.cartId = identity.cartID
        verdict.checkoutReference = identity.checkoutReference
        verdict.orderId = identity.orderID
        let personalData = PersonalDataStatus.of(header: replay.header, actions: replay.steps.lazy.map(\.action))
        verdict.personalData = personalData.name
        if case .pseudonymised(let privacy) = personalData {
            verdict.privacy = LogVerdict.Privacy(scheme: privacy.schemeVersion, keyId: privacy.keyID)
        }
        return verdict
    }
}

/// Whose checkout a log is: the last cart id and session reference the checkout had (a 410
/// recovery replaces the cart; a completed web checkout clears it), and the order it completed.
struct CheckoutIdentity {
    var cartID: String?
    var checkoutReference: String?
    var orderID: String?

    /// Walks the replayed states once more, reducing the log's actions (effects off), to keep the
    /// last value each identity had.
    init(_ replay: Replayer<CheckoutState>, reducer: Reducer<CheckoutState, CheckoutAction>) {
        var state = replay.initialState
        cartID = state.cart?.id
        checkoutReference = Self.reference(in: state)
        for step in replay.steps {
            _ = reducer.reduce(&state, step.action)
            if let id = state.cart?.id { cartID = id }
            if let reference = Self.reference(in: state) { checkoutReference = reference }
        }
        orderID = state.completedOrder?.orderID
    }

    /// The web checkout session's reference, or the native checkout's payment reference (the
    /// merchant reference the provider was given).
    static func reference(in state: CheckoutState) -> String? {
        state.kind == .web ? state.web.session?.reference : state.payment.intent?.reference
    }
}
