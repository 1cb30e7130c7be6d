import Foundation
public import StateStore

/// The state every StateStore test runs on: a counter with a history of what the reducer saw.
public struct CounterState: StoreState, Equatable, Codable {
    /// Everything the test reducer understands.
    public enum Action: Codable, Sendable, Equatable {
        case increment
        case decrement
        case add(Int)
        case set(Int)
        case note(String)
        case setName(String)
        case followUp(Int)
        case startWork(id: String, value: Int)
        case startThrowingWork(id: String)
        case cancelWork(id: String)
        case workFinished(Int)
        case workFailed(String)
    }

    /// The counter.
    public var count = 0
    /// A name a test sets.
    public var name = ""
    /// What the reducer saw, in order.
    public var history: [String] = []

    /// A counter with the given count, name and history (zero and empty by default).
    public init(count: Int = 0, name: String = "", history: [String] = []) {
        self.count = count
        self.name = name
        self.history = history
    }
}

/// The test reducer: every case records itself in `history`, so tests can read the order in which
/// actions were reduced.
public let counterReducer = Reducer<CounterState, CounterState.Action> { state, action in
    switch action {
    case .increment:
        state.count += 1
    case .decrement:
        state.count -= 1
    case .add(let value):
        state.count += value
    case .set(let value):
        state.count = value
    case .note(let text):
        state.history.append(text)
    case .setName(let name):
        state.name = name
    case .followUp(let value):
        state.history.append("followUp \(value)")
        return .send(.note("after \(value)"))
    case .startWork(let id, let value):
        state.history.append("start \(id)")
        return .run(id: EffectID(id)) { send in
            send(.workFinished(value))
        }
    case .startThrowingWork(let id):
        return .run(id: EffectID(id)) { _ in
            throw TestFailure(message: "network down")
        } catch: { error in
            .workFailed(String(describing: error))
        }
    case .cancelWork(let id):
        return .cancel(id: EffectID(id))
    case .workFinished(let value):
        state.history.append("finished \(value)")
    case .workFailed(let message):
        state.history.append("failed \(message)")
    }
    return .none
}

/// An error with a message, thrown by test effects.
public struct TestFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// The message.
    public var description: String { message }

    /// A failure with this message.
    public init(message: String) { self.message = message }
}

/// A thread-safe list for recording what callbacks saw.
public final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []

    /// An empty list.
    public init() {}

    /// Adds a value at the end.
    public func append(_ value: Value) {
        lock.lock()
        storage.append(value)
        lock.unlock()
    }

    /// What was appended, in order.
    public var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// A one-shot signal an effect can raise and a test can await, without sleeping.
public actor Signal {
    private var raised = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A signal not yet raised.
    public init() {}

    /// Raises the signal and wakes every waiter.
    public func raise() {
        raised = true
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
    }

    /// Returns once the signal is raised.
    public func wait() async {
        if raised { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}

/// Runs `body(thread)` on `threads` new threads at once, `thread` counting from 0, and returns
/// when every one has finished.
public func onThreads(_ threads: Int, _ body: @escaping @Sendable (_ thread: Int) -> Void) {
    let group = DispatchGroup()
    for thread in 0..<threads {
        group.enter()
        Thread {
            body(thread)
            group.leave()
        }.start()
    }
    group.wait()
}

/// A counter store on the test reducer.
public func makeStore(
    middleware: [Middleware<CounterState>] = [],
    effectsEnabled: Bool = true
) -> Store<CounterState> {
    Store(reducer: counterReducer, state: CounterState(), middleware: middleware, effectsEnabled: effectsEnabled)
}
