public import ActionLog
import Foundation
public import StateStore

/// What the checkout decides at each step of a replay: the notion of "the same decisions" that a
/// pseudonymised export of a checkout log proves (`LogPseudonymisation` in `LogPrivacy`).
///
/// Two steps decide the same when they have
///
/// - **the same state, personal leaves masked**: every leaf the classification calls personal
///   (`DataClassified`) is replaced by an indexed marker (`#1`), numbered by the first
///   appearance of its exact text in the state; everything else (view, section statuses and
///   validation results, totals, payment phase, order, errors, every plain id) must be equal. A
///   pseudonym keeps each occurrence's case and spacing and maps distinct texts to distinct
///   pseudonyms, so two leaves that held the same text must still hold the same text, and two
///   that differed must still differ;
/// - **the same effects**, as a tree: each `send` with its action (masked the same way), each
///   `run` with its id, each `cancel` with its id, each `merge` in order;
/// - **the same analytics events**, names and parameters (every parameter is plain: see
///   ``CheckoutAnalyticsEvent``).
///
/// ```swift
/// let decisions = CheckoutDecisions(reducer: CheckoutReducer.make(environment: environment))
/// var original = state, export = pseudonymisedState
/// let a = decisions.reduce(&original, action)
/// let b = decisions.reduce(&export, pseudonymisedAction)
/// decisions.difference(between: a, and: b)   // nil, or "state.native.sections[1].status"
/// ```
public struct CheckoutDecisions: ReplayDecisions {
    /// The reducer the replays run (its effects are inspected, never run).
    public let reducer: CheckoutReducerType

    /// Decisions of `reducer`: the checkout's own, made with any environment (a replay runs no
    /// effect, so no API or provider is called).
    public init(reducer: CheckoutReducerType) {
        self.reducer = reducer
    }

    /// ``CheckoutLogSchema/version``.
    public var schemaVersion: Int { CheckoutLogSchema.version }
    /// ``CheckoutLogSchema/upgrade``: old logs pseudonymise like new ones.
    public var upgrade: ActionSchemaUpgrade? { CheckoutLogSchema.upgrade }

    /// What one step decided.
    public struct Step: Sendable, Equatable {
        /// The state before the step.
        public var before: CheckoutState {
            get { states.before }
            set {
                states = StatesBox.holding(newValue, states.after)
                unchangedMembers = 0
            }
        }
        /// The state after the step, as the reducer left it: personal leaves in clear (the
        /// comparison masks them, see ``CheckoutDecisions/difference(between:and:)``).
        public var state: CheckoutState {
            get { states.after }
            set {
                states = StatesBox.holding(states.before, newValue)
                unchangedMembers = 0
            }
        }
        /// The effects the step issued.
        public var effects: EffectShape
        /// The analytics events the step produced.
        public var analytics: [CheckoutAnalyticsEvent]
        /// The members of the state the step left unchanged (bit `i` for the `i`th of
        /// ``CheckoutDecisions/stateMembers``), found when the step is made, on the thread that
        /// reduced it: the comparison of two steps then reads only the members that changed in
        /// either. Setting ``before`` or ``state`` clears it (every member is then compared by
        /// value, as if changed), so it never describes states the step no longer holds.
        var unchangedMembers: UInt32
        /// The states before and after the step, boxed: see ``StatesBox``.
        private(set) var states: StatesBox

        /// A step from `before` to `state` that issued `effects` and produced `analytics`.
        init(
            before: CheckoutState, state: CheckoutState, effects: EffectShape, analytics: [CheckoutAnalyticsEvent]
        ) {
            let states = StatesBox.holding(before, state)
            self.init(
                states: states, effects: effects, analytics: analytics,
                unchangedMembers: CheckoutDecisions.unchangedMembers(states))
        }

        /// A step holding the boxes, whose unchanged members are known.
        @inline(__always)
        init(
            states: StatesBox, effects: EffectShape, analytics: [CheckoutAnalyticsEvent],
            unchangedMembers: UInt32
        ) {
            self.states = states
            self.effects = effects
            self.analytics = analytics
            self.unchangedMembers = unchangedMembers
        }

