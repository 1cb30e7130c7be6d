import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import LogPrivacy
import PrivacyTestSupport
import StateStore
import XCTest

/// `LogPseudonymisation` with the checkout's `CheckoutDecisions`: every example log exports,
/// verifies and holds none of its personal values; kept keys are consistent; damaged logs, bad
/// values and forced decision changes are refused naming where; and a reducer change that
/// diverges on an original diverges at the same step on its export.
final class PseudonymiseTests: XCTestCase {
    private static var realReducer: CheckoutReducerType {
        CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))
    }

    private var directory: String = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "pseudonymise-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private static var exampleLogs: [String] {
        let folder = repositoryRoot.appendingPathComponent("Examples/Logs").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { folder + "/" + $0 }
    }

    private static func example(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Examples/Logs/\(name).jsonl").path
    }

    private func export(
        _ log: String, to name: String, key: PseudonymKey? = nil, reducer: CheckoutReducerType = realReducer,
        overwrite: Bool = false
    ) throws -> (path: String, report: PseudonymisationReport) {
        let output = directory + "/" + name
        let report = try LogPseudonymisation(
            rules: CheckoutDecisions(reducer: reducer), key: key, overwrite: overwrite
        ).exportNow(logAt: log, to: output)
        return (output, report)
    }

    private static func keptKey(_ seed: UInt8 = 7) throws -> PseudonymKey {
        try PseudonymKey(bytes: (0..<32).map { UInt8($0) &* 31 &+ seed })
    }

    /// No file the export names as temporary is left in the directory.
    private func assertNoTemporaryFile(file: StaticString = #filePath, line: UInt = #line) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        XCTAssertEqual(
            names.filter { $0.contains(ActionLogDirectory.temporaryExportMarker) }, [], file: file, line: line)
    }

    // MARK: Every example log

    func testEveryExampleLogExportsVerifiesAndHoldsNoneOfItsPersonalValues() throws {
        let logs = Self.exampleLogs
        XCTAssertGreaterThan(logs.count, 10)
        var personalLeaves = 0
        for log in logs {
            let name = (log as NSString).lastPathComponent
            let (output, report) = try export(log, to: name)
            let original = try Replayer(
                path: log, reducer: Self.realReducer, schemaVersion: CheckoutLogSchema.version,
                upgrade: CheckoutLogSchema.upgrade)
            let replay = try Replayer(
                path: output, reducer: Self.realReducer, schemaVersion: CheckoutLogSchema.version)
            XCTAssertNil(replay.divergence, "\(name): the export diverges at \(replay.divergence?.step ?? 0)")
            XCTAssertEqual(replay.count, original.count, name)
            XCTAssertEqual(replay.closedCleanly, original.closedCleanly, name)
            XCTAssertEqual(
                replay.header.privacy, ActionLogPrivacy(schemeVersion: Pseudonymiser.schemeVersion, keyID: nil))
            XCTAssertNil(original.header.privacy, "a recorded log is in clear")
            XCTAssertEqual(replay.header.logID, original.header.logID)
            // Fingerprints at the original's sequence numbers.
            XCTAssertEqual(
                replay.steps.map { $0.recordedFingerprint != nil },
                original.steps.map { $0.recordedFingerprint != nil },
                name)
            XCTAssertEqual(try PersonalValueLeaks.leaks(original: log, export: output), [], name)
            XCTAssertEqual(report.steps, original.count)
            // The report's counts (made in the first pass, from the original) are those of a
            // walk over every leaf of the export, and of the original.
            XCTAssertEqual(report.leaves, try Self.walkedLeafCounts(output), name)
            XCTAssertEqual(report.leaves, try Self.walkedLeafCounts(log), name)
            personalLeaves += report.leaves.personal
        }
        XCTAssertGreaterThan(personalLeaves, 100, "the example logs hold personal data to pseudonymise")
        assertNoTemporaryFile()
    }

    func testTheLeakCheckFindsTheOriginalsValuesInTheOriginal() throws {
        // The check the export passes can fail: the log against itself leaks every value.
        let log = Self.example("native-guest")
        let leaks = try PersonalValueLeaks.leaks(original: log, export: log)
        XCTAssertTrue(leaks.contains { $0.contains("native.emailSubmitted") }, "\(leaks)")
        XCTAssertFalse(leaks.joined().contains("ada@example.com"), "a leak is named by where, never by value")
    }

    func testTheExportChangesEveryPersonalValueAndKeepsPlainOnes() throws {
        let (output, _) = try export(Self.example("native-guest"), to: "guest.jsonl")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        for value in ["ada@example.com", "Lovelace", "10 Downing Street"] {
            XCTAssertFalse(text.contains(value), "the export holds an original value")
        }
        for kept in ["cart-1", "order-1", "SB-1001", "45.95", "GBP", "tee-navy-m"] {
            XCTAssertTrue(text.contains(kept), "the export keeps \(kept)")
        }
    }

    /// The leaves of a log (its header's state and every action), by class, counted by a walk
    /// that visits every leaf.
    private static func walkedLeafCounts(_ log: String) throws -> LeafCounts {
        let reader = try ActionLogPartsReader<CheckoutState>(
            path: log, schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
        var counter = EveryLeafCounter(registrations: reader.header.state.dataRegistrations)
        var state = reader.header.state
        state.visitData(&counter)
        while case let batch = try reader.nextBatch(), !batch.isEmpty {
            for record in batch {
                var action = record.action
                action.visitData(&counter)
            }
        }
        return counter.counts
    }

    /// Counts every leaf it is handed, by class.
    private struct EveryLeafCounter: DataVisitor {
        let registrations: DataRegistrations
        var counts = LeafCounts()

        mutating func visitSecret(field: String) { counts.secret += 1 }

        mutating func visit(_ value: inout String, field: String, as dataClass: DataClass) {
            switch dataClass {
            case .plain: counts.plain += 1
            case .secret: counts.secret += 1
            case .personal: counts.personal += 1
            }
        }
    }

    // MARK: Keys

    func testAKeptKeyGivesTheSameExportTwiceAndARandomKeyAnother() throws {
        let log = Self.example("native-guest")
        let key = try Self.keptKey()
        let first = try export(log, to: "first.jsonl", key: key)
        let second = try export(log, to: "second.jsonl", key: key)
        let random = try export(log, to: "random.jsonl")
        let firstText = try String(contentsOfFile: first.path, encoding: .utf8)
        XCTAssertEqual(firstText, try String(contentsOfFile: second.path, encoding: .utf8))
        XCTAssertNotEqual(firstText, try String(contentsOfFile: random.path, encoding: .utf8))
        XCTAssertEqual(first.report.privacy.keyID, key.keyID)
        XCTAssertNotNil(first.report.privacy.keyID)
        XCTAssertNil(random.report.privacy.keyID, "a random key is never named")
        let header = try ActionLogReader<CheckoutState>(path: first.path, schemaVersion: CheckoutLogSchema.version)
            .header
        XCTAssertEqual(header.privacy?.keyID, key.keyID)
    }

    func testAKeptKeyGivesOneCustomersLogsTheSamePseudonyms() throws {
        // Two logs of one customer (the same email and address): the same pseudonyms in both.
        let key = try Self.keptKey()
        let guest = try export(Self.example("native-guest"), to: "a.jsonl", key: key)
        let declined = try export(Self.example("native-decline-then-retry"), to: "b.jsonl", key: key)
        let first = try Self.personalValues(guest.path, kind: .email)
        let second = try Self.personalValues(declined.path, kind: .email)
        let originals = try Self.personalValues(Self.example("native-guest"), kind: .email)
            .intersection(try Self.personalValues(Self.example("native-decline-then-retry"), kind: .email))
        XCTAssertFalse(originals.isEmpty, "the two logs share an email address")
        XCTAssertFalse(first.intersection(second).isEmpty, "its pseudonym is the same in both exports")
    }

    private static func personalValues(_ log: String, kind: PersonalKind) throws -> Set<String> {
        try PersonalValueLeaks.values(ofLog: log)[kind] ?? []
    }

    // MARK: Damaged and hostile logs

    func testADamagedLogIsRefusedNamingTheLineAndNothingIsWritten() throws {
        var lines = try String(contentsOfFile: Self.example("native-guest"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines[6].contains("Ada"))
        lines[6] = lines[6].replacingOccurrences(of: "Ada", with: "Eve")
        let damaged = directory + "/damaged.jsonl"
        try lines.joined(separator: "\n").write(toFile: damaged, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try export(damaged, to: "out.jsonl")) { error in
            guard case .unreadable(let reason) = error as? PseudonymisationError else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(reason.description.contains("damaged.jsonl:7"), reason.description)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out.jsonl"))
        assertNoTemporaryFile()
    }

    func testAFileThatIsNotALogIsRefused() throws {
        let hostile = directory + "/hostile.jsonl"
        try "{\"format\":\"something-else\"}\n".write(toFile: hostile, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try export(hostile, to: "out.jsonl")) { error in
            XCTAssertTrue("\(error)".contains("hostile.jsonl"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out.jsonl"))
    }

    func testATornOpenLogExportsWithoutItsTornLineAndWithoutAFooter() throws {
        let text = try String(contentsOfFile: Self.example("native-guest"), encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        lines.removeLast()  // the footer: the recording was not closed
        let torn = directory + "/torn.jsonl"
        let last = lines.removeLast()
        try (lines.joined(separator: "\n") + "\n" + last.prefix(last.count / 2)).write(
            toFile: torn, atomically: true, encoding: .utf8)
        let (output, report) = try export(torn, to: "out.jsonl")
        XCTAssertFalse(report.closedCleanly)
        XCTAssertEqual(report.tornLineDropped, lines.count + 1)
        let replay = try Replayer(path: output, reducer: Self.realReducer, schemaVersion: CheckoutLogSchema.version)
        XCTAssertNil(replay.divergence)
        XCTAssertFalse(replay.closedCleanly)
        XCTAssertNil(replay.tornLine)
        XCTAssertEqual(replay.count, lines.count - 1)
    }

    func testARotatedLogExportsAsOnePart() throws {
        let rotated = directory + "/rotated.jsonl"
        try Self.recordRotated(to: rotated)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/rotated.1.jsonl"), "the log rotated")
        let original = try Replayer(path: rotated, reducer: Self.realReducer, schemaVersion: CheckoutLogSchema.version)
        let (output, report) = try export(rotated, to: "out.jsonl")
        XCTAssertGreaterThan(report.partsRead, 1)
        let replay = try Replayer(path: output, reducer: Self.realReducer, schemaVersion: CheckoutLogSchema.version)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.count, original.count)
        XCTAssertNil(replay.footer?.nextPart, "one part")
        XCTAssertEqual(replay.closedCleanly, original.closedCleanly)
        XCTAssertEqual(try PersonalValueLeaks.leaks(original: rotated, export: output), [])
        XCTAssertThrowsError(try export(directory + "/rotated.1.jsonl", to: "part.jsonl")) { error in
            guard case .notFirstPart(_, 1) = error as? PseudonymisationError else { return XCTFail("\(error)") }
        }
    }

    /// The actions of native-guest recorded again in parts of at most 4 KiB.
    private static func recordRotated(to path: String) throws {
        let source = try Replayer(
            path: example("native-guest"), reducer: realReducer, schemaVersion: CheckoutLogSchema.version,
            upgrade: CheckoutLogSchema.upgrade)
        try record(
            source.steps.map(\.action), from: source.initialState, to: path,
            configuration: ActionLogConfiguration(
                appVersion: "tests", schemaVersion: CheckoutLogSchema.version, fingerprintInterval: 3,
                maximumFileBytes: 4096, maximumTotalBytes: 1 << 20))
    }

    /// Records `actions` from `initial` through the real reducer, effects off.
    static func record(
        _ actions: [CheckoutAction], from initial: CheckoutState, to path: String,
        configuration: ActionLogConfiguration = ActionLogConfiguration(
            appVersion: "tests", schemaVersion: CheckoutLogSchema.version, fingerprintInterval: 1)
    ) throws {
        let recorder = try ActionRecorder(
            path: path, initialState: initial, mode: .durable, configuration: configuration)
        let store = Store(
            reducer: realReducer, state: initial, middleware: [recorder.middleware], effectsEnabled: false)
        for action in actions { store.dispatch(action) }
        try recorder.close()
    }

    func testFreeTextIsScrubbedOfTheLogsPersonalValuesAndOfEmailAndPhoneShapes() throws {
        let source = try Replayer(
            path: Self.example("native-guest"), reducer: Self.realReducer, schemaVersion: CheckoutLogSchema.version,
            upgrade: CheckoutLogSchema.upgrade)
        let message = "the page said: Lovelace, ADA@example.com, call +44 20 7946 0958 or mail bob@example.org"
        let log = directory + "/free-text.jsonl"
        try Self.record(
            source.steps.map(\.action) + [.bridge(.messageUnreadable(reason: message))], from: source.initialState,
            to: log)
        let (output, report) = try export(log, to: "out.jsonl")
        XCTAssertGreaterThanOrEqual(report.pseudonyms.freeTextFieldsTouched, 1)
        XCTAssertGreaterThanOrEqual(report.pseudonyms.freeTextReplacements, 4)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        for value in ["Lovelace", "ADA@example.com", "7946 0958", "bob@example.org"] {
            XCTAssertFalse(text.contains(value), "the free text still holds a personal value")
        }
        XCTAssertTrue(text.contains("the page said: "), "the rest of the text stays readable")
        XCTAssertEqual(try PersonalValueLeaks.leaks(original: log, export: output), [])
    }

    // MARK: The output

    func testAnExistingOutputIsKeptWithoutOverwriteAndReplacedWithIt() throws {
        let log = Self.example("native-guest")
        let output = directory + "/out.jsonl"
        try "keep me\n".write(toFile: output, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try export(log, to: "out.jsonl")) { error in
            guard case .outputExists = error as? PseudonymisationError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "keep me\n")
        _ = try export(log, to: "out.jsonl", overwrite: true)
        XCTAssertNotEqual(try String(contentsOfFile: output, encoding: .utf8), "keep me\n")
        assertNoTemporaryFile()
    }

    func testTheLogItselfIsRefusedAsOutput() throws {
        let copy = directory + "/log.jsonl"
        try FileManager.default.copyItem(atPath: Self.example("native-guest"), toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        for output in [copy, directory + "/./log.jsonl"] {
            XCTAssertThrowsError(
                try LogPseudonymisation(rules: CheckoutDecisions(reducer: Self.realReducer), overwrite: true)
                    .exportNow(logAt: copy, to: output)
            ) { error in
                guard case .outputIsInput = error as? PseudonymisationError else { return XCTFail("\(error)") }
            }
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), before)
    }

    // MARK: Bad values

    /// Personal values of every awkward content, recorded through the checkout as a shopper would
    /// have typed them: each log exports (verified, nothing leaked) or is refused with a reason,
    /// and never leaves a file behind.
    func testAwkwardPersonalValuesPseudonymiseOrAreRefusedWithAReason() throws {
        var exported = 0
        for variant in AwkwardValues.allCases {
            let log = directory + "/\(variant).jsonl"
            try AwkwardValues.record(variant, from: Self.example("native-guest"), to: log, reducer: Self.realReducer)
            let output = directory + "/\(variant)-export.jsonl"
            do {
                _ = try LogPseudonymisation(rules: CheckoutDecisions(reducer: Self.realReducer))
                    .exportNow(logAt: log, to: output)
                let replay = try Replayer(
                    path: output, reducer: Self.realReducer, schemaVersion: CheckoutLogSchema.version)
                XCTAssertNil(replay.divergence, "\(variant)")
                XCTAssertEqual(try PersonalValueLeaks.leaks(original: log, export: output), [], "\(variant)")
                exported += 1
            } catch let error as PseudonymisationError {
                print("awkward values \(variant): refused: \(error)")
                switch error {
                case .cannotPseudonymise(_, _, let line, let field, let reason):
                    XCTAssertGreaterThan(line, 0)
                    XCTAssertFalse(field.isEmpty || reason.isEmpty, "\(variant): \(error)")
                case .decisionChanged(_, let step, _, let decision, let field):
                    XCTAssertGreaterThan(step, 0)
                    XCTAssertFalse(field.isEmpty || decision.isEmpty, "\(variant): \(error)")
                default:
                    XCTFail("\(variant): \(error)")
                }
                XCTAssertFalse(FileManager.default.fileExists(atPath: output), "\(variant): nothing at the output")
            }
        }
        XCTAssertGreaterThanOrEqual(exported, AwkwardValues.allCases.count - 2, "most awkward values pseudonymise")
        assertNoTemporaryFile()
    }

    // MARK: Decisions that cannot be kept

    /// A test reducer that reads personal content: it greets shoppers whose email starts "ada".
    static var adaGreeter: CheckoutReducerType {
        let real = realReducer
        return CheckoutReducerType { state, action in
            let effect = real.reduce(&state, action)
            if case .native(.emailSubmitted(let email)) = action, email.hasPrefix("ada") {
                return .merge(effect, .run(id: "greet-ada") { _ in })
            }
            return effect
        }
    }

    /// `error` is the refusal of `adaGreeter`'s decision: the effects changed at `step` (its line
    /// the next one, after the header), by the field `native.emailSubmitted`.
    private func assertEmailDecisionChanged(
        _ error: any Error, step expectedStep: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard case .decisionChanged(_, let step, let logLine, let decision, let field) = error as? PseudonymisationError
        else { return XCTFail("\(error)", file: file, line: line) }
        XCTAssertEqual(step, expectedStep, file: file, line: line)
        XCTAssertEqual(logLine, expectedStep + 1, file: file, line: line)
        XCTAssertEqual(decision, "effects", file: file, line: line)
        XCTAssertEqual(field, "native.emailSubmitted", file: file, line: line)
    }

    func testADecisionNoPseudonymCanKeepIsRefusedNamingTheStepTheDecisionAndTheField() throws {
        let greeter = Self.adaGreeter
        XCTAssertThrowsError(try export(Self.example("native-guest"), to: "out.jsonl", reducer: greeter)) { error in
            assertEmailDecisionChanged(error, step: 3)
            XCTAssertTrue("\(error)".contains("step 3"), "\(error)")
            XCTAssertFalse("\(error)".contains("ada@"), "never a value")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out.jsonl"))
        assertNoTemporaryFile()
    }

    /// A test reducer that reads one letter of the email: candidates whose second letter is a
    /// vowel or not decide differently, so some keys' first candidate is redrawn.
    private static var pickyReducer: CheckoutReducerType {
        let real = Self.realReducer
        let vowels = Set("aeiou")
        return CheckoutReducerType { state, action in
            let effect = real.reduce(&state, action)
            if case .native(.emailSubmitted(let email)) = action, email.count > 1,
                vowels.contains(Array(email.lowercased())[1])
            {
                return .merge(effect, .run(id: "vowel") { _ in })
            }
            return effect
        }
    }

    func testAPseudonymThatChangesADecisionIsRedrawnUntilOneKeepsIt() throws {
        let picky = Self.pickyReducer
        var redrawn = 0
        for seed in UInt8(0)..<12 {
            let (output, report) = try export(
                Self.example("native-guest"), to: "out-\(seed).jsonl", key: try Self.keptKey(seed), reducer: picky)
            redrawn += report.pseudonyms.redraws
            let replay = try Replayer(path: output, reducer: picky, schemaVersion: CheckoutLogSchema.version)
            XCTAssertNil(replay.divergence)
        }
        XCTAssertGreaterThan(redrawn, 0, "some key's first candidate changed the decision and was redrawn")
    }

    func testARedrawIsTheSameWhetherTheRulesGiveTheStateBeforeTheStepOrTheExportKeepsIt() throws {
        let decisions = CheckoutDecisions(reducer: Self.pickyReducer)
        var state = CheckoutState(kind: .native)
        let before = state
        let step = decisions.reduce(&state, .native(.emailSubmitted("ada@example.com")))
        XCTAssertEqual(decisions.stateBefore(step), before, "the checkout's decisions hold the state before")
        XCTAssertNil(CheckoutDecisionsDouble(decisions: decisions, givesStateBefore: false).stateBefore(step))
        var redrawn = 0
        for seed in UInt8(0)..<12 {
            let key = try Self.keptKey(seed)
            let (given, report) = try export(
                Self.example("native-guest"), to: "given-\(seed).jsonl", key: key, reducer: Self.pickyReducer)
            let kept = directory + "/kept-\(seed).jsonl"
            let keptReport = try LogPseudonymisation(
                rules: CheckoutDecisionsDouble(decisions: decisions, givesStateBefore: false), key: key
            )
            .exportNow(logAt: Self.example("native-guest"), to: kept)
            XCTAssertEqual(keptReport.pseudonyms.redraws, report.pseudonyms.redraws, "seed \(seed)")
            XCTAssertEqual(
                FileManager.default.contents(atPath: kept), FileManager.default.contents(atPath: given), "seed \(seed)")
            redrawn += report.pseudonyms.redraws
        }
        XCTAssertGreaterThan(redrawn, 0, "some key's first candidate was redrawn, from the state before its step")
    }

    func testALogThatDoesNotVerifyUnderThisBuildIsRefusedNamingTheStep() throws {
        // A reducer that totals differently from the one the log was recorded with.
        let real = Self.realReducer
        let changed = ReducerChange.changedTotal.reducer(wrapping: real)
        XCTAssertThrowsError(try export(Self.example("native-guest"), to: "out.jsonl", reducer: changed)) { error in
            guard case .doesNotVerify(_, let step, let line) = error as? PseudonymisationError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(step, 2)
            XCTAssertEqual(line, 3)
        }
    }

    // MARK: Logs longer than pass 2's chunks

    /// A native checkout started, then per round a content slot and an e-mail (`email(round)`,
    /// or none): `1 + rounds` steps and one per e-mail. Longer than the steps pass 2 holds at
    /// once (1,024), so its chunks go round their pool, handed back to be emptied and refilled.
    private func longLog(rounds: Int, email: (Int) -> String?) throws -> String {
        let log = directory + "/long-\(rounds).jsonl"
        var actions: [CheckoutAction] = [.common(.started)]
        for round in 0..<rounds {
            actions.append(.common(.dynamicContentLoaded(slotID: "offer", content: "offer \(round % 7)")))
            if let email = email(round) { actions.append(.native(.emailSubmitted(email))) }
        }
        try recordCheckoutLog(actions, to: log)
        return log
    }

    func testALogLongerThanTheStepsPassTwoHoldsExportsEveryStepVerifiedAndInOrder() throws {
        let log = try longLog(rounds: 600) { "shopper\($0 % 40)@example.com" }
        let (output, report) = try export(log, to: "long-out.jsonl", key: try Self.keptKey())
        let original = try Replayer(
            path: log, reducer: Self.realReducer, schemaVersion: CheckoutLogSchema.version,
            upgrade: CheckoutLogSchema.upgrade)
        let replay = try Replayer(path: output, reducer: Self.realReducer, schemaVersion: CheckoutLogSchema.version)
        XCTAssertEqual(original.count, 1_201)
        XCTAssertEqual(report.steps, original.count)
        XCTAssertEqual(replay.count, original.count)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.steps.map(\.sequence), original.steps.map(\.sequence), "every step, in order")
        XCTAssertEqual(try PersonalValueLeaks.leaks(original: log, export: output), [])
        assertNoTemporaryFile()
    }

    func testADecisionChangedFarIntoALongLogIsRefusedNamingItsStepWhileThePreparingThreadWaitsForAChunk() throws {
        // The checking thread meets step 1,403 while the preparing one, up to 1,024 steps ahead,
        // waits for a chunk to be handed back: the refusal stops it.
        let greeter = Self.adaGreeter
        let log = try longLog(rounds: 2_000) { $0 == 700 ? "ada@example.com" : "shopper\($0 % 40)@example.com" }
        XCTAssertThrowsError(try export(log, to: "out.jsonl", key: try Self.keptKey(), reducer: greeter)) { error in
            assertEmailDecisionChanged(error, step: 1_403)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out.jsonl"))
        assertNoTemporaryFile()
    }

    func testAPseudonymRedrawnFarIntoALongLogStartsTheExportOverAndItVerifies() throws {
        // One e-mail, at step 703 of 1,202: the picky reducer decides on it, so some keys'
        // first candidate is redrawn there and the export starts over with new chunks.
        let picky = Self.pickyReducer
        let log = try longLog(rounds: 1_200) { $0 == 700 ? "ada@example.com" : nil }
        var redrawn = 0
        for seed in UInt8(0)..<12 where redrawn == 0 {
            let (output, report) = try export(
                log, to: "out-\(seed).jsonl", key: try Self.keptKey(seed), reducer: picky)
            redrawn += report.pseudonyms.redraws
            let replay = try Replayer(path: output, reducer: picky, schemaVersion: CheckoutLogSchema.version)
            XCTAssertNil(replay.divergence)
            XCTAssertEqual(replay.count, 1_202)
        }
        XCTAssertGreaterThan(redrawn, 0, "some key's first candidate changed the decision and was redrawn")
        assertNoTemporaryFile()
    }

    // MARK: Reducer changes diverge at the same step

    func testAReducerChangeThatDivergesOnAnOriginalDivergesAtTheSameStepOnItsExport() throws {
        let real = Self.realReducer
        var diverging: [ReducerChange: Int] = [:]
        // Native and web, closed and recovered journeys: each change diverges on at least one.
        let logs = [
            "native-guest", "native-decline-then-retry", "native-410-recovery", "express-apple-pay-shipping-change",
            "web-bridge-dismissed", "web-parse-checkout",
        ].map(Self.example)
        for log in logs {
            let (output, _) = try export(log, to: (log as NSString).lastPathComponent)
            for change in ReducerChange.allCases {
                let changed = change.reducer(wrapping: real)
                // Fingerprints: where `checkout replay --verify` stops.
                let original = try Replayer(
                    path: log, reducer: changed, schemaVersion: CheckoutLogSchema.version,
                    upgrade: CheckoutLogSchema.upgrade)
                let exported = try Replayer(path: output, reducer: changed, schemaVersion: CheckoutLogSchema.version)
                XCTAssertEqual(exported.divergence?.step, original.divergence?.step, "\(change) on \(log)")
                // Decisions (effects and analytics too): where the changed build first decides otherwise.
                let first = try Self.firstChangedDecision(log, changed: changed, real: real)
                XCTAssertEqual(
                    try Self.firstChangedDecision(output, changed: changed, real: real), first, "\(change) on \(log)")
                if first != nil { diverging[change, default: 0] += 1 }
            }
        }
        for change in ReducerChange.allCases {
            XCTAssertGreaterThan(diverging[change] ?? 0, 0, "\(change) diverges on some example log")
        }
    }

    /// The first step at which `changed` decides otherwise than `real` on the log (nil: never).
    private static func firstChangedDecision(
        _ log: String, changed: CheckoutReducerType, real: CheckoutReducerType
    ) throws -> Int? {
        let reader = try ActionLogPartsReader<CheckoutState>(
            path: log, schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
        let realDecisions = CheckoutDecisions(reducer: real)
        let changedDecisions = CheckoutDecisions(reducer: changed)
        var state = reader.header.state
        var step = 0
        while case let batch = try reader.nextBatch(), !batch.isEmpty {
            for record in batch {
                step += 1
                var other = state
                let expected = realDecisions.reduce(&state, record.action)
                let actual = changedDecisions.reduce(&other, record.action)
                let difference = realDecisions.difference(between: expected, and: actual)
                // Both replays start each step from one state, so the previous step decided the
                // same: the shortcut must answer as the full comparison.
                XCTAssertEqual(
                    realDecisions.differenceFollowingEqualStep(between: expected, and: actual), difference,
                    "step \(step) of \(log)")
                if difference != nil { return step }
            }
        }
        return nil
    }
}

/// Reducer changes that do not read personal content: each wraps the real reducer.
enum ReducerChange: CaseIterable {
    /// A changed shipping-method rule: a selection picks the first method offered.
    case changedShippingRule
    /// A changed total: a loaded cart's total is a penny more.
    case changedTotal
    /// A dropped analytics event: a dismissal is not confirmed, so no `checkout_dismissed`.
    case droppedDismissal
    /// A dropped effect: a placement's work is not started.
    case droppedEffect

    func reducer(wrapping real: CheckoutReducerType) -> CheckoutReducerType {
        switch self {
        case .changedShippingRule:
            return CheckoutReducerType { state, action in
                let effect = real.reduce(&state, action)
                if case .native(.shippingMethodSelected) = action, let first = state.shippingMethods.first {
                    state.selectedShippingMethodID = first.id + "-changed"
                }
                return effect
            }
        case .changedTotal:
            return CheckoutReducerType { state, action in
                let effect = real.reduce(&state, action)
                if case .result(.checkoutLoaded) = action { state.cart?.totals.total += Decimal(string: "0.01") ?? 0 }
                return effect
            }
        case .droppedDismissal:
            return CheckoutReducerType { state, action in
                if case .common(.dismissConfirmed) = action { return .none }
                return real.reduce(&state, action)
            }
        case .droppedEffect:
            return CheckoutReducerType { state, action in
                let effect = real.reduce(&state, action)
                if case .order(.placementKeyMade) = action { return .none }
                return effect
            }
        }
    }
}

/// Awkward personal values of the issue's "Bad input" list, put in place of a log's own.
enum AwkwardValues: CaseIterable {
    case empty, tenThousandCharacters, nonLatinScripts, combiningMarks, decomposed, emoji, rightToLeft
    case implausibleEmail, foreignPostcode

    func value(for kind: PersonalKind, index: Int) -> String {
        switch (self, kind) {
        case (.empty, _): return ""
        case (.tenThousandCharacters, _): return String(repeating: "Ab c", count: 2500) + "\(index)"
        case (.nonLatinScripts, .email): return "мария\(index)@пример.рф"
        case (.nonLatinScripts, _): return ["Мария Иванова", "王小明", "Ελένη", "ศรี สมบูรณ์"][index % 4] + " \(index)"
        case (.combiningMarks, _): return "Zoe\u{0308} E\u{0301}lise \(index)"
        case (.decomposed, _): return "Jose\u{301} Mu\u{303}oz \(index)"
        case (.emoji, .email): return "ana\(index)@example.com"
        case (.emoji, _): return "Ana 👩🏽‍💻 \(index) 🇬🇧"
        case (.rightToLeft, .email): return "maryam\(index)@example.com"
        case (.rightToLeft, _): return "مريم العلي \(index) שרה"
        case (.implausibleEmail, .email): return "ada at example dot com \(index)"
        case (.implausibleEmail, _): return "Ada \(index)"
        case (.foreignPostcode, .postcode): return ["K1A 0B1", "100-0001", "10115", "SE-114 55"][index % 4]
        case (.foreignPostcode, _): return "Name \(index)"
        }
    }

    /// Records `source`'s actions again with every personal value replaced (the same original
    /// value, under its kind's normalisation, always by the same awkward value).
    static func record(
        _ variant: AwkwardValues, from source: String, to path: String, reducer: CheckoutReducerType
    )
        throws
    {
        let replay = try Replayer(
            path: source, reducer: reducer, schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade
        )
        var replacer = Replacer(registrations: replay.initialState.dataRegistrations, variant: variant)
        let actions = replay.steps.map { step -> CheckoutAction in
            var action = step.action
            action.visitData(&replacer)
            return action
        }
        try PseudonymiseTests.record(actions, from: replay.initialState, to: path)
    }

    private struct Replacer: DataVisitor {
        let registrations: DataRegistrations
        let variant: AwkwardValues
        var assigned: [String: String] = [:]

        mutating func visit(_ value: inout String, field: String, as dataClass: DataClass) {
            guard case .personal(let kind) = dataClass, kind != .freeText, kind != .url else { return }
            let key = kind.rawValue + ":" + kind.normalised(value)
            if let known = assigned[key] {
                value = known
            } else {
                let replacement = variant.value(for: kind, index: assigned.count)
                assigned[key] = replacement
                value = replacement
            }
        }
    }
}
