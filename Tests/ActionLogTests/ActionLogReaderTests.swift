import ActionLog
import Foundation
import StateStore
import StoreTestSupport
import XCTest

final class ActionLogReaderTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory(self)
    }

    /// A closed log of `count` increments; returns its path and its bytes.
    private func makeLog(count: Int = 6, name: String = "log.jsonl") throws -> (path: String, bytes: [UInt8]) {
        let path = directory.appendingPathComponent(name).path
        let recorder = try ActionRecorder(
            path: path, initialState: CounterState(), mode: .durable,
            configuration: ActionLogConfiguration(fingerprintInterval: 2), now: { 1 })
        let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
        for index in 0..<count { store.dispatch(index % 2 == 0 ? .increment : .note("n\(index)")) }
        try recorder.close()
        return (path, Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    private func write(_ bytes: [UInt8], name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map { Array($0) + [10] }
    }

    func testTornLastLineIsReportedAndSkippedAndEveryRecordBeforeItIsReturned() throws {
        let log = try makeLog()
        let all = lines(log.bytes)
        // Drop the footer, and cut the last action line in half.
        let torn = Array(all[0..<6].joined()) + Array(all[6].prefix(all[6].count / 2))
        let result = readAll(try write(torn, name: "torn.jsonl"))
        XCTAssertNil(result.error)
        XCTAssertEqual(result.records.count, 5)
        XCTAssertEqual(result.torn, 7)
    }

    func testBadChecksumInTheMiddleStopsWithTheLineNumber() throws {
        let log = try makeLog()
        var all = lines(log.bytes)
        // Flip a digit inside the action of line 3, keeping valid JSON.
        if let index = all[2].firstIndex(of: UInt8(ascii: "1")) { all[2][index] = UInt8(ascii: "2") }
        let result = readAll(try write(Array(all.joined()), name: "flipped.jsonl"))
        XCTAssertEqual(result.records.count, 1, "the good record before the bad line comes back")
        guard case .badLine(_, let line, .checksumMismatch) = result.error else {
            return XCTFail("\(String(describing: result.error))")
        }
        XCTAssertEqual(line, 3)
    }

    func testTruncationAtEveryByteOffsetNeverCrashesNorMisreads() throws {
        let log = try makeLog(count: 4)
        let expected = readAll(log.path).records.map(\.action)
        for cut in 0..<log.bytes.count {
            let path = try write(Array(log.bytes.prefix(cut)), name: "cut.jsonl")
            let result = readAll(path)
            // Whatever comes back is a prefix of the real actions, never something else.
            XCTAssertEqual(result.records.map(\.action), Array(expected.prefix(result.records.count)), "cut at \(cut)")
            if cut == 0 {
                XCTAssertEqual(result.error, .empty(path: path))
            } else if result.error == nil {
                // A cut inside a line is torn and reported; a cut at a line end is a clean prefix.
                let endsAtLine = log.bytes[cut - 1] == 10
                XCTAssertEqual(result.torn == nil, endsAtLine, "cut at \(cut)")
            } else {
                // Only a cut inside the header can fail; it names line 1.
                XCTAssertLessThan(cut, lines(log.bytes)[0].count, "cut at \(cut): \(String(describing: result.error))")
            }
        }
    }

    func testBitFlipsAnywhereAreCaughtWithALineNumberOrAsATornTail() throws {
        let log = try makeLog(count: 4)
        let expected = readAll(log.path).records.map(\.action)
        var generator = SplitMix64(seed: 7)
        for _ in 0..<400 {
            var bytes = log.bytes
            let position = Int(generator.next() % UInt64(bytes.count))
            bytes[position] ^= UInt8(1 << (generator.next() % 8))
            let result = readAll(try write(bytes, name: "flip.jsonl"))
            XCTAssertEqual(
                result.records.map(\.action), Array(expected.prefix(result.records.count)), "flip at \(position)")
            XCTAssertTrue(
                result.error != nil || result.torn != nil || result.records.count < expected.count,
                "a flipped bit at \(position) went unnoticed")
        }
    }

    func testParallelBatchesReadExactlyWhatSingleLinesRead() throws {
        let log = try makeLog(count: 600)
        var generator = SplitMix64(seed: 11)
        for round in 0..<60 {
            var bytes = log.bytes
            switch round % 3 {
            case 0: bytes[Int(generator.next() % UInt64(bytes.count))] ^= 0x20  // a flipped bit
            case 1: bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))  // truncated
            default: break  // intact
            }
            let path = try write(bytes, name: "batch-\(round).jsonl")
            let single = readAll(path)
            let batched = readAllInBatches(path, batch: 512)
            XCTAssertEqual(batched.records.map(\.action), single.records.map(\.action), "round \(round)")
            XCTAssertEqual(batched.records.map(\.line), single.records.map(\.line), "round \(round)")
            XCTAssertEqual(batched.error, single.error, "round \(round)")
            XCTAssertEqual(batched.torn, single.torn, "round \(round)")
        }
    }

    func testAProblemDeepInALargeBatchKeepsEveryRecordBeforeItWhicheverPieceItIsIn() throws {
        // Batches of 1,000 lines are decoded in pieces of 128 on several threads, straight into
        // the records handed back; a line that is not a good record in sequence (anywhere: first
        // or last line of a piece, mid-piece) sends the batch down the line-by-line path.
        let log = try makeLog(count: 1200)
        let all = lines(log.bytes)
        for target in [129, 130, 256, 257, 700, 1001] {
            var duplicated = all
            duplicated[target] = all[target - 1]  // record `target - 1` again: a sequence gap
            let dup = readAllInBatches(try write(Array(duplicated.joined()), name: "dup-\(target).jsonl"))
            XCTAssertEqual(dup.records.map(\.sequence), Array(1..<target), "duplicate at line \(target + 1)")
            guard case .badLine(_, let line, .sequenceGap(expected: target, found: target - 1)) = dup.error else {
                return XCTFail("line \(target + 1): \(String(describing: dup.error))")
            }
            XCTAssertEqual(line, target + 1)

            var garbled = all
            garbled[target] = Array("garbage\n".utf8)
            let bad = readAllInBatches(try write(Array(garbled.joined()), name: "bad-\(target).jsonl"))
            XCTAssertEqual(bad.records.map(\.sequence), Array(1..<target))
            XCTAssertEqual(bad.records.map(\.line), Array(2..<(target + 1)), "line numbers count the header")
            guard case .badLine(_, target + 1, .missingChecksum) = bad.error else {
                return XCTFail("line \(target + 1): \(String(describing: bad.error))")
            }
        }
        // The footer ends the last batch, which therefore goes line by line too: all there.
        let whole = readAllInBatches(log.path)
        XCTAssertEqual(whole.records.map(\.sequence), Array(1...1200))
        XCTAssertNil(whole.error)
    }

    func testReadingAheadInTheBackgroundIsInvisibleWhateverCallsAreMixed() throws {
        let log = try makeLog(count: 1500)
        var damaged = lines(log.bytes)
        damaged[1201] = Array("garbage\n".utf8)
        for (name, bytes) in [("whole.jsonl", log.bytes), ("damaged.jsonl", Array(damaged.joined()))] {
            let path = try write(bytes, name: name)
            let single = readAll(path)
            let reader = try ActionLogReader<CounterState>(path: path)
            var records: [ActionLogRecord<CounterState.Action>] = []
            var error: ActionLogError?
            var call = 0
            do {
                while true {
                    call += 1
                    // Batches big enough to read ahead, single records and footer checks in between,
                    // each of which must wait for the batch being read ahead.
                    if call % 3 == 0, let record = try reader.next() {
                        records.append(record)
                        XCTAssertNil(reader.footer, "no footer before the last record")
                        continue
                    }
                    let batch = try reader.nextBatch(maximumCount: 256 + call)
                    if batch.isEmpty { break }
                    XCTAssertLessThanOrEqual(batch.count, 256 + call)
                    records += batch
                }
            } catch let thrown {
                error = thrown
            }
            XCTAssertEqual(records.map(\.action), single.records.map(\.action), name)
            XCTAssertEqual(records.map(\.sequence), Array(1...records.count), name)
            XCTAssertEqual(error, single.error, name)
            if error == nil { XCTAssertEqual(reader.footer?.count, 1500, name) }
        }
    }

    func testDuplicatedAndGarbageLinesAreTypedErrors() throws {
        let log = try makeLog(count: 4)
        let all = lines(log.bytes)
        let duplicated = Array(all[0..<3].joined()) + all[2] + Array(all[3...].joined())
        let result = readAll(try write(duplicated, name: "dup.jsonl"))
        XCTAssertEqual(result.records.count, 2)
        XCTAssertEqual(
            result.error.map { "\($0)" },
            "\(directory.appendingPathComponent("dup.jsonl").path):4: sequence number 2, expected 3")

        let garbage = Array(all[0..<2].joined()) + Array("this is not json\n".utf8) + Array(all[2...].joined())
        let garbled = readAll(try write(garbage, name: "garbage.jsonl"))
        XCTAssertEqual(garbled.records.count, 1)
        guard case .badLine(_, 3, .missingChecksum) = garbled.error else {
            return XCTFail("\(String(describing: garbled.error))")
        }
    }

    func testNotALogNewerFormatAndNewerSchemaAreRefusedByName() throws {
        let notALog = try write(Array("{\"hello\":1}\n".utf8), name: "other.jsonl")
        XCTAssertThrowsError(try ActionLogReader<CounterState>(path: notALog)) { error in
            XCTAssertEqual(error as? ActionLogError, .notAnActionLog(path: notALog, reason: .notALogHeader))
            XCTAssertEqual("\(error)", "\(notALog): not an action log: line 1 is not a log header")
        }
        func header(_ replace: (String) -> String) throws -> String {
            let log = try makeLog(count: 1, name: "h-\(UUID().uuidString).jsonl")
            var text = String(decoding: lines(log.bytes)[0].dropLast(), as: UTF8.self)
            text = replace(String(text[..<text.range(of: #","crc":""#)!.lowerBound]))
            var sealed = text
            let checksum = LineChecksum.compute(sealed)
            let hex = String(checksum, radix: 16)
            sealed += #","crc":""# + String(repeating: "0", count: 8 - hex.count) + hex + "\"}\n"
            return try write(Array(sealed.utf8), name: "header-\(UUID().uuidString).jsonl")
        }
        let newerFormat = try header { $0.replacingOccurrences(of: #""formatVersion":1"#, with: #""formatVersion":2"#) }
        XCTAssertThrowsError(try ActionLogReader<CounterState>(path: newerFormat)) { error in
            XCTAssertEqual(error as? ActionLogError, .newerFormat(path: newerFormat, found: 2, supported: 1))
        }
        let newerSchema = try header { $0.replacingOccurrences(of: #""schema":1"#, with: #""schema":3"#) }
        XCTAssertThrowsError(try ActionLogReader<CounterState>(path: newerSchema)) { error in
            XCTAssertEqual(error as? ActionLogError, .newerSchema(path: newerSchema, found: 3, supported: 1))
        }
        let otherFormat = try header { $0.replacingOccurrences(of: "checkoutengine-actionlog", with: "something-else") }
        XCTAssertThrowsError(try ActionLogReader<CounterState>(path: otherFormat)) { error in
            XCTAssertEqual(
                error as? ActionLogError, .notAnActionLog(path: otherFormat, reason: .otherFormat("something-else")))
        }
    }

    func testAFileWhoseFirstLineIsNoLogHeaderIsNotALogButADamagedHeaderIsNamedAtLineOne() throws {
        let log = try makeLog(count: 2, name: "source.jsonl")
        let logLines = lines(log.bytes)
        let notLogs: [(String, [UInt8])] = [
            ("text", Array("this is not a log\nnor this\n".utf8)),
            ("no-newline", Array("just one line".utf8)),
            ("binary", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF]),
            ("csv", Array("seq,time\n1,2\n".utf8)),
            // A log cut from its start: its first line is a good, checksummed record.
            ("headless", Array(logLines[1...].joined())),
        ]
        for (name, bytes) in notLogs {
            let path = try write(bytes, name: "\(name).jsonl")
            XCTAssertThrowsError(try ActionLogReader<CounterState>(path: path), name) { error in
                XCTAssertEqual(error as? ActionLogError, .notAnActionLog(path: path, reason: .notALogHeader), name)
            }
        }
        // A header of this format that was torn or edited is a damaged log, named at line 1.
        let tornHeader = try write(Array(logLines[0].dropLast(5)), name: "torn-header.jsonl")
        XCTAssertThrowsError(try ActionLogReader<CounterState>(path: tornHeader)) { error in
            XCTAssertEqual(error as? ActionLogError, .badLine(path: tornHeader, line: 1, problem: .missingNewline))
        }
        var edited = logLines[0]
        let digit = try XCTUnwrap(edited.firstIndex(of: UInt8(ascii: "1")))
        edited[digit] = UInt8(ascii: "2")
        let editedHeader = try write(Array(([edited] + logLines[1...]).joined()), name: "edited-header.jsonl")
        XCTAssertThrowsError(try ActionLogReader<CounterState>(path: editedHeader)) { error in
            guard case .badLine(editedHeader, 1, .checksumMismatch) = error as? ActionLogError else {
                return XCTFail("\(error)")
            }
        }
    }

    func testOlderSchemaIsRefusedWithoutAnUpgradeAndReadWithOne() throws {
        let log = try makeLog(count: 2)
        XCTAssertThrowsError(try ActionLogReader<CounterState>(path: log.path, schemaVersion: 2)) { error in
            XCTAssertEqual(error as? ActionLogError, .olderSchemaWithoutUpgrade(path: log.path, found: 1, supported: 2))
        }
        // Schema 2 renamed "increment" to "add(1)": the upgrade step rewrites old actions.
        let upgrade = ActionSchemaUpgrade { action, version in
            XCTAssertEqual(version, 1)
            if case .object(let members) = action, members.first?.key == "increment" {
                return .object([JSONMember(key: "add", value: .object([JSONMember(key: "_0", value: .number("1"))]))])
            }
            return action
        }
        let reader = try ActionLogReader<CounterState>(path: log.path, schemaVersion: 2, upgrade: upgrade)
        var actions: [CounterState.Action] = []
        while let record = try reader.next() { actions.append(record.action) }
        XCTAssertEqual(actions, [.add(1), .note("n1")])
    }

    func testALogOfAVersionTheSchemaReadsUnchangedSkipsTheUpgradeStep() throws {
        let log = try makeLog(count: 2)
        let calls = Recorder<Int>()
        // Schema 3 only added actions to schema 1: its logs read as they are.
        let upgrade = ActionSchemaUpgrade(unchangedSince: 1) { action, _ in
            calls.append(1)
            return action
        }
        let reader = try ActionLogReader<CounterState>(path: log.path, schemaVersion: 3, upgrade: upgrade)
        var actions: [CounterState.Action] = []
        while let record = try reader.next() { actions.append(record.action) }
        XCTAssertEqual(actions.count, 2)
        XCTAssertEqual(calls.values, [], "no step for a version read unchanged")
        let stepped = try ActionLogReader<CounterState>(
            path: log.path, schemaVersion: 3,
            upgrade: ActionSchemaUpgrade(unchangedSince: 2) { action, version in
                XCTAssertEqual(version, 1)
                calls.append(version)
                return action
            })
        while try stepped.next() != nil {}
        XCTAssertEqual(calls.values, [1, 1], "an older version still goes through it")
    }

    func testUnknownActionCaseIsARefusalNamingIt() throws {
        let log = try makeLog(count: 2)
        var all = lines(log.bytes)
        // Rewrite line 2's action as a case this app does not have, with a valid checksum.
        let body = #"{"seq":1,"t":1,"action":{"launchRocket":{}}"#
        let hex = String(LineChecksum.compute(body), radix: 16)
        all[1] = Array((body + #","crc":""# + String(repeating: "0", count: 8 - hex.count) + hex + "\"}\n").utf8)
        let path = try write(Array(all.joined()), name: "unknown.jsonl")
        let result = readAll(path)
        XCTAssertEqual(result.error, .unknownAction(path: path, line: 2, name: "launchRocket", at: ""))
        XCTAssertEqual(result.error.map { "\($0)" }, "\(path):2: unknown action case \"launchRocket\"")
    }

    func testMissingFileIsAOneLineError() {
        let path = directory.appendingPathComponent("missing.jsonl").path
        XCTAssertThrowsError(try ActionLogReader<CounterState>(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path): cannot read: No such file or directory")
        }
    }
}