        /// Whether two steps hold the same states, effects and analytics events. What a step
        /// knows of its unchanged members is derived from its states (or cleared when they are
        /// set), so it does not take part: a step whose state was set to the same value equals
        /// the step it came from.
        public static func == (lhs: Step, rhs: Step) -> Bool {
            lhs.before == rhs.before && lhs.state == rhs.state && lhs.effects == rhs.effects
                && lhs.analytics == rhs.analytics
        }
    }

    /// A step's two states in one immutable heap box, so that a step is one reference, not two
    /// whole states (5,540 bytes), and the comparisons read the states where they lie, through
    /// pointers, where `withUnsafeBytes(of:)` or a closure's argument copied them byte for byte
    /// first. One box, not one per state: each is a 2,800-byte allocation that no small-size
    /// cache of `malloc` serves (the export 104,170 instructions an action with two boxes a step,
    /// 102,669 with one).
    ///
    /// `@unchecked Sendable`, soundly: the states (the buffer's two elements) are written once, by
    /// ``holding(moving:_:)``, before the box is shared, and only read after (``before``,
    /// ``after`` and ``withStates(_:)``, whose pointers are read-only); ``Storage`` destroys them
    /// when the last reference goes. Reads from several threads then never race.
    struct StatesBox: @unchecked Sendable {
        /// The buffer: no header, two elements, the states before and after the step (moved
        /// straight in, where a header is returned by a closure and copied on its way in).
        final class Storage: ManagedBuffer<Void, CheckoutState> {
            deinit {
                _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 2) }
            }
        }

        private let storage: Storage

        /// A box holding copies of `before` and `after`.
        static func holding(_ before: borrowing CheckoutState, _ after: borrowing CheckoutState) -> StatesBox {
            holding(moving: copy before, copy after)
        }

        /// A box holding `before` and `after`, moved into it (no copy of what they refer to).
        @inline(__always)
        static func holding(moving before: consuming CheckoutState, _ after: consuming CheckoutState) -> StatesBox {
            // `create` makes an instance of the class it is called on: the cast cannot fail
            // (`unsafeDowncast` checks it in debug builds).
            let storage = unsafeDowncast(Storage.create(minimumCapacity: 2) { _ in () }, to: Storage.self)
            // The elements' address, taken out of the closure (a consumed parameter cannot be
            // moved inside one): it stays valid while `storage`, kept in the box below, lives.
            let elements = storage.withUnsafeMutablePointerToElements { $0 }
            elements.initialize(to: consume before)
            (elements + 1).initialize(to: consume after)
            return StatesBox(storage: storage)
        }

        /// The state before the step (a copy).
        var before: CheckoutState { storage.withUnsafeMutablePointerToElements { $0.pointee } }
        /// The state after the step (a copy).
        var after: CheckoutState { storage.withUnsafeMutablePointerToElements { $0[1] } }

        /// Calls `body` with pointers to the states before and after the step, valid during the
        /// call, for reading only.
        @inline(__always)
        func withStates<Result>(
            _ body: (_ before: UnsafePointer<CheckoutState>, _ after: UnsafePointer<CheckoutState>) -> Result
        ) -> Result {
            storage.withUnsafeMutablePointerToElements { body(UnsafePointer($0), UnsafePointer($0 + 1)) }
        }
    }

    /// The shape of the effects a step issued: what the store would run, without running it.
    public indirect enum EffectShape: Sendable, Equatable {
        /// No work.
        case none
        /// A follow-up action (personal leaves masked).
        case send(CheckoutAction)
        /// Asynchronous work under an id (or none).
        case run(id: EffectID?)
        /// The cancellation of the work under an id.
        case cancel(EffectID)
        /// Several effects, in order.
        case merge([EffectShape])

        /// The shape of `effect`.
        public init(_ effect: Effect<CheckoutAction>) {
            switch effect.inspection {
            case .none: self = .none
            case .send(let action): self = .send(PersonalMask.masked(action))
            case .run(let run): self = .run(id: run.id)
            case .cancel(let id): self = .cancel(id)
            case .merge(let effects): self = .merge(effects.map(EffectShape.init))
            }
        }
    }

    /// Reduces `action` into `state` and returns what the step decided.
    ///
    /// Always inlined, as ``differenceFollowingEqualStep(between:and:)``: called through the
    /// `ReplayDecisions` witness a step was built in a temporary, then copied into the witness's
    /// result (the export 107,804 instructions an action with them called, 106,729 inlined). The
    /// step is built in place: the states are copied once each (their references retained),
    /// moved into their box, and the members the step left unchanged are read in the box,
    /// where the states were copied byte for byte into the step, into `withUnsafeBytes(of:)` and
    /// into the web and payment states' comparisons (the export 105,629 instructions an action
    /// with two whole states in a step, 104,170 with the boxes).
    @inline(__always)
    public func reduce(_ state: inout CheckoutState, _ action: CheckoutAction) -> Step {
        let before = state
        let effect = reducer.reduce(&state, action)
        // Two immutable locals, borrowed by the events and then moved into their boxes: `state`
        // passed to the events was copied for the call (and released after it), as a box's
        // state read through its pointer was.
        let after = state
        let analytics = CheckoutAnalyticsMiddleware.events(for: action, before: before, after: after)
        let states = StatesBox.holding(moving: consume before, consume after)
        let unchanged = Self.unchangedMembers(states)
        return Step(
            states: states, effects: EffectShape(effect), analytics: analytics,
            unchangedMembers: unchanged)
    }

    /// The state before the step: ``Step/before``.
    public func stateBefore(_ decisions: Step) -> CheckoutState? { decisions.before }

    /// Reduces `action` into `state` only.
    public func replay(_ state: inout CheckoutState, _ action: CheckoutAction) {
        _ = reducer.reduce(&state, action)
    }

    /// Nil when the steps decided the same; otherwise the first decision that differs: the path
    /// of the first state member that differs (`state.native.sections[1].status`), `effects` or
    /// `analytics events`. The states are compared with their personal leaves masked.
    public func difference(between original: Step, and export: Step) -> String? {
        let originalState = PersonalMask.masked(original.state)
        let exportState = PersonalMask.masked(export.state)
        if originalState != exportState {
            guard let first = try? CanonicalEncoder.encode(originalState),
                let second = try? CanonicalEncoder.encode(exportState)
            else { return "state" }
            return CanonicalDifference.first(between: first, and: second, at: "state")
        }
        if original.effects != export.effects { return "effects" }
        if original.analytics != export.analytics { return "analytics events" }
        return nil
    }

    /// ``difference(between:and:)`` for a step after one that decided the same: the states
    /// before this step are then known to be equal with their personal leaves masked, so the
    /// states after it are too when every member of the state that can hold a personal leaf is
    /// unchanged by the step in both replays, and every member that changed holds no personal
    /// leaf and is equal in both. Only what the step changed is compared then, nothing is
    /// masked; otherwise (a personal member changed, or a decision differs) the full comparison
    /// decides and names the difference.
    @inline(__always)
    public func differenceFollowingEqualStep(between original: Step, and export: Step) -> String? {
        if original.effects == export.effects, original.analytics == export.analytics,
            Self.statesStayEqual(original, export)
        {
            return nil
        }
        return difference(between: original, and: export)
    }

    /// Whether the states after the steps are equal with their personal leaves masked, given that
    /// the states before them were: see ``differenceFollowingEqualStep(between:and:)``. False
    /// (the full comparison decides) when a member that can hold a personal leaf changed, or when
    /// the state has members this check does not list.
    ///
    /// Each step knows which members it left unchanged (``Step/unchangedMembers``, found on the
    /// thread that reduced it): a member unchanged in both replays is equal in both (their states
    /// before were); any other is read here, once in each state after the step.
    static func statesStayEqual(_ original: Step, _ export: Step) -> Bool {
        guard listsEveryStateMember else { return false }
        let members = stateMembers
        var changed = ~(original.unchangedMembers & export.unchangedMembers) & allStateMembers
        while changed != 0 {
            let member = members[changed.trailingZeroBitCount]
            changed &= changed - 1
            if member.holdsPersonalData { return false }
            let equal = original.states.withStates { _, first in
                export.states.withStates { _, second in member.equal(first.pointee, second.pointee) }
            }
            if !equal { return false }
        }
        return true
    }

    /// Every bit of a mask of ``stateMembers``.
    static let allStateMembers: UInt32 = (1 << UInt32(listedStateMembers)) - 1

    /// The members of ``stateMembers`` that a step from `before` to `after` left unchanged, as a
    /// mask (bit `i` for the `i`th member): those whose bytes are identical, with no comparison,
    /// then those equal by value (member by member for the web and payment states).
    ///
    /// Identical bytes are the same value, so such a member is unchanged with no comparison: its
    /// inline fields are the same, and its references name the same storage, which nothing
    /// changed in place. Every storage a state holds is copy-on-write or immutable (arrays,
    /// strings, sets, dictionaries, `Decimal`s, indirect enum boxes, the wallet sheet's storage,
    /// written only through a unique reference, and the section-progression memo, never written
    /// once made), and `before` still refers to the storage the step started from (a copy held
    /// from before the reducer ran, then its box, until now, so none of it was freed and reused), so a
    /// reducer that changes a member's contents writes them to new storage, and its bytes differ.
    /// Different bytes say nothing (padding, or an equal value in new storage): the member is then
    /// compared by value.
    static func unchangedMembers(_ states: StatesBox) -> UInt32 {
        states.withStates { unchangedMembers($0, $1) }
    }

    /// ``unchangedMembers(_:)`` of the states `before` and `after` point to
    /// (read in place: a state passed by value was copied, 2,770 bytes, to take its bytes).
    static func unchangedMembers(
        _ before: UnsafePointer<CheckoutState>, _ after: UnsafePointer<CheckoutState>
    ) -> UInt32 {
        let members = stateMembers
        var sameBytes: UInt32 = 0
        if layoutPlacesEveryMember {
            let a = UnsafeRawPointer(before)
            let b = UnsafeRawPointer(after)
            // The ranges alone (``memberBytes``, in the list's order as every member has one):
            // iterating the members copied each one, retaining and releasing its two closures
            // (the export 102,669 instructions an action then, 102,306 with the ranges, this and
            // the web and payment states' own).
            for (index, range) in memberBytes.enumerated()
            where memcmp(a + range.lowerBound, b + range.lowerBound, range.count) == 0 {
                sameBytes |= 1 << UInt32(index)
            }
        }
        var unchanged = sameBytes
        var compared = ~sameBytes & allStateMembers
        while compared != 0 {
            let index = compared.trailingZeroBitCount
            compared &= compared - 1
            if index < members.count, members[index].unchanged(before, after) { unchanged |= 1 << UInt32(index) }
        }
        return unchanged
    }

    /// One stored member of ``CheckoutState``, as the comparison of two steps reads it.
    ///
    /// `@unchecked Sendable`, soundly: its fields are `let`s set once in ``stateMembers``'s
    /// initialiser, and its closures capture nothing mutable (each reads a member of the two
    /// states it is given, or calls a ``MemberwiseSameness``, itself immutable); so the one
    /// shared table is read from any thread without a race.
    struct StateMember: @unchecked Sendable {
        /// Where it lies in a `CheckoutState` (nil if the layout does not say).
        let bytes: Range<Int>?
        /// Whether it can hold a personal leaf: if so, a change to it is compared masked, in full.
        let holdsPersonalData: Bool
        /// The member of both states equal (`{ $0.kind == $1.kind }`): a closure reads the member
        /// directly, where a key path's projection costs a runtime lookup per use.
        let equal: (CheckoutState, CheckoutState) -> Bool
        /// The member unchanged from the first state (before a step) to the second (after it),
        /// read where they lie: ``equal`` unless the member says otherwise (member by member:
        /// ``MemberwiseSameness``).
        let unchanged: (UnsafePointer<CheckoutState>, UnsafePointer<CheckoutState>) -> Bool

        init<Member>(
            _ member: KeyPath<CheckoutState, Member>, personal: Bool,
            _ equal: @escaping (CheckoutState, CheckoutState) -> Bool
        ) {
            self.init(member, personal: personal, equal, unchanged: { equal($0.pointee, $1.pointee) })
        }

        init<Member>(
            _ member: KeyPath<CheckoutState, Member>, personal: Bool,
            _ equal: @escaping (CheckoutState, CheckoutState) -> Bool,
            unchanged: @escaping (UnsafePointer<CheckoutState>, UnsafePointer<CheckoutState>) -> Bool
        ) {
            bytes = MemoryLayout<CheckoutState>.offset(of: member).map { $0..<($0 + MemoryLayout<Member>.size) }
            holdsPersonalData = personal
            self.equal = equal
            self.unchanged = unchanged
        }
    }

    /// Every stored member of ``CheckoutState``, in the order of its declaration: what
    /// ``statesStayEqual(_:_:)`` and ``unchangedMembers(_:_:)`` read. Immutable once made (its
    /// closures read members of their arguments only), so it is shared between threads.
    static let stateMembers: [StateMember] = [
        .init(\.kind, personal: false) { $0.kind == $1.kind },
        .init(\.nextRequestID, personal: false) { $0.nextRequestID == $1.nextRequestID },
        .init(\.nextErrorID, personal: false) { $0.nextErrorID == $1.nextErrorID },
        .init(\.loadInFlight, personal: false) { $0.loadInFlight == $1.loadInFlight },
        .init(\.selectedShippingMethodID, personal: false) {
            $0.selectedShippingMethodID == $1.selectedShippingMethodID
        },
        .init(\.merchantCurrencies, personal: false) { $0.merchantCurrencies == $1.merchantCurrencies },
        .init(\.journey, personal: CheckoutJourney.holdsPersonalData) { $0.journey == $1.journey },
        .init(\.paymentProviders, personal: PaymentProviderDescriptor.holdsPersonalData) {
            $0.paymentProviders == $1.paymentProviders
        },
        .init(\.view, personal: CheckoutViewState.holdsPersonalData) { $0.view == $1.view },
        .init(
            \.web, personal: WebCheckoutState.holdsPersonalData, { $0.web == $1.web },
            unchanged: { before, after in
                guard let offset = webOffset else { return before.pointee.web == after.pointee.web }
                return webMembers.unchanged(member(at: offset, of: before), member(at: offset, of: after))
            }),
        .init(\.native, personal: NativeCheckoutState.holdsPersonalData) { $0.native == $1.native },
        .init(\.cart, personal: Cart.holdsPersonalData) { $0.cart == $1.cart },
        .init(\.email, personal: true) { $0.email == $1.email },
        .init(\.shippingContact, personal: Address.holdsPersonalData) { $0.shippingContact == $1.shippingContact },
        .init(\.billingContact, personal: Address.holdsPersonalData) { $0.billingContact == $1.billingContact },
        .init(\.shippingMethods, personal: ShippingMethod.holdsPersonalData) {
            $0.shippingMethods == $1.shippingMethods
        },
        .init(\.orderSummary, personal: OrderSummary.holdsPersonalData) { $0.orderSummary == $1.orderSummary },
        .init(
            \.payment, personal: PaymentState.holdsPersonalData, { $0.payment == $1.payment },
            unchanged: { before, after in
                guard let offset = paymentOffset else { return before.pointee.payment == after.pointee.payment }
                return paymentMembers.unchanged(member(at: offset, of: before), member(at: offset, of: after))
            }),
        .init(\.errors, personal: CheckoutErrorMessage.holdsPersonalData) { $0.errors == $1.errors },
        .init(\.user, personal: CheckoutUser.holdsPersonalData) { $0.user == $1.user },
        .init(\.dynamicContent, personal: DynamicContentSlot.holdsPersonalData) {
            $0.dynamicContent == $1.dynamicContent
        },
        .init(\.completedOrder, personal: CompletedOrder.holdsPersonalData) { $0.completedOrder == $1.completedOrder },
        .init(\.orderPlacement, personal: OrderPlacementState.holdsPersonalData) {
            $0.orderPlacement == $1.orderPlacement
        },
        .init(\.walletSheet, personal: WalletSheetState.holdsPersonalData) { $0.walletSheet == $1.walletSheet },
        .init(\.relaunch, personal: CheckoutRelaunch.holdsPersonalData) { $0.relaunch == $1.relaunch },
    ]

    /// Where each member of ``stateMembers`` lies in a `CheckoutState`, in the list's order
    /// (fewer than ``listedStateMembers`` if the layout does not say, which turns the byte
    /// comparison off).
    static let memberBytes: [Range<Int>] = stateMembers.compactMap(\.bytes)

    /// Whether the layout gives every listed member's place (else members are compared by value):
    /// then ``memberBytes`` has one range for each member of ``stateMembers``, at its index.
    static let layoutPlacesEveryMember =
        memberBytes.count == listedStateMembers && stateMembers.count == listedStateMembers

    /// Where the web state lies in a `CheckoutState` (nil if the layout does not say).
    static let webOffset = MemoryLayout<CheckoutState>.offset(of: \.web)
    /// Where the payment state lies in a `CheckoutState` (nil if the layout does not say).
    static let paymentOffset = MemoryLayout<CheckoutState>.offset(of: \.payment)

    /// The member at `offset` of the state `state` points to, in place: valid as long as `state`
    /// is. (A stored member's memory is bound to its type, so the pointer may read it.)
    static func member<Member>(at offset: Int, of state: UnsafePointer<CheckoutState>) -> UnsafePointer<Member> {
        (UnsafeRawPointer(state) + offset).assumingMemoryBound(to: Member.self)
    }

    /// The payment state's members, for telling whether a step left it unchanged member by
    /// member: it changes its bytes on most steps (a phase, an attempt), and its `==` compares
    /// every amount, intent, session and receipt.
    static let paymentMembers = MemberwiseSameness<PaymentState>(
        count: Mirror(reflecting: PaymentState()).children.count,
        [
            .init(\.phase) { $0.phase == $1.phase }, .init(\.providerID) { $0.providerID == $1.providerID },
            .init(\.selectedMethodID) { $0.selectedMethodID == $1.selectedMethodID },
            .init(\.amount) { $0.amount == $1.amount }, .init(\.paidAmount) { $0.paidAmount == $1.paidAmount },
            .init(\.intent) { $0.intent == $1.intent }, .init(\.session) { $0.session == $1.session },
            .init(\.receipt) { $0.receipt == $1.receipt }, .init(\.isConfirmed) { $0.isConfirmed == $1.isConfirmed },
            .init(\.attempt) { $0.attempt == $1.attempt },
            .init(\.restarts) { $0.restarts == $1.restarts }, .init(\.widget) { $0.widget == $1.widget },
            .init(\.shopperAction) { $0.shopperAction == $1.shopperAction },
            .init(\.confirmation) { $0.confirmation == $1.confirmation },
            .init(\.dropInResultCode) { $0.dropInResultCode == $1.dropInResultCode },
        ])

    /// The web checkout state's members, as ``paymentMembers``.
    static let webMembers = MemberwiseSameness<WebCheckoutState>(
        count: Mirror(reflecting: CheckoutState(kind: .web).web).children.count,
        [
            .init(\.apiType) { $0.apiType == $1.apiType }, .init(\.mode) { $0.mode == $1.mode },
            .init(\.session) { $0.session == $1.session }, .init(\.loadProgress) { $0.loadProgress == $1.loadProgress },
            .init(\.currentURL) { $0.currentURL == $1.currentURL },
            .init(\.order) { $0.order == $1.order },
            .init(\.completionRecord) { $0.completionRecord == $1.completionRecord },
            .init(\.rejections) { $0.rejections == $1.rejections },
            .init(\.configuration) { $0.configuration == $1.configuration },
            .init(\.customEvents) { $0.customEvents == $1.customEvents },
            .init(\.customEventCount) { $0.customEventCount == $1.customEventCount },
            .init(\.confirmedOrderNumber) { $0.confirmedOrderNumber == $1.confirmedOrderNumber },
            .init(\.completionParsing) { $0.completionParsing == $1.completionParsing },
            .init(\.applePay) { $0.applePay == $1.applePay },
        ])

    /// The number of stored members of ``CheckoutState`` that ``stateMembers`` lists.
    static var listedStateMembers: Int { 25 }

    /// Whether ``stateMembers`` lists every stored member of the state: a member added to
    /// ``CheckoutState`` and not to the list turns the shortcut off (and a test fails), so it can
    /// never hide a difference.
    static let listsEveryStateMember =
        Mirror(reflecting: CheckoutState(kind: .native)).children.count == listedStateMembers
        && stateMembers.count == listedStateMembers

    /// A parse checkout's configured texts (the completion's title text and URL fragments, the
    /// confirmation fragments, the order-number parameter, the continue-shopping fragment):
    /// free-text scrubbing never touches them, so the pages the reducer recognises stay
    /// recognised.
    public func protectedFragments(in state: CheckoutState) -> [String] {
        var fragments: [String] = []
        if case .parse(let rules) = state.web.mode {
            switch rules.completion {
            case .titleContains(let text): fragments.append(text)
            case .urlContainsAny(let list): fragments += list.flatMap { $0.split(separator: "|").map(String.init) }
            }
            fragments += rules.confirmationURLFragments.flatMap { $0.split(separator: "|").map(String.init) }
            if let parameter = rules.orderNumberQueryParameter { fragments.append(parameter) }
            fragments.append(rules.continueShoppingFragment)
        }
        return fragments.filter { !$0.isEmpty }
    }
}

