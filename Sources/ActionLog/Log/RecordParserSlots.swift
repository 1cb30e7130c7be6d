import StateStore

/// A reader's record parsers, one per worker of its ``DecodeJob``s, kept from batch to batch: a
/// parser's tape room and the strings its decoders made (``TextCache``) stay warm, where a copy
/// of the parser for each piece of 128 lines started both anew.
///
/// Worker `n` of a job uses slot `n` alone, and a job's workers are done with their slots before
/// the job's `waitUntilDone()` returns (see ``DecodeJob``), so no slot is used by two threads at
/// once; a worker numbered past the slots decodes with a copy of its own.
final class RecordParserSlots<State: StoreState & Decodable> {
    let count: Int
    let base: UnsafeMutablePointer<RecordParser<State>>

    init(count: Int, parser: RecordParser<State>) {
        self.count = count
        base = .allocate(capacity: count)
        base.initialize(repeating: parser, count: count)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Drops the tape room a long line grew (more than a line of 64 KiB needs), so that a reader
    /// holds a long line's tapes only while that line's batch decodes, as before the slots
    /// (`Docs/ActionLogs.md`'s bound of about seven times a line).
    func releaseLongTapes() {
        for slot in 0..<count where base[slot].tape.capacity > JSONTape.tokenBound(byteCount: 1 << 16) {
            base[slot].tape = JSONTape()
        }
    }
}
