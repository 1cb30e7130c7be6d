/// Runs the effects of one store, and keeps track of them so they can be cancelled by id, all at
/// once when the store goes away, and awaited.
///
/// Ownership: the runner is owned by the store's core. Each running effect is a `Task` whose entry
/// is removed when it finishes or is cancelled. Effects hold the core (through their `Send`), never
/// the public `Store`, so dropping the last `Store` reference still shuts everything down.
@usableFromInline
final class EffectRunner<Action: Sendable>: @unchecked Sendable {
    private struct Entry {
        let id: EffectID?
        let task: Task<Void, Never>
    }

    private let lock = Lock()
    // Guarded by `lock`.
    private var running: [UInt64: Entry] = [:]
    private var nextKey: UInt64 = 0
    private var isShutDown = false

    @usableFromInline
    init() {}

    /// The number of effects currently running.
    @usableFromInline
    var activeCount: Int {
        lock.withLock { running.count }
    }

    /// The identifiers of the effects currently running (effects without an id are not listed).
    @usableFromInline
    var activeIDs: [EffectID] {
        lock.withLock { running.values.compactMap(\.id) }
    }

    /// Starts `effect`. Follow-up actions (`.send`) go to `dispatch`; asynchronous work sends
    /// through `send`.
    @usableFromInline
    func start(_ effect: Effect<Action>, send: Send<Action>, dispatch: (Action) -> Void) {
        switch effect.operation {
        case .none:
            return
        case .send(let action):
            dispatch(action)
        case .cancel(let id):
            cancel(id: id)
        case .merge(let effects):
            for effect in effects {
                start(effect, send: send, dispatch: dispatch)
            }
        case .run(let run):
            startTask(run, send: send)
        }
    }

    private func startTask(_ run: Effect<Action>.Run, send: Send<Action>) {
        lock.lock()
        defer { lock.unlock() }
        guard !isShutDown else { return }
        if run.cancelInFlight, let id = run.id {
            cancelLocked(id: id)
        }
        let key = nextKey
        nextKey &+= 1
        let operation = run.operation
        let onError = run.onError
        // The task cannot remove its entry before it is inserted: `finish` takes the lock we hold.
        let task = Task(priority: run.priority) { [weak self] in
            do {
                try await operation(send)
            } catch {
                // Cancellation is not an error: a cancelled effect ends silently. Any other error
                // becomes the action the effect named, so no error is ever lost.
                if !Task.isCancelled, let onError {
                    send(onError(error))
                }
            }
            self?.finish(key)
        }
        running[key] = Entry(id: run.id, task: task)
    }

    private func finish(_ key: UInt64) {
        lock.withLock { _ = running.removeValue(forKey: key) }
    }

    /// Cancels every effect running under `id`.
    @usableFromInline
    func cancel(id: EffectID) {
        lock.withLock { cancelLocked(id: id) }
    }

    private func cancelLocked(id: EffectID) {
        for (key, entry) in running where entry.id == id {
            entry.task.cancel()
            running.removeValue(forKey: key)
        }
    }

    /// Cancels every running effect and refuses new ones.
    @usableFromInline
    func shutDown() {
        let tasks: [Task<Void, Never>] = lock.withLock {
            isShutDown = true
            let tasks = running.values.map(\.task)
            running.removeAll()
            return tasks
        }
        for task in tasks {
            task.cancel()
        }
    }

    /// Waits until no effect is running, including effects started while waiting.
    @usableFromInline
    func waitUntilIdle() async {
        while true {
            let tasks: [Task<Void, Never>] = lock.withLock { running.values.map(\.task) }
            if tasks.isEmpty { return }
            for task in tasks {
                await task.value
            }
        }
    }
}
