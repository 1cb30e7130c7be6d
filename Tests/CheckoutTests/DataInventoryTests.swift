import ActionLog
import Checkout
import Foundation
import StateStore
import StateStoreTesting
import XCTest

/// The data inventory is built from the types themselves: every string a checkout log can hold
/// has a class, and `Docs/Privacy.md` lists them (a generated table, re-recorded like a snapshot).
final class DataInventoryTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    private static let document = root.appendingPathComponent("Docs/Privacy.md")
    private static let begin = "<!-- inventory:begin -->"
    private static let end = "<!-- inventory:end -->"

    // MARK: Every string is classified

    func testEveryStringOfEverySampleIsVisitedOnceWithAClassAtItsSwiftName() {
        for samples in DataInventorySamples.all(Markers()) {
            for (index, item) in samples.items.enumerated() {
                let problems = Self.problems(walking: item.walk, value: item.value)
                for problem in problems { XCTFail("\(samples.type) sample \(index + 1): \(problem)") }
            }
        }
    }

    func testATypeThatSaysItHoldsNoPersonalDataHasNoPersonalOrFreeFormLeaf() {
        var checked = 0
        for samples in DataInventorySamples.all(Markers()) where !samples.holdsPersonalData {
            checked += 1
            for (index, item) in samples.items.enumerated() {
                var visitor = InventoryVisitor()
                item.walk(&visitor)
                for row in visitor.rows {
                    switch row.kind {
                    case .leaf(.personal), .json:
                        XCTFail(
                            "\(samples.type) sample \(index + 1) says it holds no personal data but has \(row.field)")
                    default:
                        break
                    }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 6, "the plain types (Money, PaymentProviderDescriptor, …) have samples")
    }

    func testEveryStringOfTheSampleActionsAndOfTheExampleLogsIsVisitedOnce() throws {
        for (index, action) in CheckoutActionSamples.actions.enumerated() {
            for problem in Self.problems(walking: { $0.walk(action) }, value: action) {
                XCTFail("sample action \(index): \(problem)")
            }
        }
        var checked = 0
        for (name, replay) in try Self.exampleLogs() {
            let registrations = replay.initialState.dataRegistrations
            var values: [(String, any DataClassified)] = [("header state", replay.initialState)]
            values += replay.steps.map { ("action \($0.sequence)", $0.action) }
            values.append(("final state", replay.finalState))
            for (place, value) in values {
                for problem in Self.problems(walking: { $0.walk(value) }, value: value, registrations: registrations) {
                    XCTFail("\(name), \(place): \(problem)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 300, "the example logs hold that many actions and states")
    }

    func testTheSamplesCoverEveryCaseOfEveryClassifiedEnum() throws {
        let sources = try Self.checkoutSources()
        for samples in DataInventorySamples.all(Markers()) {
            guard let first = samples.items.first, Mirror(reflecting: first.value).displayStyle == .enum else {
                continue
            }
            let declared = Self.declaredCases(of: samples.type, in: sources)
            XCTAssertFalse(declared.isEmpty, "no cases found for \(samples.type)")
            let sampled = Set(samples.items.map { Self.caseName(of: $0.value) })
            XCTAssertEqual(sampled, declared, "\(samples.type): the sampled cases differ from the declared ones")
        }
    }

    func testTheSamplesSetEveryPropertyThatCanHoldAString() {
        var set: Set<String> = []
        var unset: Set<String> = []
        for samples in DataInventorySamples.all(Markers()) {
            for item in samples.items {
                let reflected = ReflectedLeaves(of: item.value)
                set.formUnion(reflected.setProperties)
                unset.formUnion(reflected.unsetProperties)
            }
        }
        for property in unset.subtracting(set).sorted() {
            XCTFail("no sample sets \(property): a string it could hold would go unchecked")
        }
    }

    func testEveryTypeALogCanHoldHasSamplesAndEverySampledTypeIsInALog() throws {
        let inventory = try Self.inventory()
        let sampled = Set(DataInventorySamples.all(Markers()).map(\.type))
        let reached = Set(inventory.types)
        for type in reached.subtracting(sampled).sorted() { XCTFail("\(type) is in a log but has no samples") }
        for type in sampled.subtracting(reached).sorted() { XCTFail("\(type) is sampled but no log holds it") }
    }

    // MARK: The inventory in Docs/Privacy.md

    func testTheInventoryInPrivacyDocIsTheOneTheTypesGive() throws {
        let inventory = try Self.inventory()
        let counts = inventory.counts
        print(
            "Data inventory: \(counts["personal", default: 0]) personal, \(counts["secret", default: 0]) secret, "
                + "\(counts["plain", default: 0]) plain, \(counts["json", default: 0]) free-form JSON fields; "
                + "\(ActionLogFormat.envelopeFields.count) envelope members.")

        let text = try String(contentsOf: Self.document, encoding: .utf8)
        guard let beginRange = text.range(of: Self.begin), let endRange = text.range(of: Self.end),
            beginRange.upperBound <= endRange.lowerBound
        else {
            return XCTFail("Docs/Privacy.md has no \(Self.begin) … \(Self.end) section")
        }
        let recorded = String(text[beginRange.upperBound..<endRange.lowerBound])
        let whys = Self.whys(in: recorded)
        let (generated, missing) = inventory.render(whys: whys)
        for row in missing { XCTFail("Docs/Privacy.md gives no reason (Why) for \(row): write one") }
        guard generated != recorded else { return }

        let diff = LineDiff(
            old: recorded.components(separatedBy: "\n"), new: generated.components(separatedBy: "\n")
        ).unified(oldLabel: "Docs/Privacy.md", newLabel: "the types")
        let settings = try SnapshotSettings(environment: ProcessInfo.processInfo.environment)
        switch settings.recordMode {
        case .failed, .all:
            let updated = text.replacingCharacters(in: beginRange.upperBound..<endRange.lowerBound, with: generated)
            try updated.write(to: Self.document, atomically: true, encoding: .utf8)
            XCTFail("Re-recorded the inventory in Docs/Privacy.md (check it, then run the tests again):\n\(diff)")
        case .never, .missing:
            XCTFail(
                "The inventory in Docs/Privacy.md differs from the types' classification:\n\(diff)\n"
                    + "If the change is intended, run the test with SNAPSHOT_RECORD=failed and commit the file.")
        }
    }

    // MARK: Helpers

    /// What differs between what `walk` visits and what reflection finds in `value`.
    private static func problems(
        walking walk: (inout InventoryVisitor) -> Void, value: Any, registrations: DataRegistrations = .none
    ) -> [String] {
        var visitor = InventoryVisitor(registrations: registrations)
        walk(&visitor)
        let reflected = ReflectedLeaves(of: value)
        var problems = unclassifiedLeaves(reflected: reflected.leaves, visited: visitor.leaves)
        if reflected.secrets != visitor.secrets {
            problems.append("\(reflected.secrets) secrets found, \(visitor.secrets) visited")
        }
        if reflected.jsonSecrets != visitor.jsonSecrets {
            problems.append("\(reflected.jsonSecrets) redaction markers in JSON found, \(visitor.jsonSecrets) visited")
        }
        return problems
    }

    /// Every example log, replayed.
    private static func exampleLogs() throws -> [(String, Replayer<CheckoutState>)] {
        let directory = root.appendingPathComponent("Examples/Logs")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        let reducer = ExtremeValueTests.reducer
        return try files.map { file in
            let replay = try Replayer(
                path: directory.appendingPathComponent(file).path, reducer: reducer,
                schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
            return (file, replay)
        }
    }

    /// The inventory of every sample: each type's rows as its own samples give them (in the
    /// order of its declaration), then what other types' samples add.
    private static func inventory() throws -> Inventory {
        var own: [InventoryRow] = []
        var others: [InventoryRow] = []
        for samples in DataInventorySamples.all(Markers()) {
            for item in samples.items {
                var visitor = InventoryVisitor()
                item.walk(&visitor)
                for row in visitor.rows {
                    if row.type == samples.type { own.append(row) } else { others.append(row) }
                }
            }
        }
        return try Inventory(rows: own + others, roots: ["CheckoutState", "CheckoutAction"])
    }

    /// The reasons recorded in the document's tables, by `Type` and field.
    private static func whys(in section: String) -> [String: String] {
        var whys: [String: String] = [:]
        var type = ""
        for line in section.components(separatedBy: "\n") {
            if line.hasPrefix("#### ") {
                type = line.dropFirst(5).trimmingCharacters(in: CharacterSet(charactersIn: "` "))
                continue
            }
            let isEnvelope = type == Inventory.envelopeHeading
            guard line.hasPrefix(isEnvelope ? "| " : "| `"), !line.hasPrefix("| Line"), !line.hasPrefix("| ---") else {
                continue
            }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            // | `field` | class | why |  or, for the envelope, | line | `member` | class | why |
            guard cells.count == (isEnvelope ? 6 : 5) else { continue }
            let key = isEnvelope ? "\(type) \(cells[1]) \(cells[2])" : "\(type) \(cells[1])"
            whys[key] = cells[cells.count - 2]
        }
        return whys
    }

    /// The text of every source file of the Checkout module.
    private static func checkoutSources() throws -> [String] {
        let sources = root.appendingPathComponent("Sources/Checkout")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(".swift") && !$0.contains("+") }.sorted().map {
            try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)
        }
    }

    /// The cases `type` declares in its source file (`OrderPlacementState.Step`'s in
    /// `OrderPlacementState.swift`).
    private static func declaredCases(of type: String, in sources: [String]) -> Set<String> {
        let names = type.split(separator: ".").map(String.init)
        guard let name = names.last else { return [] }
        for source in sources where source.contains("enum \(name)") {
            if names.count > 1, !source.contains("struct \(names[0])"), !source.contains("enum \(names[0])") {
                continue
            }
            let lines = source.components(separatedBy: "\n")
            guard
                let start = lines.firstIndex(where: {
                    ["enum \(name):", "enum \(name) ", "enum \(name)<"].contains(where: $0.contains)
                        && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///")
                })
            else { continue }
            let indent = lines[start].prefix { $0 == " " }.count
            var cases: Set<String> = []
            for line in lines[(start + 1)...] {
                let depth = line.prefix { $0 == " " }.count
                let code = line.dropFirst(depth)
                if depth == indent && code.hasPrefix("}") { break }
                guard depth == indent + 4 else { continue }
                let declaration = code.hasPrefix("indirect ") ? code.dropFirst(9) : code
                guard declaration.hasPrefix("case ") else { continue }
                cases.formUnion(caseNames(in: declaration.dropFirst(5)))
            }
            return cases
        }
        return []
    }

    /// The names in `a(x: Int), b, c(y: String)`: commas inside a payload do not separate cases.
    private static func caseNames(in declaration: Substring) -> [String] {
        var names: [String] = []
        var depth = 0
        var current = ""
        var reading = true
        for character in declaration {
            switch character {
            case "(":
                depth += 1
                reading = false
            case ")": depth -= 1
            case "," where depth == 0:
                names.append(current)
                current = ""
                reading = true
            default:
                if reading, depth == 0, character.isLetter || character.isNumber { current.append(character) }
                if depth == 0, !(character.isLetter || character.isNumber), !current.isEmpty { reading = false }
            }
        }
        if !current.isEmpty { names.append(current) }
        return names
    }

    /// An enum value's case name: `Mirror`'s label for a case with a payload, the synthesised
    /// encoding's key (or the string a custom encoding writes) for one without.
    private static func caseName(of value: Any) -> String {
        if let label = Mirror(reflecting: value).children.first?.label { return label }
        guard let encodable = value as? any Encodable, let data = try? JSONEncoder().encode(encodable),
            let json = try? JSONParser.parse(String(decoding: data, as: UTF8.self))
        else { return String(describing: value) }
        switch json {
        case .object(let members): return members.first?.key ?? ""
        case .string(let text): return text
        default: return String(describing: value)
        }
    }
}
