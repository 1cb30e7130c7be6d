import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

/// `CheckoutReducer.make` calls the small reducers directly and routes each action family only to
/// the reducers that read it (issue #17's `reduce only` row). These tests hold that composition to
/// what it replaced: `Reducer.combine` of the twelve public reducers in their documented order,
/// which hands every action to every reducer. A reducer that starts reading another family, but is
/// not routed it, makes them fail.
final class CheckoutReducerCompositionTests: XCTestCase {
    /// The composition the checkout reducer had before it was routed: every reducer sees every
    /// action, in the documented order.
    private static func combined(environment: CheckoutEnvironment) -> CheckoutReducerType {
        .combine(
            CommonReducer.make(environment: environment),
            WebCheckoutReducer.make(environment: environment),
            BridgeReducer.make(environment: environment),
            ParseReducer.make(environment: environment),
            NativeSectionsReducer.make(environment: environment),
            CheckoutSyncReducer.make(environment: environment),
            PaymentReducer.make(environment: environment),
            PaymentWidgetReducer.make(environment: environment),
            OrderPlacementReducer.make(environment: environment),
            WalletSheetReducer.make(environment: environment),
            RelaunchReducer.make(environment: environment),
            SectionProgressionReducer.make()
        )
    }

    /// An environment whose idempotency keys are `key-1`, `key-2`, …: each reducer gets its own, so
    /// both make the same keys as long as they ask for them equally often.
    private static func environment() -> CheckoutEnvironment {
        CheckoutEnvironment(
            api: SandboxCheckoutAPI(), paymentProviders: [SandboxPaymentProvider()],
            makeIdempotencyKey: SandboxIdempotencyKeys(prefix: "key").next)
    }

    /// What an effect asks for, as text: its tree of sends, runs (with their id and options),
    /// cancellations and merges. (A run's work is a closure: its shape is what can be compared.)
    static func shape(of effect: Effect<CheckoutAction>) -> String {
        switch effect.inspection {
        case .none:
            return "none"
        case .send(let action):
            return "send(\(action))"
        case .run(let run):
            return "run(id: \(run.id.map { "\($0)" } ?? "nil"), cancelInFlight: \(run.cancelInFlight), "
                + "catchesErrors: \(run.catchesErrors))"
        case .cancel(let id):
            return "cancel(\(id))"
        case .merge(let effects):
            return "merge[" + effects.map(shape(of:)).joined(separator: ", ") + "]"
        }
    }

    func testEveryActionFromEveryBaseStateReducesAsTheCombinedReducersDo() {
        let routed = CheckoutReducer.make(environment: Self.environment())
        let reference = Self.combined(environment: Self.environment())
        var compared = 0
        var changedState = 0
        var withEffects = 0
        for (index, base) in ExtremeValueTests.baseStates.enumerated() {
            for action in CheckoutActionSamples.actions + ExtremeValueTests.matchingActions(for: base) {
                var mine = base
                var theirs = base
                let myEffect = routed.reduce(&mine, action)
                let theirEffect = reference.reduce(&theirs, action)
                XCTAssertEqual(mine, theirs, "base state \(index), \(action): the states differ")
                let myShape = Self.shape(of: myEffect)
                XCTAssertEqual(
                    myShape, Self.shape(of: theirEffect), "base state \(index), \(action): the effects differ")
                compared += 1
                if mine != base { changedState += 1 }
                if myShape != "none" { withEffects += 1 }
            }
        }
        // The sweep reaches the reducers: many pairs change the state, many issue effects.
        XCTAssertGreaterThan(compared, 4_000)
        XCTAssertGreaterThan(changedState, 800)
        XCTAssertGreaterThan(withEffects, 250)
    }

    func testEveryStepOfEveryExampleLogReducesAsTheCombinedReducersDo() throws {
        let routed = CheckoutReducer.make(environment: Self.environment())
        let reference = Self.combined(environment: Self.environment())
        let directory = ExampleLogs.directory
        let files = try ExampleLogs.files()
        XCTAssertGreaterThan(files.count, 10)
        var steps = 0
        for file in files {
            let replay = try Replayer(
                path: directory.appendingPathComponent(file).path, reducer: ExtremeValueTests.reducer,
                schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
            var mine = replay.initialState
            var theirs = replay.initialState
            for step in replay.steps {
                let myEffect = routed.reduce(&mine, step.action)
                let theirEffect = reference.reduce(&theirs, step.action)
                XCTAssertEqual(mine, theirs, "\(file), step \(step.sequence): the states differ")
                XCTAssertEqual(
                    Self.shape(of: myEffect), Self.shape(of: theirEffect),
                    "\(file), step \(step.sequence): the effects differ")
                guard mine == theirs else { break }
                steps += 1
            }
        }
        XCTAssertGreaterThan(steps, 300)
    }
}
