import StateStore
import StoreTestSupport
import XCTest

final class EffectInspectionTests: XCTestCase {
    func testInspectionShowsEachKindOfEffect() async throws {
        let effect = Effect<Int>.merge(
            .send(1),
            .cancel(id: "old"),
            .run(id: "work", cancelInFlight: true) { send in send(2) }
        )
        guard case .merge(let parts) = effect.inspection, parts.count == 3 else {
            return XCTFail("expected a merge of three effects")
        }
        guard case .send(1) = parts[0].inspection else { return XCTFail("expected .send(1)") }
        guard case .cancel("old") = parts[1].inspection else { return XCTFail("expected .cancel(old)") }
        guard case .run(let run) = parts[2].inspection else { return XCTFail("expected .run") }
        XCTAssertEqual(run.id, "work")
        XCTAssertTrue(run.cancelInFlight)
        XCTAssertFalse(run.catchesErrors)
        let sent = SentActions()
        try await run.perform(Send { sent.append($0) })
        XCTAssertEqual(sent.values, [2])
    }

    func testThrowingRunNamesTheActionForItsError() async {
        struct Boom: Error {}
        let effect = Effect<String>.run { _ in
            throw Boom()
        } catch: { _ in
            "failed"
        }
        guard case .run(let run) = effect.inspection else { return XCTFail("expected .run") }
        XCTAssertTrue(run.catchesErrors)
        do {
            try await run.perform(Send { _ in })
            XCTFail("the work should throw")
        } catch {
            XCTAssertEqual(run.errorAction(for: error), "failed")
        }
    }

    func testNoneInspectsAsNone() {
        guard case .none = Effect<Int>.none.inspection else { return XCTFail("expected .none") }
    }
}

/// Collects what a `Send` delivered, from any thread.
final class SentActions: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [Int] = []
    func append(_ value: Int) { lock.withLock { collected.append(value) } }
    var values: [Int] { lock.withLock { collected } }
}
