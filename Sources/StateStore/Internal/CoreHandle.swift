/// How a subscription reaches its store's core to unsubscribe: the core while the store lives,
/// nothing once the store is gone.
///
/// Why not a `weak` reference to the core: the first weak reference to an object gives it a side
/// table, and from then on every retain and release of that object takes the runtime's slow path.
/// The core is retained and released on every dispatch, and a subscription's weak reference to
/// it cost about 125 instructions per dispatch in that slow path. The store holds the handle and empties it when it goes away; a
/// subscription holds the handle strongly, never the core, so a subscription kept after its store
/// keeps only this small object alive.
@usableFromInline
final class CoreHandle<State: StoreState>: Sendable {
    private let core: Lock.Guarded<StoreCore<State>?>

    @usableFromInline
    init(_ core: StoreCore<State>) {
        self.core = Lock.Guarded(core)
    }

    /// Hands `command` to the core, if the store is still there.
    @usableFromInline
    func submit(_ command: StoreCore<State>.Command) {
        core.withValue { $0 }?.submit(command)
    }

    /// Forgets the core: called when the store goes away.
    @usableFromInline
    func release() {
        core.withValue { $0 = nil }
    }
}
