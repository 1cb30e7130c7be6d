import Foundation
import StateStore
import StateStoreTesting

/// The feature every StateStoreTesting test runs: a counter with a loader, a timer, a debounced
/// search, and a card field that holds a secret.
struct Feature: StoreState, Equatable, Codable {
    enum Action: Codable, Sendable, Equatable {
        case increment
        case incrementLater
        case loadTapped
        case loaded(Int)
        case failingLoadTapped
        case loadFailed(String)
        case loadBothTapped
        case timerStarted
        case timerStopped
        case tick
        case queryChanged(String)
        case searched(String)
        case trackTapped
        case listenTapped
        case cardEntered(Sensitive<String>, lastFour: String)
    }

    var count = 0
    var isLoading = false
    var value: Int?
    var error: String?
    var ticks = 0
    var query = ""
    var results: [String] = []
    var cardNumber: Sensitive<String>?
    var cardLastFour: String?
}

/// A thrown error with a fixed text, so tests can read what `catch:` made of it.
struct LoadError: Error, CustomStringConvertible {
    var description: String { "offline" }
}

/// The feature's reducer. `clock` is where its effects sleep; `events` feeds the `listenTapped`
/// effect from outside the store.
func featureReducer(
    clock: any Clock<Duration>,
    events: AsyncStream<Int> = AsyncStream { $0.finish() }
) -> Reducer<Feature, Feature.Action> {
    Reducer { state, action in
        switch action {
        case .increment:
            state.count += 1
            return .none
        case .incrementLater:
            return .send(.increment)
        case .loadTapped:
            state.isLoading = true
            return .run(id: "load") { send in send(.loaded(42)) }
        case .loaded(let value):
            state.isLoading = false
            state.value = value
            return .none
        case .failingLoadTapped:
            state.isLoading = true
            return .run(id: "load") { _ in
                throw LoadError()
            } catch: { error in
                .loadFailed("\(error)")
            }
        case .loadFailed(let message):
            state.isLoading = false
            state.error = message
            return .none
        case .loadBothTapped:
            return .merge(
                .run { send in send(.loaded(1)) },
                .run { send in send(.loaded(2)) }
            )
        case .timerStarted:
            return .run(id: "timer") { send in
                while !Task.isCancelled {
                    try await clock.sleep(for: .seconds(1))
                    send(.tick)
                }
            } catch: { _ in
                .timerStopped
            }
        case .timerStopped:
            return .cancel(id: "timer")
        case .tick:
            state.ticks += 1
            return .none
        case .queryChanged(let query):
            state.query = query
            return .run(id: "search", cancelInFlight: true) { send in
                try await clock.sleep(for: .milliseconds(300))
                send(.searched(query))
            } catch: { error in
                .loadFailed("\(error)")
            }
        case .searched(let query):
            state.results = ["\(query) 1", "\(query) 2"]
            return .none
        case .trackTapped:
            return .run { _ in }
        case .listenTapped:
            return .run { send in
                for await value in events {
                    send(.loaded(value))
                }
            }
        case .cardEntered(let number, let lastFour):
            state.cardNumber = number
            state.cardLastFour = lastFour
            return .none
        }
    }
}

/// A fresh `__Snapshots__` folder in the temporary directory, so tests of the snapshot tool itself
/// never write into the source tree.
func temporarySnapshotDirectory() -> String {
    let base = (NSTemporaryDirectory() as NSString).appendingPathComponent(
        "StateStoreTestingTests-\(UUID().uuidString)")
    return (base as NSString).appendingPathComponent("__Snapshots__")
}

/// Runs `body` with failures collected, and returns their messages.
func collectFailures(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Void
) async rethrows -> [String] {
    try await FailureReporter.collectingFailures(isolation: isolation, body).failures.map(\.message)
}

/// A mutable box a test can write from inside a collecting closure.
final class Box<Value: Sendable>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// The timeout of a test store whose effects all finish or sleep on its clock (none waits on the
/// test): a failure guard a passing run never waits out. The default second is not: on a loaded
/// machine an effect can take longer than that to run, and settling then stops waiting for it, so
/// the test would read the state, or ask for the next action, before the effect's action arrived.
let finishingEffectsTimeout: Duration = .seconds(60)
