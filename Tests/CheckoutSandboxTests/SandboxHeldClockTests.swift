import Checkout
import CheckoutSandbox
import StateStore
import XCTest

/// The held clock: a sleep ends when the clock is advanced past it or the sleeper is cancelled,
/// never by itself, so a deadline on it cannot beat an answer from the same process.
final class SandboxHeldClockTests: XCTestCase {
    /// Waits, without a deadline of its own, until `count` tasks sleep on `clock`.
    private func waitForSleepers(_ count: Int, on clock: SandboxHeldClock) async {
        while clock.sleeperCount < count { await Task.yield() }
    }

    /// Asserts that `sleeper` ended with `CancellationError`.
    private func assertCancelled(_ sleeper: Task<Void, any Error>, line: UInt = #line) async {
        do {
            try await sleeper.value
            XCTFail("a cancelled sleep must throw", line: line)
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)", line: line)
        }
    }

    func testASleepEndsOnlyWhenTheClockIsAdvancedPastItsDeadline() async throws {
        let clock = SandboxHeldClock()
        let sleeper = Task { () throws -> SandboxHeldClock.Instant in
            try await clock.sleep(for: .seconds(5))
            return clock.now
        }
        await waitForSleepers(1, on: clock)
        clock.advance(by: .seconds(4))
        XCTAssertEqual(clock.sleeperCount, 1, "four seconds do not pass a five-second deadline")
        clock.advance(by: .seconds(1))
        XCTAssertEqual(clock.sleeperCount, 0)
        let wokeAt = try await sleeper.value
        XCTAssertEqual(wokeAt, SandboxHeldClock.Instant(offset: .seconds(5)))
    }

    func testACancelledSleepThrowsCancellationAndLeavesNoSleeper() async {
        let clock = SandboxHeldClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(20)) }
        await waitForSleepers(1, on: clock)
        sleeper.cancel()
        await assertCancelled(sleeper)
        XCTAssertEqual(clock.sleeperCount, 0)
        XCTAssertEqual(clock.now, SandboxHeldClock.Instant(), "cancelling does not move time")
    }

    func testASleepCancelledBeforeItBeginsThrowsAtOnce() async {
        let clock = SandboxHeldClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(20))
        }
        await assertCancelled(sleeper)
        XCTAssertEqual(clock.sleeperCount, 0)
    }

    func testADeadlineAlreadyPassedReturnsAtOnce() async throws {
        let clock = SandboxHeldClock()
        clock.advance(by: .seconds(2))
        try await clock.sleep(until: SandboxHeldClock.Instant(offset: .seconds(1)))
        try await clock.sleep(until: clock.now)
        XCTAssertEqual(clock.sleeperCount, 0)
    }

    func testCompletionPageScriptsAreAnsweredByThePageNeverTimedOut() async {
        // The demo's parse checkout on this clock: every script's deadline timer is cancelled by
        // the page's answer, however the machine schedules the two tasks.
        let clock = SandboxHeldClock()
        let rules = ParseRules(
            completion: .urlContainsAny(["/confirmation"]), orderNumberScript: "window.orderNo",
            guestEmailScript: "window.email")
        let scripts = [rules.script(for: .orderNumber), rules.script(for: .guestEmail)].compactMap { $0 }
        XCTAssertEqual(scripts.count, 2)
        let page = SandboxWebPage(
            answers: Dictionary(
                uniqueKeysWithValues: zip(scripts, [#""W-1001""#, #""ada@example.com""#].map { .answer($0) })))
        let environment = CheckoutEnvironment(api: SandboxCheckoutAPI(), webPage: page, clock: clock)
        let store = Store(
            reducer: CheckoutReducer.make(environment: environment),
            state: WebCheckoutBuilder(mode: .parse(rules)).makeState())
        store.dispatch(.common(.started))
        await store.waitForEffects()
        store.dispatch(.common(.loadProgressChanged(1)))
        store.dispatch(.parse(.pageLoaded(ParsedPage(url: "https://shop.example/confirmation", title: "Thank you"))))
        await store.waitForEffects()
        XCTAssertEqual(store.state.completedOrder?.orderID, "W-1001")
        XCTAssertEqual(page.evaluatedScripts, scripts)
        XCTAssertEqual(clock.sleeperCount, 0, "each deadline's timer ended with its answer")
        XCTAssertEqual(clock.now, SandboxHeldClock.Instant(), "no deadline passed")
    }
}