/// Masks a value's personal leaves with indexed markers (`#1`), numbered by the first appearance
/// of each exact text, for comparing decisions. A state holds a handful of distinct personal
/// texts: they are found by a linear search (no hashing) until there are
/// ``PersonalMask/linearLimit``, by a dictionary beyond; the markers are made once
/// (``PersonalMask/markers``), so masking a leaf allocates nothing.
struct PersonalMask: DataVisitor {
    let registrations: DataRegistrations
    /// The distinct texts met, in order of first appearance: the `n`th has the marker `#n`.
    private var texts: [String] = []
    /// Each text's number once there are more than ``linearLimit`` of them.
    private var numbers: [String: Int] = [:]

    /// How many distinct texts are searched linearly before the dictionary takes over.
    static var linearLimit: Int { 16 }

    /// The markers `#1` to `#64`, made once.
    static let markers: [String] = (1...64).map { "#" + String($0) }

    /// Plain leaves are left as they are, and plain sub-trees are not walked (nor copied).
    var visitsPersonalLeavesOnly: Bool { true }

    static func masked<Value: DataClassified>(_ value: Value) -> Value {
        var mask = PersonalMask(registrations: value.dataRegistrations)
        var copy = value
        copy.visitData(&mask)
        return copy
    }

    static func masked(_ action: CheckoutAction) -> CheckoutAction {
        var mask = PersonalMask(registrations: .none)
        var copy = action
        copy.visitData(&mask)
        return copy
    }

