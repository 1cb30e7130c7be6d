import Foundation

/// Delivers the answers to the host's ``WalletSheet`` in the order the reducer made them.
///
/// Each answer is an effect, and effects run as separate tasks, which may start in any order. So
/// each carries its sheet's ``WalletSheetState/session`` and its place among that sheet's answers
/// (1, 2, …): the outbox hands an answer over only after every earlier one of its sheet, one call
/// at a time, holding early arrivals until their turn. A sheet's first answer starts a new
/// sequence and drops whatever an older sheet still held (that sheet is gone); an answer of an
/// older sheet, or one already delivered, is dropped. So an answer to an older request never
/// reaches the sheet after one to a newer request.
///
/// Every answer effect runs to its end (none is cancellable by id), so a gap is filled unless the
/// store shuts down, and then there is no sheet to answer.
final class WalletSheetOutbox: @unchecked Sendable {
    let sheet: any WalletSheet
    private let lock = NSLock()
    // Guarded by `lock`.
    private var session = 0
    private var next = 1
    private var held: [Int: WalletSheetAnswer] = [:]

    init(sheet: any WalletSheet) {
        self.sheet = sheet
    }

    /// Delivers `answer`, the `sequence`th of sheet `session`, once the ones before it are.
    func deliver(_ answer: WalletSheetAnswer, session: Int, sequence: Int) {
        // The lock is held while calling the sheet, so two deliveries never interleave; the
        // sheet's `answer` hops to its own queue and returns.
        lock.lock()
        defer { lock.unlock() }
        if session > self.session {
            self.session = session
            next = 1
            held = [:]
        }
        guard session == self.session, sequence >= next else { return }
        held[sequence] = answer
        while let ready = held.removeValue(forKey: next) {
            next += 1
            sheet.answer(ready)
        }
    }

    /// Delivers an answer that belongs to no sheet the engine opened (a callback for a sheet that
    /// was never presented): there is no order to keep.
    func deliverUnordered(_ answer: WalletSheetAnswer) {
        lock.lock()
        defer { lock.unlock() }
        sheet.answer(answer)
    }
}
