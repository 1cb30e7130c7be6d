public import Checkout
import Foundation

/// A wallet sheet for demos and tests: it records every answer the engine sends, in the order it
/// arrives, and lets a script wait for the answer to a request as a host's PassKit completion
/// would be called.
///
/// ```swift
/// let sheet = SandboxWalletSheet()
/// let environment = CheckoutEnvironment(api: api, paymentProviders: [provider], walletSheet: sheet)
/// store.dispatch(.wallet(.shippingContactSelected(partial, requestID: 1)))
/// let answer = await sheet.answer(to: 1)
/// ```
///
/// Request ids are the sheet's own: use one `SandboxWalletSheet` per presented sheet.
public final class SandboxWalletSheet: WalletSheet, @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var received: [WalletSheetAnswer] = []
    private var waiting: [(requestID: Int, continuation: CheckedContinuation<WalletSheetAnswer, Never>)] = []

    /// Creates a sheet that has received nothing.
    public init() {}

    /// Every answer received, oldest first.
    public var answers: [WalletSheetAnswer] {
        lock.withLock { received }
    }

    /// Records `answer` and wakes whoever waits for it.
    public func answer(_ answer: WalletSheetAnswer) {
        let woken: [CheckedContinuation<WalletSheetAnswer, Never>] = lock.withLock {
            received.append(answer)
            let matching = waiting.filter { $0.requestID == answer.requestID }.map(\.continuation)
            waiting.removeAll { $0.requestID == answer.requestID }
            return matching
        }
        for continuation in woken { continuation.resume(returning: answer) }
    }

    /// The answer to `requestID`: at once when it arrived, or when it arrives.
    public func answer(to requestID: Int) async -> WalletSheetAnswer {
        await withCheckedContinuation { continuation in
            let found: WalletSheetAnswer? = lock.withLock {
                if let answer = received.last(where: { $0.requestID == requestID }) { return answer }
                waiting.append((requestID, continuation))
                return nil
            }
            if let found { continuation.resume(returning: found) }
        }
    }
}