    mutating func visit(_ value: inout String, field: String, as dataClass: DataClass) {
        guard case .personal = dataClass else { return }
        let number = self.number(of: value)
        value = number <= Self.markers.count ? Self.markers[number - 1] : "#" + String(number)
    }

    /// The number of `text`, numbering it if it is new.
    private mutating func number(of text: String) -> Int {
        if texts.count <= Self.linearLimit {
            if let index = texts.firstIndex(of: text) { return index + 1 }
            texts.append(text)
            if texts.count > Self.linearLimit {
                for (index, known) in texts.enumerated() { numbers[known] = index + 1 }
            }
            return texts.count
        }
        if let known = numbers[text] { return known }
        texts.append(text)
        numbers[text] = texts.count
        return texts.count
    }
}

/// The path of the first difference between two canonical values.
enum CanonicalDifference {
    static func first(between first: CanonicalValue, and second: CanonicalValue, at path: String) -> String {
        switch (first, second) {
        case (.object(let a), .object(let b)):
            var others: [String: CanonicalValue] = [:]
            for member in b { others[member.key] = member.value }
            for member in a {
                guard let other = others.removeValue(forKey: member.key) else { return path + "." + member.key }
                if member.value != other {
                    return Self.first(between: member.value, and: other, at: path + "." + member.key)
                }
            }
            return others.keys.sorted().first.map { path + "." + $0 } ?? path
        case (.array(let a), .array(let b)) where a.count == b.count:
            for (index, pair) in zip(a, b).enumerated() where pair.0 != pair.1 {
                return Self.first(between: pair.0, and: pair.1, at: "\(path)[\(index)]")
            }
            return path
        default:
            return path
        }
    }
}

