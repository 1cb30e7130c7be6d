import Checkout
import Foundation
import StateStore

/// Every action a store reduced, in order.
final class ExpressActionList: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [CheckoutAction] = []

    var middleware: Middleware<CheckoutState> {
        .observing { [self] _, action in
            lock.lock()
            storage.append(action)
            lock.unlock()
        }
    }

    var actions: [CheckoutAction] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
