import ActionLog
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// Damaged and hostile logs: lines deleted, duplicated, reordered or cut; junk after the footer;
/// values rewritten with their checksums recomputed (so only the reader's own checks stand in the
/// way); lines too long to hold. Each case asserts that nothing crashes, nothing is misread (what
/// comes back is a prefix of the real records), and the error names the right line and problem.
final class LogCorruptionTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory(self)
    }

    // MARK: Fixtures

    /// A closed log of `count` actions (a fingerprint every `interval`), as lines with their
    /// newlines: the header is `[0]`, record `k` is `[k]`, the footer is `[count + 1]`.
    private func makeLog(count: Int = 8, interval: Int = 2) throws -> [[UInt8]] {
        let path = directory.appendingPathComponent("source-\(UUID().uuidString).jsonl").path
        let recorder = try ActionRecorder(
            path: path, initialState: CounterState(), mode: .durable,
            configuration: ActionLogConfiguration(fingerprintInterval: interval), now: { 1 })
        let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
        for index in 0..<count { store.dispatch(index % 3 == 0 ? .note("n\(index)") : .increment) }
        try recorder.close()
        return Self.lines(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    private static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map { Array($0) + [10] }
    }

    private func write(_ lines: [[UInt8]], name: String = "damaged.jsonl") throws -> String {
        try write(Array(lines.joined()), name: name)
    }

    private func write(_ bytes: [UInt8], name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A line rewritten by `edit` (applied to its text without the checksum trailer), with its
    /// checksum recomputed: only the reader's own checks can catch it.
    private static func resealed(_ line: [UInt8], _ edit: (String) -> String) -> [UInt8] {
        let text = String(decoding: line.dropLast(19), as: UTF8.self)
        return sealed(edit(text))
    }

    /// `body` (a JSON object without its closing brace) with its checksum trailer and newline.
    private static func sealed(_ body: String) -> [UInt8] {
        let hex = String(LineChecksum.compute(body), radix: 16)
        return Array((body + #","crc":""# + String(repeating: "0", count: 8 - hex.count) + hex + "\"}\n").utf8)
    }

    /// Replaces `old` (which must be there) in a line, and reseals it.
    private static func replacing(_ old: String, with new: String, in line: [UInt8]) -> [UInt8] {
        resealed(line) { text in
            precondition(text.contains(old), "\(old) is not in \(text)")
            return text.replacingOccurrences(of: old, with: new)
        }
    }

    /// What every way of reading a file gave: one record at a time, in batches of 3 (batch edges
    /// everywhere) and of 1,000, and a replay.
    private struct Reading {
        var records: [ActionLogRecord<CounterState.Action>]
        var error: ActionLogError?
        var torn: Int?
        var footer: ActionLogFooter?
    }

    private func read(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> Reading {
        var records: [ActionLogRecord<CounterState.Action>] = []
        var reading: Reading
        do {
            let reader = try ActionLogReader<CounterState>(path: path)
            while let record = try reader.next() { records.append(record) }
            reading = Reading(records: records, error: nil, torn: reader.tornLine?.line, footer: reader.footer)
        } catch {
            reading = Reading(records: records, error: error, torn: nil, footer: nil)
        }
        for size in [3, 1000] {
            let batched = readAllInBatches(path, batch: size)
            XCTAssertEqual(batched.records.map(\.sequence), reading.records.map(\.sequence), file: file, line: line)
            XCTAssertEqual(batched.records.map(\.action), reading.records.map(\.action), file: file, line: line)
            XCTAssertEqual(batched.error, reading.error, "batches of \(size)", file: file, line: line)
            XCTAssertEqual(batched.torn, reading.torn, "batches of \(size)", file: file, line: line)
        }
        // A replay reads the same, and throws the reader's error rather than blaming the reducer.
        do {
            let replay = try Replayer(path: path, reducer: counterReducer)
            XCTAssertNil(reading.error, "the replay read a log the reader refused", file: file, line: line)
            XCTAssertEqual(replay.steps.map(\.action), reading.records.map(\.action), file: file, line: line)
            XCTAssertEqual(replay.closedCleanly, reading.footer != nil, file: file, line: line)
        } catch {
            XCTAssertEqual(error, reading.error, "the replay fails as the reader does", file: file, line: line)
        }
        return reading
    }

    /// Asserts a reading stopped at `line` with `problem`, after the records `1..<firstMissing`.
    private func assertStops(
        _ reading: Reading, atLine line: Int, with problem: ActionLogError.LineProblem, after count: Int,
        file: StaticString = #filePath, testLine: UInt = #line
    ) {
        XCTAssertEqual(reading.records.map(\.sequence), Array(0..<count).map { $0 + 1 }, file: file, line: testLine)
        guard case .badLine(_, let found, let foundProblem) = reading.error else {
            return XCTFail(
                "expected line \(line): \(problem), got \(String(describing: reading.error))", file: file,
                line: testLine)
        }
        XCTAssertEqual(found, line, "\(foundProblem)", file: file, line: testLine)
        XCTAssertEqual(foundProblem, problem, file: file, line: testLine)
    }

    // MARK: Deleted, duplicated, reordered lines

    func testADeletedRecordIsAGapAtItsLineOrAtTheFooterForTheLastOne() throws {
        let log = try makeLog(count: 8)
        for deleted in 1...8 {
            var lines = log
            lines.remove(at: deleted)
            let reading = read(try write(lines))
            if deleted < 8 {
                // Record `deleted + 1` now sits on line `deleted + 1`: a gap, named there.
                assertStops(
                    reading, atLine: deleted + 1, with: .sequenceGap(expected: deleted, found: deleted + 1),
                    after: deleted - 1)
            } else {
                // The last record is gone before a clean footer: only the footer's count shows it,
                // and the error is the log's, at the footer, naming the missing record.
                assertStops(reading, atLine: 9, with: .footerCountMismatch(count: 8, lastSequence: 7), after: 7)
                XCTAssertTrue(
                    "\(reading.error.map { "\($0)" } ?? "")".hasSuffix(
                        ":9: the footer counts 8 actions but the last record is 7: record 8 is missing before the footer"
                    ),
                    "\(String(describing: reading.error))")
            }
        }
        // Two records lost at the end: both named.
        var twoLost = log
        twoLost.removeSubrange(7...8)
        let reading = read(try write(twoLost))
        assertStops(reading, atLine: 8, with: .footerCountMismatch(count: 8, lastSequence: 6), after: 6)
        XCTAssertTrue("\(String(describing: reading.error))".contains("records 7 to 8 are missing before the footer"))
    }

    func testADeletedFooterReplaysEveryRecordAndSaysTheLogDidNotClose() throws {
        let log = try makeLog(count: 8)
        let path = try write(Array(log.dropLast()))
        let reading = read(path)
        XCTAssertNil(reading.error)
        XCTAssertNil(reading.torn)
        XCTAssertNil(reading.footer)
        XCTAssertEqual(reading.records.map(\.sequence), Array(1...8))
        let replay = try Replayer(path: path, reducer: counterReducer)
        XCTAssertFalse(replay.closedCleanly)
        XCTAssertEqual(replay.lastPath, path)
        XCTAssertEqual(replay.fingerprintsChecked, 4, "the records' fingerprints only: there is no footer")
    }

    func testADuplicatedLineIsAnErrorOnTheCopy() throws {
        let log = try makeLog(count: 8)
        for duplicated in 1...8 {
            var lines = log
            lines.insert(log[duplicated], at: duplicated + 1)
            assertStops(
                read(try write(lines)), atLine: duplicated + 2,
                with: .sequenceGap(expected: duplicated + 1, found: duplicated), after: duplicated)
        }
        var footerTwice = log
        footerTwice.append(log[9])
        assertStops(
            read(try write(footerTwice)), atLine: 11, with: .unexpectedLine("a line after the footer"), after: 8)
    }

    func testSwappedLinesAreAnErrorWhereTheOrderBreaks() throws {
        let log = try makeLog(count: 8)
        for first in 1...8 {
            var lines = log
            lines.swapAt(first, first + 1)
            let reading = read(try write(lines))
            if first < 8 {
                assertStops(
                    reading, atLine: first + 1, with: .sequenceGap(expected: first, found: first + 1), after: first - 1)
            } else {
                // The footer came before the last record: it counts one record too many there.
                assertStops(reading, atLine: 9, with: .footerCountMismatch(count: 8, lastSequence: 7), after: 7)
            }
        }
    }

    // MARK: After the footer

    func testAnythingAfterAFooterIsAnErrorNeverATornTail() throws {
        let log = try makeLog(count: 8)
        let record9 = Self.sealed(#"{"seq":9,"t":1,"action":{"increment":{}}"#)
        let junk: [(String, [UInt8])] = [
            ("garbage with a newline", Array("garbage\n".utf8)),
            ("garbage without a newline", Array("garbage".utf8)),
            ("an empty line", [10]),
            ("a half line, as if torn", Array(record9.prefix(20))),
            ("a whole record after the end", record9),
            ("a second header", log[0]),
        ]
        for (name, bytes) in junk {
            let reading = read(try write(Array(log.joined()) + bytes, name: "junk.jsonl"))
            // Every record is there, and the line after the footer is named: never "torn" (the
            // footer says the recording closed cleanly, so nothing was cut off).
            assertStops(reading, atLine: 11, with: .unexpectedLine("a line after the footer"), after: 8)
            XCTAssertNil(reading.torn, name)
        }
    }

    // MARK: Truncation and bit flips, with the stricter checks

    func testEveryCutAndEveryBitFlipGivesAPrefixAndAcceptsNothingItShouldNot() throws {
        let log = try makeLog(count: 5)
        let bytes = Array(log.joined())
        let original = read(try write(bytes, name: "original.jsonl"))
        XCTAssertNil(original.error)
        XCTAssertEqual(original.footer?.count, 5)
        func check(_ damaged: [UInt8], _ label: String) throws {
            let reading = read(try write(damaged, name: "cut.jsonl"))
            XCTAssertEqual(
                reading.records.map(\.action), Array(original.records.map(\.action).prefix(reading.records.count)),
                label)
            // A reading that ends cleanly, with a footer, holds every record: nothing lost unseen.
            if reading.error == nil, reading.torn == nil, reading.footer != nil {
                XCTAssertEqual(reading.records.count, 5, label)
            }
        }
        for cut in stride(from: 1, to: bytes.count, by: 3) {
            try check(Array(bytes.prefix(cut)), "cut at \(cut)")
        }
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<150 {
            var damaged = bytes
            let position = Int(generator.next() % UInt64(damaged.count))
            damaged[position] ^= UInt8(1 << (generator.next() % 8))
            try check(damaged, "flip at \(position)")
        }
    }

    // MARK: Hostile values with valid checksums

    func testRecheckedSequenceNumbersAndTimesAreTypedErrorsNamingTheField() throws {
        let log = try makeLog(count: 4)
        func withRecord2(_ old: String, _ new: String) throws -> Reading {
            var lines = log
            lines[2] = Self.replacing(old, with: new, in: log[2])
            return read(try write(lines))
        }
        assertStops(
            try withRecord2(#""seq":2,"#, #""seq":9223372036854775807,"#), atLine: 3,
            with: .sequenceGap(expected: 2, found: Int.max), after: 1)
        // 18 digits, the most read without a check per digit, and 19 (checked).
        assertStops(
            try withRecord2(#""seq":2,"#, #""seq":999999999999999999,"#), atLine: 3,
            with: .sequenceGap(expected: 2, found: 999_999_999_999_999_999), after: 1)
        assertStops(
            try withRecord2(#""seq":2,"#, #""seq":1000000000000000000,"#), atLine: 3,
            with: .sequenceGap(expected: 2, found: 1_000_000_000_000_000_000), after: 1)
        for bad in ["99999999999999999999", "-2", "2.0", "2e0", "\"2\"", "null"] {
            assertStops(
                try withRecord2(#""seq":2,"#, #""seq":\#(bad),"#), atLine: 3, with: .missingField("seq"), after: 1)
        }
        for bad in ["99999999999999999999", "1.5", "\"1\""] {
            assertStops(try withRecord2(#""t":1,"#, #""t":\#(bad),"#), atLine: 3, with: .missingField("t"), after: 1)
        }
        // A time is information only: any 64-bit value reads, negative too.
        let negative = try withRecord2(#""t":1,"#, #""t":-9223372036854775808,"#)
        XCTAssertNil(negative.error)
        XCTAssertEqual(negative.records[1].timeMilliseconds, Int64.min)
        // A fingerprint is 16 hexadecimal digits in a string, whatever else is there (record 1
        // has none of its own: fingerprints are every other record).
        for bad in [#""zzzzzzzzzzzzzzzz""#, "[1,2,3]", #""0123""#, "12"] {
            var lines = log
            lines[1] = Self.resealed(log[1]) { $0 + #","fp":\#(bad)"# }
            assertStops(read(try write(lines)), atLine: 2, with: .missingField("fp"), after: 0)
        }
    }

    func testRecheckedHeaderIntegersAreBoundedAtDecoding() throws {
        let log = try makeLog(count: 3)
        func withHeader(_ old: String, _ new: String) throws -> ActionLogError? {
            var lines = log
            lines[0] = Self.replacing(old, with: new, in: log[0])
            return read(try write(lines)).error
        }
        let sequences = "1...\(ActionLogFormat.maximumSequence)"
        for bad in ["9223372036854775807", "9223372036854775000", "0", "-1"] {
            guard
                case .badLine(_, 1, .outOfRange("firstSeq", bad, sequences)) = try withHeader(
                    #""firstSeq":1,"#, #""firstSeq":\#(bad),"#)
            else { return XCTFail("firstSeq \(bad)") }
        }
        guard
            case .badLine(_, 1, .missingField("firstSeq")) = try withHeader(
                #""firstSeq":1,"#, #""firstSeq":99999999999999999999,"#)
        else { return XCTFail("an integer too large for 64 bits") }
        for bad in ["-1", "9223372036854775807"] {
            guard case .badLine(_, 1, .outOfRange("part", bad, _)) = try withHeader(#""part":0,"#, #""part":\#(bad),"#)
            else { return XCTFail("part \(bad)") }
        }
        guard
            case .badLine(_, 1, .outOfRange("formatVersion", "0", _)) = try withHeader(
                #""formatVersion":1,"#, #""formatVersion":0,"#)
        else { return XCTFail("format version 0") }
    }

    func testTheLargestFirstSequenceReadsAndTheNextOneIsRefusedWithoutOverflow() throws {
        // A part that starts at the largest sequence number: its records read, and a footer
        // counting past the bound is refused by name rather than trapping.
        let log = try makeLog(count: 2)
        let first = ActionLogFormat.maximumSequence
        var lines = log
        lines[0] = Self.replacing(#""firstSeq":1,"#, with: #""firstSeq":\#(first),"#, in: log[0])
        lines[1] = Self.replacing(#""seq":1,"#, with: #""seq":\#(first),"#, in: log[1])
        lines[2] = Self.replacing(#""seq":2,"#, with: #""seq":\#(first + 1),"#, in: log[2])
        lines[3] = Self.replacing(#""count":2,"#, with: #""count":\#(first + 1),"#, in: log[3])
        let reading = read(try write(lines))
        XCTAssertEqual(reading.records.map(\.sequence), [first, first + 1])
        guard case .badLine(_, 4, .outOfRange("end.count", _, _)) = reading.error else {
            return XCTFail("\(String(describing: reading.error))")
        }
    }

    func testRecheckedFooterCountsAreComparedWithTheRecords() throws {
        let log = try makeLog(count: 4)
        for (count, problem) in [
            ("5", ActionLogError.LineProblem.footerCountMismatch(count: 5, lastSequence: 4)),
            ("3", .footerCountMismatch(count: 3, lastSequence: 4)),
            ("0", .footerCountMismatch(count: 0, lastSequence: 4)),
            ("-1", .missingField("end.count")),
            ("4.0", .missingField("end.count")),
            (
                "9223372036854775807",
                .outOfRange(field: "end.count", value: "9223372036854775807", allowed: "0...9007199254740992")
            ),
        ] {
            var lines = log
            lines[5] = Self.replacing(#""count":4,"#, with: #""count":\#(count),"#, in: log[5])
            assertStops(read(try write(lines)), atLine: 6, with: problem, after: 4)
        }
        var noCount = log
        noCount[5] = Self.resealed(log[5]) { _ in #"{"end":{"fp":"0123456789abcdef"}"# }
        assertStops(read(try write(noCount)), atLine: 6, with: .missingField("end.count"), after: 4)
        var notAnObject = log
        notAnObject[5] = Self.sealed(#"{"end":[1,1,1]"#)
        assertStops(read(try write(notAnObject)), atLine: 6, with: .missingField("end"), after: 4)
    }

    func testAnEditedHeaderIsNamedAtLineOneNotADivergenceAtStepOne() throws {
        let log = try makeLog(count: 4)
        var editedState = log
        editedState[0] = Self.replacing(#""count":0"#, with: #""count":7"#, in: log[0])
        var editedFingerprint = log
        editedFingerprint[0] = Self.resealed(log[0]) { text in
            let range = text.range(of: #""fp":"[0-9a-f]{16}""#, options: .regularExpression)!
            return text.replacingCharacters(in: range, with: #""fp":"0123456789abcdef""#)
        }
        for lines in [editedState, editedFingerprint] {
            let reading = read(try write(lines))
            XCTAssertTrue(reading.records.isEmpty)
            guard case .badLine(_, 1, .fingerprintMismatch(field: "fp", _, _)) = reading.error else {
                return XCTFail("\(String(describing: reading.error))")
            }
            XCTAssertTrue("\(String(describing: reading.error))".contains("the log was edited or damaged"))
        }
    }

    func testAnEmptyLogsFooterMustCarryItsHeadersFingerprint() throws {
        let log = try makeLog(count: 0)
        XCTAssertEqual(log.count, 2)
        XCTAssertNil(read(try write(log)).error)
        var edited = log
        edited[1] = Self.resealed(log[1]) { text in
            let range = text.range(of: #""fp":"[0-9a-f]{16}""#, options: .regularExpression)!
            return text.replacingCharacters(in: range, with: #""fp":"0123456789abcdef""#)
        }
        guard
            case .badLine(_, 2, .fingerprintMismatch(field: "end.fp", "0123456789abcdef", _)) = read(try write(edited))
                .error
        else { return XCTFail("the footer's fingerprint is not the header's") }
    }

    // MARK: A seeded mix

    func testRandomDamageIsCaughtAtTheRightLine() throws {
        let log = try makeLog(count: 30, interval: 3)
        let records = 30
        let footerLine = records + 2
        let originalActions = readAll(try write(log, name: "whole.jsonl")).records.map(\.action)
        XCTAssertEqual(originalActions.count, records)
        var generator = SplitMix64(seed: 13)
        for round in 0..<120 {
            var lines = log
            let target = 1 + Int(generator.next() % UInt64(records))  // a record
            let expected: (line: Int, problem: ActionLogError.LineProblem, count: Int)
            switch generator.next() % 5 {
            case 0:
                lines.remove(at: target)
                expected =
                    target < records
                    ? (target + 1, .sequenceGap(expected: target, found: target + 1), target - 1)
                    : (footerLine - 1, .footerCountMismatch(count: records, lastSequence: records - 1), records - 1)
            case 1:
                lines.insert(log[target], at: target)
                expected = (target + 2, .sequenceGap(expected: target + 1, found: target), target)
            case 2:
                lines.insert(Array("not a line\n".utf8), at: target)
                expected = (target + 1, .missingChecksum, target - 1)
            case 3:
                let value = Int(generator.next() % 1_000_000) + records + 1
                lines[target] = Self.replacing(#""seq":\#(target),"#, with: #""seq":\#(value),"#, in: log[target])
                expected = (target + 1, .sequenceGap(expected: target, found: value), target - 1)
            default:
                lines.append(log[target])
                expected = (footerLine + 1, .unexpectedLine("a line after the footer"), records)
            }
            let reading = read(try write(lines, name: "round-\(round).jsonl"))
            assertStops(reading, atLine: expected.line, with: expected.problem, after: expected.count)
            XCTAssertEqual(
                reading.records.map(\.action), Array(originalActions.prefix(expected.count)), "round \(round)")
        }
    }

    // MARK: Long lines

    func testALineLongerThanTheLimitIsRefusedNamingItsLineAfterTheRecordsBeforeIt() throws {
        let log = try makeLog(count: 4)
        let limit = 1000
        var lines = log
        // Record 3 becomes a line of exactly `limit + 1` bytes before its newline.
        let padding = String(repeating: "x", count: limit)
        lines[3] = Self.replacing(#""seq":3,"#, with: #""seq":3,"pad":"\#(padding)","#, in: log[3])
        let excess = lines[3].count - 1 - limit
        lines[3] = Self.replacing(
            #""pad":"\#(padding)""#, with: #""pad":"\#(padding.dropFirst(excess - 1))""#, in: lines[3])
        XCTAssertEqual(lines[3].count - 1, limit + 1)
        let path = try write(lines)
        let reader = try ActionLogReader<CounterState>(path: path, maximumLineBytes: limit)
        XCTAssertEqual(reader.maximumLineBytes, limit)
        var records: [Int] = []
        XCTAssertThrowsError(try { while let record = try reader.next() { records.append(record.sequence) } }()) {
            XCTAssertEqual($0 as? ActionLogError, .badLine(path: path, line: 4, problem: .lineTooLong(limit: limit)))
            XCTAssertEqual("\($0)", "\(path):4: the line is longer than 1000 bytes, the longest line this reader takes")
        }
        XCTAssertEqual(records, [1, 2])
        XCTAssertThrowsError(try Replayer(path: path, reducer: counterReducer, maximumLineBytes: limit)) {
            XCTAssertEqual($0 as? ActionLogError, .badLine(path: path, line: 4, problem: .lineTooLong(limit: limit)))
        }
        // One byte shorter, and the line is taken (it reads as record 3).
        lines[3] = Self.replacing(#""pad":"x"#, with: #""pad":""#, in: lines[3])
        XCTAssertEqual(lines[3].count - 1, limit)
        let shorter = try write(lines, name: "shorter.jsonl")
        let whole = try ActionLogReader<CounterState>(path: shorter, maximumLineBytes: limit)
        var sequences: [Int] = []
        while let record = try whole.next() { sequences.append(record.sequence) }
        XCTAssertEqual(sequences, [1, 2, 3, 4])
    }

    func testAnActionTooLongForATreeIsStillNamedWhenItCannotBeDecoded() throws {
        // Past 64 KiB an action's decoding error is named from the tape, with no tree built: an
        // unknown case by name, anything else as undecodable.
        let log = try makeLog(count: 2)
        let padding = String(repeating: "p", count: 70_000)
        var unknown = log
        unknown[2] = Self.sealed(#"{"seq":2,"t":1,"action":{"launchRocket":{"pad":"\#(padding)"}}"#)
        let unknownPath = try write(unknown, name: "unknown.jsonl")
        XCTAssertEqual(
            read(unknownPath).error, .unknownAction(path: unknownPath, line: 3, name: "launchRocket", at: ""))
        var wrongShape = log
        wrongShape[2] = Self.sealed(#"{"seq":2,"t":1,"action":["\#(padding)"]"#)
        let reading = read(try write(wrongShape, name: "shape.jsonl"))
        XCTAssertEqual(reading.records.count, 1)
        guard case .badLine(_, 3, .undecodableAction) = reading.error else {
            return XCTFail("\(String(describing: reading.error))")
        }
    }

    func testAFileOfNULBytesWithoutANewlineIsRefusedAtTheLimit() throws {
        let limit = 1 << 20
        let zeros = try write([UInt8](repeating: 0, count: 3 * limit), name: "zeros.jsonl")
        XCTAssertThrowsError(try ActionLogReader<CounterState>(path: zeros, maximumLineBytes: limit)) {
            XCTAssertEqual($0 as? ActionLogError, .badLine(path: zeros, line: 1, problem: .lineTooLong(limit: limit)))
        }
        // After a good header and records: the records come back, then the endless line is named.
        let log = try makeLog(count: 3)
        let tail = try write(
            Array(log.dropLast().joined()) + [UInt8](repeating: 0, count: 3 * limit), name: "tail.jsonl")
        let reader = try ActionLogReader<CounterState>(path: tail, maximumLineBytes: limit)
        var sequences: [Int] = []
        XCTAssertThrowsError(try { while let record = try reader.next() { sequences.append(record.sequence) } }()) {
            XCTAssertEqual($0 as? ActionLogError, .badLine(path: tail, line: 5, problem: .lineTooLong(limit: limit)))
        }
        XCTAssertEqual(sequences, [1, 2, 3])
        // The same through a replay, whose size estimate must not reserve room for the whole file.
        XCTAssertThrowsError(try Replayer(path: tail, reducer: counterReducer, maximumLineBytes: limit)) {
            XCTAssertEqual($0 as? ActionLogError, .badLine(path: tail, line: 5, problem: .lineTooLong(limit: limit)))
        }
    }

    func testDevZeroIsRefusedAtTheDefaultLimit() throws {
        guard FileManager.default.fileExists(atPath: "/dev/zero") else { throw XCTSkip("no /dev/zero") }
        XCTAssertThrowsError(try ActionLogReader<CounterState>(path: "/dev/zero")) {
            XCTAssertEqual(
                $0 as? ActionLogError,
                .badLine(
                    path: "/dev/zero", line: 1, problem: .lineTooLong(limit: ActionLogFormat.defaultMaximumLineBytes)))
        }
    }

    // MARK: Rotated parts

    func testAPartThatDoesNotContinueTheLastIsRefusedAndPartsCannotLoop() throws {
        let base = directory.appendingPathComponent("rotated.jsonl").path
        let recorder = try ActionRecorder(
            path: base, initialState: CounterState(), mode: .durable,
            configuration: ActionLogConfiguration(fingerprintInterval: 5, maximumFileBytes: 4096))
        let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
        for index in 0..<300 { store.dispatch(.note("note \(index)")) }
        try recorder.close()
        let part1 = directory.appendingPathComponent("rotated.1.jsonl").path
        let part2 = directory.appendingPathComponent("rotated.2.jsonl").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: part2), "the log rotated at least twice")
        let whole = try Replayer(path: base, reducer: counterReducer)
        XCTAssertEqual(whole.count, 300)
        XCTAssertTrue(whole.closedCleanly)
        XCTAssertNil(whole.divergence)

        // Part 1's footer names part 1 again: refused (the part number does not go up), not
        // followed forever.
        let original1 = try Data(contentsOf: URL(fileURLWithPath: part1))
        var lines = Self.lines(Array(original1))
        lines[lines.count - 1] = Self.replacing(
            #""next":"rotated.2.jsonl""#, with: #""next":"rotated.1.jsonl""#, in: lines[lines.count - 1])
        try Data(Array(lines.joined())).write(to: URL(fileURLWithPath: part1))
        XCTAssertThrowsError(try Replayer(path: base, reducer: counterReducer)) { error in
            guard case .badLine(part1, 1, .unexpectedLine(let reason)) = error as? ActionLogError else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(reason.contains("does not continue"), reason)
        }
        // A footer that names a path elsewhere is refused as a bad footer.
        lines[lines.count - 1] = Self.replacing(
            #""next":"rotated.1.jsonl""#, with: #""next":"../elsewhere.jsonl""#, in: lines[lines.count - 1])
        try Data(Array(lines.joined())).write(to: URL(fileURLWithPath: part1))
        XCTAssertThrowsError(try Replayer(path: base, reducer: counterReducer)) { error in
            guard case .badLine(part1, lines.count, .missingField("end.next")) = error as? ActionLogError else {
                return XCTFail("\(error)")
            }
        }
        try original1.write(to: URL(fileURLWithPath: part1))

        // Part 2's header claims a state other than the one part 1 ended with.
        let original2 = try Data(contentsOf: URL(fileURLWithPath: part2))
        var lines2 = Self.lines(Array(original2))
        lines2[0] = Self.resealed(lines2[0]) { text in
            let range = text.range(of: #""fp":"[0-9a-f]{16}""#, options: .regularExpression)!
            return text.replacingCharacters(in: range, with: #""fp":"0123456789abcdef""#)
        }
        try Data(Array(lines2.joined())).write(to: URL(fileURLWithPath: part2))
        XCTAssertThrowsError(try Replayer(path: base, reducer: counterReducer)) { error in
            guard case .badLine(part2, 1, _) = error as? ActionLogError else { return XCTFail("\(error)") }
        }
    }
}
