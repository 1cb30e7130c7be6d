public import ActionLog
public import StateStore

/// The version of the checkout's action schema that logs carry in their header, and how logs of
/// older versions are read.
///
/// A recorder of checkout actions writes ``version``; a reader passes ``version`` and
/// ``upgrade``:
///
/// ```swift
/// let recorder = try ActionRecorder(
///     path: path, initialState: state, mode: .durable,
///     configuration: ActionLogConfiguration(appVersion: "4.2", schemaVersion: CheckoutLogSchema.version))
/// let replay = try Replayer(
///     path: path, reducer: reducer, schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
/// ```
///
/// ## Versions
/// - **1**: before order placement. A native payment's success completed the checkout with the
///   payment reference as the order id (`CompletedOrder.IDSource.payment`).
/// - **2**: a native payment's success places the order through the Checkout API
///   (``OrderPlacementState``); the pending family places it as pending and polls; new actions
///   (``OrderAction``, ``PaymentAction/confirmationPollDue(poll:)``, the order results).
/// - **3**: a provider's drop-in that pays by itself reports its result
///   (``PaymentAction/dropInCompleted(_:)``, ``PaymentAction/dropInFailed(message:)``), and a
///   prepared session may carry the provider's whole payment-methods answer
///   (``PaymentSession/paymentMethodsResponse``). Every action of version 2 means the same in
///   version 3, so a version 2 log is read unchanged; a build of schema 2 refuses a version 3 log
///   at its header, naming the version, instead of stopping at the first new action or reading a
///   session without its answer.
///
/// ## Reading a version 1 log (the migration)
/// Every action of a version 1 log means in version 2 what it meant when it was recorded, except
/// the provider's answers and the confirmation steps: `outcomeReceived`, `providerFailed`,
/// `actionFinishedWithoutDetails` and `confirmationRequested`. Replayed by today's reducer, those
/// would show an order placement that never happened (or, after a header recorded mid-payment,
/// skip a result that did). So ``upgrade`` passes every other action through unchanged, and
/// refuses the first of those, naming the schema and the action: the replay shows the journey up
/// to the provider's first answer, and stops there with
/// `LOG:LINE: … the upgrade step failed: action schema 1 …`. A log is never misread: either an
/// action replays as it was recorded, or the replay says why it stops. (The states of version 1
/// decode unchanged: everything version 2 added to the state is optional and absent from them.)
public enum CheckoutLogSchema {
    /// The action schema this build writes and reads.
    public static let version = 3

    /// The actions of version 1 whose meaning changed in version 2 (see the type's discussion).
    public static let changedInVersion2: Set<String> = [
        "outcomeReceived", "providerFailed", "actionFinishedWithoutDetails", "confirmationRequested",
    ]

    /// Why an action of an older log cannot be read: names the schema it was recorded with.
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// The schema the log was recorded with.
        public var schemaVersion: Int
        /// The action's name (`"payment.outcomeReceived"`).
        public var action: String

        /// Creates a refusal.
        public init(schemaVersion: Int, action: String) {
            self.schemaVersion = schemaVersion
            self.action = action
        }

        /// What was refused, and why.
        public var description: String {
            "action schema \(schemaVersion): \(action) was recorded before native checkouts placed orders "
                + "(schema 2); its meaning changed, so the replay stops here "
                + "(see CheckoutLogSchema: replay this log with a checkout build of schema \(schemaVersion))"
        }
    }

    /// Reads actions of older schemas as today's (see the type's discussion), or refuses them with
    /// a ``Refusal``.
    /// Version 2 logs skip the step (their actions read unchanged), so they keep the reader's fast
    /// path.
    public static let upgrade = ActionSchemaUpgrade(unchangedSince: 2) { action, fromVersion in
        try upgrade(action, from: fromVersion)
    }

    /// The upgrade step as a function: `action` (as a log holds it) recorded with schema
    /// `fromVersion`, as schema ``version`` reads it. Version 2 actions pass unchanged (version 3
    /// only added actions and an optional member).
    public static func upgrade(_ action: JSONValue, from fromVersion: Int) throws(Refusal) -> JSONValue {
        guard fromVersion < 2 else { return action }
        guard case .object(let families) = action, families.count == 1, families[0].key == "payment",
            case .object(let payload) = families[0].value,
            let inner = payload.first(where: { $0.key == "_0" })?.value,
            case .object(let cases) = inner, let name = cases.first?.key
        else { return action }
        if changedInVersion2.contains(name) {
            throw Refusal(schemaVersion: fromVersion, action: "payment.\(name)")
        }
        return action
    }
}
