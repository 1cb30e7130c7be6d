import StateStore
import StateStoreTesting
import XCTest

/// Order does not depend on thread scheduling; `scripts/tsan-stress.sh` runs these 100 times.
final class TestStoreDeterminismTests: XCTestCase {
    private struct App: StoreState, Equatable, Codable {
        enum Action: Codable, Sendable, Equatable {
            case feature(Feature.Action)
            case startMany(Int)
            case arrived(Int)
        }
        var feature = Feature()
        var arrivals: [Int] = []
    }

    func testManyMergedEffectsAlwaysArriveInMergeOrder() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: App(),
                reducer: Reducer { state, action in
                    switch action {
                    case .startMany(let count):
                        return .merge((0..<count).map { index in .run { send in send(.arrived(index)) } })
                    case .arrived(let index):
                        state.arrivals.append(index)
                        return .none
                    case .feature:
                        return .none
                    }
                }, timeout: finishingEffectsTimeout)
            await store.send(.startMany(20))
            for index in 0..<20 {
                await store.receive(.arrived(index)) { $0.arrivals.append(index) }
            }
        }
        XCTAssertEqual(failures, [])
    }

    func testScopedChildEffectsAreReceivedAsParentActions() async {
        let featureCase = ActionCase<App.Action, Feature.Action>(
            embed: App.Action.feature,
            extract: { if case .feature(let action) = $0 { action } else { nil } }
        )
        let failures = await collectFailures {
            let store = TestStore(initialState: App(), timeout: finishingEffectsTimeout) { clock in
                featureReducer(clock: clock).scope(state: \App.feature, action: featureCase)
            }
            await store.send(.feature(.queryChanged("a"))) { $0.feature.query = "a" }
            await store.clock.advance(by: .milliseconds(300))
            await store.receive(.feature(.searched("a"))) { $0.feature.results = ["a 1", "a 2"] }
        }
        XCTAssertEqual(failures, [])
    }

    func testAdvanceWaitsForAnEffectThatWorksBeforeItSleeps() async {
        let counter = HopCounter()
        let failures = await collectFailures {
            let store = TestStore(initialState: App(), timeout: finishingEffectsTimeout) { clock in
                Reducer { state, action in
                    switch action {
                    case .startMany(let count):
                        return .run { send in
                            // Work that suspends many times, on other executors, before sleeping:
                            // the clock must not move before the sleep is registered.
                            for _ in 0..<count {
                                await Task.yield()
                                await counter.hop()
                            }
                            try? await clock.sleep(for: .seconds(1))
                            send(.arrived(await counter.hops))
                        }
                    case .arrived(let hops):
                        state.arrivals.append(hops)
                        return .none
                    case .feature:
                        return .none
                    }
                }
            }
            await store.send(.startMany(100))
            await store.clock.advance(by: .seconds(1))
            await store.receive(.arrived(100)) { $0.arrivals = [100] }
        }
        XCTAssertEqual(failures, [])
    }
}

/// An actor the effect above hops to, so its work runs on another executor.
private actor HopCounter {
    private(set) var hops = 0
    func hop() { hops += 1 }
}