/// Tells whether a step left a value unchanged, member by member: a member whose bytes are
/// identical in both values is the same value (the argument of
/// ``CheckoutDecisions/unchangedMembers(_:_:)``: its references name the same copy-on-write or
/// immutable storage), with no comparison; the others are compared with `==`. Identical bytes
/// prove sameness, not the other way round, so the answer is that of `before == after` except that
/// a member holding the very same value is taken as unchanged even where its `==` is not reflexive
/// (a NaN): as the state-level skip already takes it. When the list does not name every stored
/// member (`count` differs) or the layout gives no member's place, it falls back to `==`.
///
/// Immutable once made (its closures read members of their arguments only), so it is shared
/// between threads.
struct MemberwiseSameness<Value: Equatable>: @unchecked Sendable {
    /// One stored member: where it lies, and its `==`.
    struct Member {
        let bytes: Range<Int>?
        let equal: (Value, Value) -> Bool

        /// The member `field`, whose values `equal` compares (`{ $0.phase == $1.phase }` for
        /// `\.phase`): a closure reads the member directly, where a key path's projection costs
        /// a runtime lookup per use.
        init<Field: Equatable>(_ field: KeyPath<Value, Field>, _ equal: @escaping (Value, Value) -> Bool) {
            bytes = MemoryLayout<Value>.offset(of: field).map { $0..<($0 + MemoryLayout<Field>.size) }
            self.equal = equal
        }
    }

