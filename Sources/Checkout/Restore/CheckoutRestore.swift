public import ActionLog
public import Foundation
public import StateStore

/// A checkout read back on relaunch, after the app was killed mid-checkout (a bank app or a 3-D
/// Secure redirect took the shopper away, the system reclaimed the app): the state to start a new
/// store from, what was under way, and where it came from.
///
/// ```swift
/// // application(_:didFinishLaunchingWithOptions:), or the scene's first appearance
/// if let restored = try? CheckoutRestore.fromLog(at: lastLogURL, environment: environment),
///     restored.needsResuming
/// {
///     let recorder = try ActionRecorder(
///         path: newLogURL.path, initialState: restored.state, mode: .durable,
///         configuration: ActionLogConfiguration(appVersion: appVersion, schemaVersion: CheckoutLogSchema.version))
///     store = restored.makeStore(
///         environment: environment, middleware: [analytics.middleware], observers: [recorder.observer])
///     // a redirect's return URL, if the app was opened with one, then completes the payment:
///     // store.dispatch(.payment(.actionCompleted(details)))
/// }
/// ```
///
/// The log is the primary source: ``fromLog(atPath:environment:maximumLineBytes:)`` reads the
/// newest part of the log (a rotated log continues in `log.1.jsonl`, …) and reduces it to its last
/// complete record with effects off (a torn last line, the one being written when the app died,
/// is skipped and reported). A state the host saved itself is the other
/// (``init(savedState:)``, ``fromSavedState(_:)``). Either way, secrets (session data, tokens,
/// an action's payload) are redacted in what was kept, so what depended on them cannot be shown
/// again; ``CheckoutInFlight`` says what goes on and what ends.
///
/// The store made from ``state`` records to a new log: its header holds the restored state, and
/// its first action, ``relaunchAction``, names the log it came from, so a support engineer
/// follows the journey from one log to the next.
public struct CheckoutRestore: Sendable {
    /// The last state the checkout reached, to start the new store from.
    public var state: CheckoutState
    /// What was under way then.
    public var inFlight: CheckoutInFlight
    /// Where the state came from.
    public var source: CheckoutRestoreSource
    /// A torn last line of the log that was skipped (the app died while writing it): its file,
    /// line and problem. Every complete line before it was read.
    public var tornLine: (path: String, line: Int, problem: ActionLogError.LineProblem)?
    /// The first action after which the rebuilt state's fingerprint differs from the one the log
    /// recorded (the reducer changed since), if any; ``state`` is today's reducer's reading.
    public var firstDivergentSequence: Int?

    /// A checkout restored from a state the host saved.
    public init(savedState state: CheckoutState) {
        self.state = state
        inFlight = CheckoutInFlight(state)
        source = .savedState
        tornLine = nil
        firstDivergentSequence = nil
    }

    /// Whether anything was under way: then start a store from ``state`` and send
    /// ``relaunchAction`` (``makeStore(environment:middleware:observers:)`` does both). Otherwise start the
    /// checkout afresh: the backend holds what the customer entered, and any order.
    public var needsResuming: Bool { !inFlight.isEmpty }

    /// The action to send first to the store made from ``state``.
    public var relaunchAction: CheckoutAction { .common(.relaunched(source)) }

    /// A store that goes on from ``state``: the checkout's reducer on `environment`, with
    /// `middleware` and `observers` (a new recorder's `observer`, so that the new log begins with
    /// ``relaunchAction``), after ``relaunchAction`` was sent to it.
    public func makeStore(
        environment: CheckoutEnvironment, middleware: [Middleware<CheckoutState>] = [],
        observers: [ActionObserver<CheckoutState>] = []
    ) -> Store<CheckoutState> {
        let store = Store(
            reducer: CheckoutReducer.make(environment: environment), state: state, middleware: middleware,
            observers: observers)
        store.dispatch(relaunchAction)
        return store
    }

    // MARK: From a log

    /// Reads the checkout recorded at `path` back to its last complete record.
    ///
    /// - Parameters:
    ///   - path: The log's first part: the path its recorder was given.
    ///   - environment: The environment the checkout runs on; reading builds the reducer from it,
    ///     and runs no effect.
    ///   - maximumLineBytes: The longest line taken (see `ActionLogReader`).
    /// - Returns: `nil` when there is no log (or the app died before its header was written):
    ///   nothing to restore.
    /// - Throws: ``CheckoutRestoreError/otherSchema(path:found:supported:)`` for a log of another
    ///   action schema, ``CheckoutRestoreError/unreadableLog(_:)`` for a log that cannot be read.
    public static func fromLog(
        atPath path: String, environment: CheckoutEnvironment,
        maximumLineBytes: Int = ActionLogFormat.defaultMaximumLineBytes
    ) throws(CheckoutRestoreError) -> CheckoutRestore? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let tail: ActionLogTail<CheckoutState>
        do {
            // Without the upgrade: a log of another schema is refused, never partly resumed.
            tail = try ActionLogTail(
                path: path, reducer: CheckoutReducer.make(environment: environment),
                schemaVersion: CheckoutLogSchema.version, maximumLineBytes: maximumLineBytes)
        } catch {
            switch error {
            case .empty:
                return nil
            case .newerSchema(let path, let found, let supported),
                .olderSchemaWithoutUpgrade(let path, let found, let supported):
                throw .otherSchema(path: path, found: found, supported: supported)
            default:
                throw .unreadableLog(error)
            }
        }
        var restored = CheckoutRestore(savedState: tail.finalState)
        restored.source = .log(logID: tail.header.logID, part: tail.header.part, lastSequence: tail.lastSequence)
        restored.tornLine = tail.tornLine.map { (tail.path, $0.line, $0.problem) }
        restored.firstDivergentSequence = tail.firstDivergentSequence
        return restored
    }

    /// Reads the checkout recorded at `url` (a file URL) back to its last complete record (see
    /// ``fromLog(atPath:environment:maximumLineBytes:)``).
    public static func fromLog(
        at url: URL, environment: CheckoutEnvironment,
        maximumLineBytes: Int = ActionLogFormat.defaultMaximumLineBytes
    ) throws(CheckoutRestoreError) -> CheckoutRestore? {
        try fromLog(atPath: url.path, environment: environment, maximumLineBytes: maximumLineBytes)
    }

    // MARK: From a saved state

    /// The state to save, as JSON: secrets encode redacted, as in a log. Save it where the log
    /// would go (Application Support), at the moments a log's barrier would come (before paying,
    /// when the app goes to the background).
    public static func savedState(of state: CheckoutState) throws(CheckoutRestoreError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(state)
        } catch {
            throw .unencodableState(reason: "\(error)")
        }
    }

    /// A checkout restored from a state saved with ``savedState(of:)``.
    ///
    /// - Throws: ``CheckoutRestoreError/unreadableSavedState(reason:)`` naming what did not decode,
    ///   and where.
    public static func fromSavedState(_ data: Data) throws(CheckoutRestoreError) -> CheckoutRestore {
        do {
            return CheckoutRestore(savedState: try JSONDecoder().decode(CheckoutState.self, from: data))
        } catch {
            throw .unreadableSavedState(reason: describe(error))
        }
    }

    /// A decoding error in a few words, with where it happened.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        let context: DecodingError.Context
        switch error {
        case .keyNotFound(let key, let keyContext):
            let path = (keyContext.codingPath + [key]).map(\.stringValue).joined(separator: ".")
            return "missing \"\(path)\""
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found):
            context = found
        @unknown default:
            return "\(error)"
        }
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return context.debugDescription + (path.isEmpty ? "" : " at \(path)")
    }
}
