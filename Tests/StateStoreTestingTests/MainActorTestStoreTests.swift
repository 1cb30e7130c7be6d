import StateStore
import StateStoreTesting
import XCTest

/// Apps' test classes are often `@MainActor`; assertion closures may then read main-actor state.
@MainActor
final class MainActorTestStoreTests: XCTestCase {
    private var expectedValue = 42

    func testAssertionClosuresRunOnTheCallersActor() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.loadTapped) { $0.isLoading = true }
            await store.receive(.loaded(42)) {
                MainActor.assertIsolated()
                $0.isLoading = false
                $0.value = self.expectedValue
            }
        }
        XCTAssertEqual(failures, [])
    }
}