    private let members: [Member]
    /// Where each member lies, in the list's order (iterating the members themselves copied
    /// each one, retaining and releasing its closure).
    private let ranges: [Range<Int>]
    /// Whether the list names every stored member and the layout gives each one's place: if
    /// not, ``unchanged(_:_:)`` is `==`.
    let usable: Bool

    init(count: Int, _ members: [Member]) {
        self.members = members
        ranges = members.compactMap(\.bytes)
        usable = members.count == count && ranges.count == members.count
    }

    /// Whether `after` is the same value as `before` (see the type's comment).
    func unchanged(_ before: Value, _ after: Value) -> Bool {
        withUnsafePointer(to: before) { first in withUnsafePointer(to: after) { unchanged(first, $0) } }
    }

    /// Whether the value `after` points to is the same as the one `before` points to, read in
    /// place (see the type's comment).
    func unchanged(_ before: UnsafePointer<Value>, _ after: UnsafePointer<Value>) -> Bool {
        guard usable else { return before.pointee == after.pointee }
        let a = UnsafeRawPointer(before)
        let b = UnsafeRawPointer(after)
        for (index, range) in ranges.enumerated()
        where memcmp(a + range.lowerBound, b + range.lowerBound, range.count) != 0 {
            if !members[index].equal(before.pointee, after.pointee) { return false }
        }
        return true
    }
}
