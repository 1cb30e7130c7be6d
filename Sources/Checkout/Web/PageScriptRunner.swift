import Foundation
import StateStore

/// Runs the completion page's scripts on the host's ``WebCheckoutPage``, as an effect: one after
/// another, in ``ParseScript`` order, under one deadline (``CheckoutEnvironment/pageScriptTimeout``
/// from the start, on ``CheckoutEnvironment/clock``). Each script's result is sent as its own
/// ``ParseAction/scriptAnswered(_:requestID:)``, so the log holds every answer and a replay needs
/// no page.
///
/// Why a deadline rather than waiting: `evaluateJavaScript` may never call back (a hung web
/// content process, a page navigating away), and the completion must not wait for it. A script
/// that has not answered when the deadline passes is sent as timed out at once; its evaluation is
/// cancelled and whatever it answers later is dropped. Scripts after it are not evaluated (the
/// page that hung one would hang them too) and are sent as timed out as well.
enum PageScriptRunner {
    /// What evaluating one script came to.
    enum Answer: Sendable {
        case text(String?)
        case failed
        case timedOut
    }

    static func effect(
        _ scripts: [(script: ParseScript, text: String)], requestID: Int, environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        let page = environment.webPage
        let limit = environment.pageScriptTimeout
        let clock = environment.clock
        return .run { send in
            guard let page else {
                for entry in scripts {
                    send(.parse(.scriptAnswered(.rejected(entry.script, .noPage), requestID: requestID)))
                }
                return
            }
            await run(scripts, on: page, limit: limit, clock: clock) { result in
                send(.parse(.scriptAnswered(result, requestID: requestID)))
            }
        }
    }

    static func run<C: Clock>(
        _ scripts: [(script: ParseScript, text: String)], on page: any WebCheckoutPage, limit: Duration, clock: C,
        send: (ParseScriptResult) -> Void
    ) async where C.Duration == Duration {
        let deadline = clock.now.advanced(by: limit)
        let milliseconds =
            Int(limit.components.seconds) * 1000 + Int(limit.components.attoseconds / 1_000_000_000_000_000)
        for entry in scripts {
            let answer: Answer
            if clock.now < deadline {
                answer = await evaluate(entry.text, on: page, until: deadline, clock: clock)
            } else {
                answer = .timedOut
            }
            switch answer {
            case .text(let text): send(entry.script.result(reading: text))
            case .failed: send(.rejected(entry.script, .evaluationFailed))
            case .timedOut: send(.rejected(entry.script, .timedOut(milliseconds: milliseconds)))
            }
        }
    }

    /// Evaluates `script`, or gives up at `deadline`: whichever comes first answers. Neither the
    /// evaluation nor the timer is awaited once the other answered, so a page that ignores
    /// cancellation cannot hold the effect.
    static func evaluate<C: Clock>(
        _ script: String, on page: any WebCheckoutPage, until deadline: C.Instant, clock: C
    ) async -> Answer where C.Duration == Duration {
        await withCheckedContinuation { continuation in
            let race = Race(continuation)
            race.start(
                work: Task {
                    let answer: Answer
                    do {
                        answer = .text(try await page.evaluateJavaScript(script))
                    } catch {
                        answer = .failed
                    }
                    race.finish(answer)
                },
                timer: Task {
                    do {
                        try await clock.sleep(until: deadline, tolerance: nil)
                    } catch {
                        return  // cancelled: the page answered first
                    }
                    race.finish(.timedOut)
                })
        }
    }

    /// The first answer resumes the continuation and cancels the other task; later ones are
    /// dropped.
    private final class Race: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Answer, Never>?
        private var tasks: [Task<Void, Never>] = []

        init(_ continuation: CheckedContinuation<Answer, Never>) {
            self.continuation = continuation
        }

        func start(work: Task<Void, Never>, timer: Task<Void, Never>) {
            lock.lock()
            let finished = continuation == nil
            if !finished { tasks = [work, timer] }
            lock.unlock()
            if finished {
                work.cancel()
                timer.cancel()
            }
        }

        func finish(_ answer: Answer) {
            lock.lock()
            let waiting = continuation
            continuation = nil
            let others = tasks
            tasks = []
            lock.unlock()
            guard let waiting else { return }
            waiting.resume(returning: answer)
            for task in others { task.cancel() }
        }
    }
}
