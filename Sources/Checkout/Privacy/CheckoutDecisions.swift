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
        public var before: CheckoutState
        /// The state after the step, as the reducer left it: personal leaves in clear (the
        /// comparison masks them, see ``CheckoutDecisions/difference(between:and:)``).
        public var state: CheckoutState
        /// The effects the step issued.
        public var effects: EffectShape
        /// The analytics events the step produced.
        public var analytics: [CheckoutAnalyticsEvent]
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
    public func reduce(_ state: inout CheckoutState, _ action: CheckoutAction) -> Step {
        let before = state
        let effect = reducer.reduce(&state, action)
        let analytics = CheckoutAnalyticsMiddleware.events(for: action, before: before, after: state)
        return Step(before: before, state: state, effects: EffectShape(effect), analytics: analytics)
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
    static func statesStayEqual(_ original: Step, _ export: Step) -> Bool {
        guard listsEveryStateMember else { return false }
        // A member whose bytes are the same before and after the step, in both replays, is
        // unchanged (see ``unchangedMembers(_:_:)``): nothing more is read of it.
        let unchanged = unchangedMembers(original, export)
        /// Whether the `index`th member is unchanged by its bytes. Tested before a member is read:
        /// reading one copies it (a retain of each reference it holds, a release after), and most
        /// members are unchanged on most steps.
        func kept(_ index: UInt32) -> Bool { unchanged & (1 << index) != 0 }
        // The other members are read in place (no copy of a state): each is compared before and
        // after in both replays, then, if it changed and holds no personal leaf, across the replays.
        return
            (kept(0)
            || same(original.before.kind, original.state.kind, export.before.kind, export.state.kind, personal: false))
            && (kept(1)
                || same(
                    original.before.nextRequestID, original.state.nextRequestID, export.before.nextRequestID,
                    export.state.nextRequestID, personal: false))
            && (kept(2)
                || same(
                    original.before.nextErrorID, original.state.nextErrorID, export.before.nextErrorID,
                    export.state.nextErrorID, personal: false))
            && (kept(3)
                || same(
                    original.before.loadInFlight, original.state.loadInFlight, export.before.loadInFlight,
                    export.state.loadInFlight, personal: false))
            && (kept(4)
                || same(
                    original.before.selectedShippingMethodID, original.state.selectedShippingMethodID,
                    export.before.selectedShippingMethodID, export.state.selectedShippingMethodID, personal: false))
            && (kept(5)
                || same(
                    original.before.merchantCurrencies, original.state.merchantCurrencies,
                    export.before.merchantCurrencies, export.state.merchantCurrencies, personal: false))
            && (kept(6)
                || same(
                    original.before.journey, original.state.journey, export.before.journey, export.state.journey,
                    personal: CheckoutJourney.holdsPersonalData))
            && (kept(7)
                || same(
                    original.before.paymentProviders, original.state.paymentProviders, export.before.paymentProviders,
                    export.state.paymentProviders, personal: PaymentProviderDescriptor.holdsPersonalData))
            && (kept(8)
                || same(
                    original.before.view, original.state.view, export.before.view, export.state.view,
                    personal: CheckoutViewState.holdsPersonalData))
            && (kept(9)
                || same(
                    original.before.web, original.state.web, export.before.web, export.state.web,
                    personal: WebCheckoutState.holdsPersonalData, unchangedBy: webMembers.unchanged))
            && (kept(10)
                || same(
                    original.before.native, original.state.native, export.before.native, export.state.native,
                    personal: NativeCheckoutState.holdsPersonalData))
            && (kept(11)
                || same(
                    original.before.cart, original.state.cart, export.before.cart, export.state.cart,
                    personal: Cart.holdsPersonalData))
            && (kept(12)
                || same(
                    original.before.email, original.state.email, export.before.email, export.state.email, personal: true
                ))
            && (kept(13)
                || same(
                    original.before.shippingContact, original.state.shippingContact, export.before.shippingContact,
                    export.state.shippingContact, personal: Address.holdsPersonalData))
            && (kept(14)
                || same(
                    original.before.billingContact, original.state.billingContact, export.before.billingContact,
                    export.state.billingContact, personal: Address.holdsPersonalData))
            && (kept(15)
                || same(
                    original.before.shippingMethods, original.state.shippingMethods, export.before.shippingMethods,
                    export.state.shippingMethods, personal: ShippingMethod.holdsPersonalData))
            && (kept(16)
                || same(
                    original.before.orderSummary, original.state.orderSummary, export.before.orderSummary,
                    export.state.orderSummary, personal: OrderSummary.holdsPersonalData))
            && (kept(17)
                || same(
                    original.before.payment, original.state.payment, export.before.payment, export.state.payment,
                    personal: PaymentState.holdsPersonalData, unchangedBy: paymentMembers.unchanged))
            && (kept(18)
                || same(
                    original.before.errors, original.state.errors, export.before.errors, export.state.errors,
                    personal: CheckoutErrorMessage.holdsPersonalData))
            && (kept(19)
                || same(
                    original.before.user, original.state.user, export.before.user, export.state.user,
                    personal: CheckoutUser.holdsPersonalData))
            && (kept(20)
                || same(
                    original.before.dynamicContent, original.state.dynamicContent, export.before.dynamicContent,
                    export.state.dynamicContent, personal: DynamicContentSlot.holdsPersonalData))
            && (kept(21)
                || same(
                    original.before.completedOrder, original.state.completedOrder, export.before.completedOrder,
                    export.state.completedOrder, personal: CompletedOrder.holdsPersonalData))
            && (kept(22)
                || same(
                    original.before.orderPlacement, original.state.orderPlacement, export.before.orderPlacement,
                    export.state.orderPlacement, personal: OrderPlacementState.holdsPersonalData))
            && (kept(23)
                || same(
                    original.before.walletSheet, original.state.walletSheet, export.before.walletSheet,
                    export.state.walletSheet, personal: WalletSheetState.holdsPersonalData))
            && (kept(24)
                || same(
                    original.before.relaunch, original.state.relaunch, export.before.relaunch, export.state.relaunch,
                    personal: CheckoutRelaunch.holdsPersonalData))
    }

    /// The members of ``statesStayEqual(_:_:)``'s list whose bytes are identical before and
    /// after the step in both replays, as a mask (bit `i` for the list's `i`th member); 0 when
    /// the layout gives no member's place.
    ///
    /// Identical bytes are the same value, so such a member is unchanged with no comparison: its
    /// inline fields are the same, and its references name the same storage, which nothing
    /// changed in place. Every storage a state holds is copy-on-write or immutable (arrays,
    /// strings, sets, dictionaries, `Decimal`s, indirect enum boxes, the wallet sheet's storage,
    /// written only through a unique reference, and the section-progression memo, never written
    /// once made), and `Step.before` still refers to the storage the step started from, so a
    /// reducer that changes a member's contents writes them to new storage, and its bytes differ.
    /// Different bytes say nothing (padding, or an equal value in new storage): the member is then
    /// compared as before.
    static func unchangedMembers(_ original: Step, _ export: Step) -> UInt32 {
        let members = memberBytes
        guard members.count == listedStateMembers else { return 0 }
        return withUnsafeBytes(of: original.before) { originalBefore in
            withUnsafeBytes(of: original.state) { originalAfter in
                withUnsafeBytes(of: export.before) { exportBefore in
                    withUnsafeBytes(of: export.state) { exportAfter in
                        var mask: UInt32 = 0
                        for (index, bytes) in members.enumerated()
                        where sameBytes(originalBefore, originalAfter, bytes)
                            && sameBytes(exportBefore, exportAfter, bytes)
                        {
                            mask |= 1 << UInt32(index)
                        }
                        return mask
                    }
                }
            }
        }
    }

    /// Whether `first` and `second` hold the same bytes in `range`.
    @inline(__always)
    private static func sameBytes(
        _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, _ range: Range<Int>
    ) -> Bool {
        guard let a = first.baseAddress, let b = second.baseAddress else { return false }
        return memcmp(a + range.lowerBound, b + range.lowerBound, range.count) == 0
    }

    /// Where each member of ``statesStayEqual(_:_:)``'s list lies in a `CheckoutState`, in the
    /// list's order (fewer than ``listedStateMembers`` if the layout does not say, which turns
    /// the byte comparison off).
    static let memberBytes: [Range<Int>] = [
        bytes(\.kind),
        bytes(\.nextRequestID),
        bytes(\.nextErrorID),
        bytes(\.loadInFlight),
        bytes(\.selectedShippingMethodID),
        bytes(\.merchantCurrencies),
        bytes(\.journey),
        bytes(\.paymentProviders),
        bytes(\.view),
        bytes(\.web),
        bytes(\.native),
        bytes(\.cart),
        bytes(\.email),
        bytes(\.shippingContact),
        bytes(\.billingContact),
        bytes(\.shippingMethods),
        bytes(\.orderSummary),
        bytes(\.payment),
        bytes(\.errors),
        bytes(\.user),
        bytes(\.dynamicContent),
        bytes(\.completedOrder),
        bytes(\.orderPlacement),
        bytes(\.walletSheet),
        bytes(\.relaunch),
    ].compactMap { $0 }

    private static func bytes<Member>(_ member: KeyPath<CheckoutState, Member>) -> Range<Int>? {
        guard let offset = MemoryLayout<CheckoutState>.offset(of: member) else { return nil }
        return offset..<(offset + MemoryLayout<Member>.size)
    }

    /// Unchanged in both replays, or holding no personal leaf and equal in both.
    @inline(__always)
    private static func same<Member: Equatable>(
        _ before: Member, _ after: Member, _ exportBefore: Member,
        _ exportAfter: Member, personal: Bool
    ) -> Bool {
        if before == after && exportBefore == exportAfter { return true }
        return !personal && after == exportAfter
    }

    /// Unchanged in both replays (`sameValue`: each value before the step the same as after it),
    /// or holding no personal leaf and equal in both.
    @inline(__always)
    private static func same<Member: Equatable>(
        _ before: Member, _ after: Member, _ exportBefore: Member,
        _ exportAfter: Member, personal: Bool, unchangedBy sameValue: (Member, Member) -> Bool
    ) -> Bool {
        if sameValue(before, after) && sameValue(exportBefore, exportAfter) { return true }
        return !personal && after == exportAfter
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

    /// The number of stored members of ``CheckoutState`` that ``statesStayEqual(_:_:)`` compares.
    static var listedStateMembers: Int { 25 }

    /// Whether ``statesStayEqual(_:_:)`` lists every stored member of the state: a member added
    /// to ``CheckoutState`` and not to the list turns the shortcut off (and a test fails), so it
    /// can never hide a difference.
    static let listsEveryStateMember =
        Mirror(reflecting: CheckoutState(kind: .native)).children.count
        == listedStateMembers

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
    /// Whether the list names every stored member and the layout gives each one's place: if
    /// not, ``unchanged(_:_:)`` is `==`.
    let usable: Bool

    init(count: Int, _ members: [Member]) {
        self.members = members
        usable = members.count == count && members.allSatisfy { $0.bytes != nil }
    }

    /// Whether `after` is the same value as `before` (see the type's comment).
    func unchanged(_ before: Value, _ after: Value) -> Bool {
        guard usable else { return before == after }
        return withUnsafeBytes(of: before) { first in
            withUnsafeBytes(of: after) { second in
                guard let a = first.baseAddress, let b = second.baseAddress else { return before == after }
                for member in members {
                    guard let range = member.bytes else { return before == after }
                    if memcmp(a + range.lowerBound, b + range.lowerBound, range.count) == 0 { continue }
                    if !member.equal(before, after) { return false }
                }
                return true
            }
        }
    }
}
