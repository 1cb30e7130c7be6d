import StateStore
import StoreTestSupport
import XCTest

#if canImport(Observation)
import Observation
#endif

final class StoreAsyncSequenceTests: XCTestCase {
    func testStatesStreamStartsWithTheCurrentValueThenEachChange() async {
        let store = makeStore()
        let stream = store.states(\.count)
        store.dispatch(.increment)
        store.dispatch(.setName("same count"))
        store.dispatch(.increment)
        var received: [Int] = []
        for await count in stream {
            received.append(count)
            if count == 2 { break }
        }
        XCTAssertEqual(received, [0, 1, 2])
    }

    func testCancellingTheConsumerEndsTheSubscription() async {
        let store = makeStore()
        let consumer = Task {
            var count = 0
            for await _ in store.states(\.count) { count += 1 }
            return count
        }
        consumer.cancel()
        let delivered = await consumer.value
        XCTAssertLessThanOrEqual(delivered, 1)
        store.dispatch(.increment)  // no subscriber left to deliver to; must not crash
        XCTAssertEqual(store.state.count, 1)
    }

    #if canImport(Observation)
    func testObservedStateNotifiesObservationTracking() throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
            throw XCTSkip("Observation needs macOS 14 / iOS 17")
        }
        let store = makeStore()
        let observed = store.observe(\.count)
        let changed = Recorder<Bool>()
        withObservationTracking {
            _ = observed.value
        } onChange: {
            changed.append(true)
        }
        store.dispatch(.setName("no count change"))
        XCTAssertEqual(changed.values, [])
        store.dispatch(.increment)
        XCTAssertEqual(changed.values, [true])
        XCTAssertEqual(observed.value, 1)
    }
    #endif
}
