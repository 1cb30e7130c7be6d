import StateStore
import StoreTestSupport
import XCTest

final class StoreSubscriberTests: XCTestCase {
    func testSubscriberGetsTheCurrentSelectionAtOnce() {
        let store = makeStore()
        store.dispatch(.add(3))
        let seen = Recorder<Int>()
        let subscription = store.subscribe(\.count) { seen.append($0) }
        XCTAssertEqual(seen.values, [3])
        subscription.cancel()
    }

    func testSkipsRepeatsOfAnEquatableSelection() {
        let store = makeStore()
        let seen = Recorder<Int>()
        let subscription = store.subscribe(\.count) { seen.append($0) }
        store.dispatch(.setName("a"))  // count unchanged: no notification
        store.dispatch(.increment)
        store.dispatch(.set(1))  // same value: no notification
        store.dispatch(.increment)
        XCTAssertEqual(seen.values, [0, 1, 2])
        subscription.cancel()
    }

    func testCustomComparisonDecidesWhatIsARepeat() {
        let store = makeStore()
        let seen = Recorder<Int>()
        let subscription = store.subscribe({ $0.count }, isDuplicate: { $0 / 10 == $1 / 10 }) { seen.append($0) }
        for _ in 0..<25 { store.dispatch(.increment) }
        XCTAssertEqual(seen.values, [0, 10, 20])
        subscription.cancel()
    }

    func testWholeStateSubscriptionSeesEveryChange() {
        let store = makeStore()
        let seen = Recorder<CounterState>()
        let subscription = store.subscribe { seen.append($0) }
        store.dispatch(.increment)
        store.dispatch(.set(1))
        XCTAssertEqual(seen.values.map(\.count), [0, 1])
        subscription.cancel()
    }

    func testCancelledSubscriptionIsNotNotified() {
        let store = makeStore()
        let seen = Recorder<Int>()
        let subscription = store.subscribe(\.count) { seen.append($0) }
        subscription.cancel()
        subscription.cancel()  // twice is harmless
        store.dispatch(.increment)
        XCTAssertEqual(seen.values, [0])
    }

    func testDroppedSubscriptionIsCancelled() {
        let store = makeStore()
        let seen = Recorder<Int>()
        do {
            let subscription = store.subscribe(\.count) { seen.append($0) }
            _ = subscription
        }
        store.dispatch(.increment)
        XCTAssertEqual(seen.values, [0])
    }

    func testSubscriptionsStoredInASetLiveAsLongAsTheSet() {
        let store = makeStore()
        let seen = Recorder<Int>()
        var bag = Set<StoreSubscription>()
        store.subscribe(\.count) { seen.append($0) }.store(in: &bag)
        store.dispatch(.increment)
        bag.removeAll()
        store.dispatch(.increment)
        XCTAssertEqual(seen.values, [0, 1])
    }

    func testSubscribersAreNotifiedInSubscriptionOrder() {
        let store = makeStore()
        let seen = Recorder<String>()
        let subscriptions = (0..<5).map { index in
            store.subscribe(\.count) { count in seen.append("\(index):\(count)") }
        }
        store.dispatch(.increment)
        XCTAssertEqual(seen.values.suffix(5), ["0:1", "1:1", "2:1", "3:1", "4:1"])
        _ = subscriptions
    }

    func testSubscriberCanUnsubscribeItselfDuringANotification() {
        let store = makeStore()
        let seen = Recorder<Int>()
        let holder = SubscriptionHolder()
        holder.subscription = store.subscribe(\.count) { count in
            seen.append(count)
            if count == 1 { holder.subscription?.cancel() }
        }
        store.dispatch(.increment)
        store.dispatch(.increment)
        XCTAssertEqual(seen.values, [0, 1])
    }

    func testUnsubscribingALaterSubscriberDuringARoundSkipsItInThatRound() {
        let store = makeStore()
        let seen = Recorder<String>()
        let later = SubscriptionHolder()
        let first = store.subscribe(\.count) { count in
            seen.append("first \(count)")
            if count == 1 { later.subscription?.cancel() }
        }
        later.subscription = store.subscribe(\.count) { count in seen.append("later \(count)") }
        store.dispatch(.increment)
        XCTAssertEqual(seen.values, ["first 0", "later 0", "first 1"])
        first.cancel()
    }

