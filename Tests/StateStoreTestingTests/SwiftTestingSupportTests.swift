#if canImport(Testing)
import StateStore
import StateStoreTesting
import Testing

/// The test store under Swift Testing: passing flows pass, and failures become Swift Testing
/// issues (a known issue here, so the suite stays green while proving the routing).
@Suite struct SwiftTestingSupportTests {
    @Test func passingFlowRecordsNoIssue() async {
        let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) { featureReducer(clock: $0) }
        await store.send(.loadTapped) { $0.isLoading = true }
        await store.receive(.loaded(42)) {
            $0.isLoading = false
            $0.value = 42
        }
    }

    @Test func unassertedChangeIsRecordedAsAnIssue() async {
        await withKnownIssue {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.increment)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("+count: 1") }
        }
    }

    @Test func missingSnapshotIsRecordedAsAnIssue() {
        withKnownIssue {
            assertSnapshots(
                of: featureReducer(clock: ContinuousClock()), from: Feature(), actions: [.increment],
                settings: SnapshotSettings(recordMode: .never, directory: temporarySnapshotDirectory()))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("No snapshot") }
        }
    }
}
#endif