    func testSubscribersThatLeaveDuringARoundAreGoneFromLaterRoundsAndTheRestKeepTheirOrder() {
        let store = makeStore()
        let seen = Recorder<String>()
        let second = SubscriptionHolder()
        let fourth = SubscriptionHolder()
        let joiner = SubscriptionHolder()
        let first = store.subscribe(\.count) { count in
            seen.append("first \(count)")
            guard count == 1 else { return }
            second.subscription?.cancel()
            // Joins and leaves in the same round: never in a later one.
            joiner.subscription = store.subscribe(\.count) { seen.append("joiner \($0)") }
            joiner.subscription?.cancel()
        }
        second.subscription = store.subscribe(\.count) { seen.append("second \($0)") }
        let third = store.subscribe(\.count) { count in
            seen.append("third \(count)")
            if count == 1 { fourth.subscription?.cancel() }
        }
        fourth.subscription = store.subscribe(\.count) { seen.append("fourth \($0)") }
        store.dispatch(.increment)
        store.dispatch(.increment)
        XCTAssertEqual(
            seen.values,
            [
                "first 0", "second 0", "third 0", "fourth 0",
                "first 1", "joiner 1", "third 1",
                "first 2", "third 2",
            ])
        first.cancel()
        third.cancel()
    }

    func testSubscribersOfMixedKindsAreNotifiedInOrderEachWithItsOwnComparison() {
        // Runs of one kind (a value type and a comparison) are notified by one call: interleaved
        // kinds, a custom comparison between `==` ones of the same type, and a leaver in the
        // middle of a run must still come out in subscription order, each compared its own way.
        let store = makeStore()
        let seen = Recorder<String>()
        let leaver = SubscriptionHolder()
        let a = store.subscribe({ $0.count }) { seen.append("a \($0)") }
        let b = store.subscribe({ $0.count }) { count in
            seen.append("b \(count)")
            if count == 2 { leaver.subscription?.cancel() }
        }
        leaver.subscription = store.subscribe({ $0.count }) { seen.append("leaver \($0)") }
        let even = store.subscribe({ $0.count }, isDuplicate: { $0 % 2 == $1 % 2 }) { seen.append("even \($0)") }
        let c = store.subscribe({ $0.count }) { seen.append("c \($0)") }
        let name = store.subscribe({ $0.name }) { seen.append("name \($0)") }
        let d = store.subscribe({ $0.count }) { seen.append("d \($0)") }
        store.dispatch(.increment)
        store.dispatch(.setName("x"))
        store.dispatch(.increment)
        store.dispatch(.add(2))
        XCTAssertEqual(
            seen.values,
            [
                "a 0", "b 0", "leaver 0", "even 0", "c 0", "name ", "d 0",
                "a 1", "b 1", "leaver 1", "even 1", "c 1", "d 1",
                "name x",
                "a 2", "b 2", "even 2", "c 2", "d 2",
                "a 4", "b 4", "c 4", "d 4",
            ])
        withExtendedLifetime((a, b, even, c, name, d)) {}
    }

    func testSubscribingDuringARoundDeliversTheCurrentValueOnceAndJoinsLaterRounds() {
        let store = makeStore()
        let seen = Recorder<String>()
        let added = SubscriptionHolder()
        let first = store.subscribe(\.count) { count in
            seen.append("first \(count)")
            if count == 1 {
                added.subscription = store.subscribe(\.count) { seen.append("added \($0)") }
            }
        }
        store.dispatch(.increment)
        store.dispatch(.increment)
        XCTAssertEqual(seen.values, ["first 0", "first 1", "added 1", "first 2", "added 2"])
        first.cancel()
    }

    func testSubscriptionOutlivingItsStoreIsHarmless() {
        var store: Store<CounterState>? = makeStore()
        let subscription = store?.subscribe(\.count) { _ in }
        store = nil
        subscription?.cancel()
        XCTAssertNotNil(subscription)
    }

    func testSubscriptionOutlivingItsStoreDoesNotKeepTheStateAlive() {
        struct Holding: StoreState {
            enum Action: Codable, Sendable, Equatable { case tick }
            var payload: Payload
        }
        final class Payload: Sendable {}
        weak var payload: Payload?
        var subscription: StoreSubscription?
        do {
            let made = Payload()
            payload = made
            let store = Store(reducer: .empty, state: Holding(payload: made))
            subscription = store.subscribe({ _ in 0 }) { _ in }
        }
        // The subscription reaches its store through a handle the store empties as it goes.
        XCTAssertNil(payload)
        subscription?.cancel()
    }
}

final class SubscriptionHolder: @unchecked Sendable {
    var subscription: StoreSubscription?
}
