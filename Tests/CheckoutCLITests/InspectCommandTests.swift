import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import XCTest

/// `checkout inspect LOG -o FILE`: one self-contained HTML page per log, its data escaped so that
/// no log can put markup or script into it (issue #16, item 2). What the page shows in a browser
/// is tested in `InspectorBrowserTests`.
final class InspectCommandTests: XCTestCase {
    private var runner: CommandRunner!
    private var directory: URL!

    override func setUpWithError() throws {
        runner = try CommandRunner()
        directory = try makeTemporaryDirectory(self)
    }

    private func inspect(_ log: String, as name: String) throws -> String {
        let page = directory.appendingPathComponent(name).path
        let result = try runner.run(["inspect", log, "-o", page])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.output.hasPrefix("\(page): "), result.output)
        return try String(contentsOfFile: page, encoding: .utf8)
    }

    /// The JSON of the page's data block `id` (`inspector-data`, or `inspector-actions`).
    private func data(of page: String, block id: String = "inspector-data") throws -> [String: Any] {
        let open = try XCTUnwrap(page.range(of: #"<script type="application/json" id="\#(id)">"#))
        let close = try XCTUnwrap(page.range(of: "</script>", range: open.upperBound..<page.endIndex))
        let json = try JSONSerialization.jsonObject(with: Data(page[open.upperBound..<close.lowerBound].utf8))
        return try XCTUnwrap(json as? [String: Any])
    }

    func testEveryExampleLogGivesOneSelfContainedPage() throws {
        let logs = try FileManager.default.contentsOfDirectory(
            at: repositoryRoot.appendingPathComponent("Examples/Logs"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "jsonl" }
        XCTAssertGreaterThanOrEqual(logs.count, 11)
        for log in logs {
            let page = try inspect(log.path, as: log.deletingPathExtension().lastPathComponent + ".html")
            XCTAssertTrue(page.hasPrefix("<!doctype html>"), log.lastPathComponent)
            XCTAssertTrue(page.contains("default-src 'none'"), "a policy that allows no network")
            for external in ["<link", " src=", "<iframe", "@import", "url("] {
                XCTAssertFalse(page.contains(external), "\(log.lastPathComponent): \(external)")
            }
            let data = try data(of: page)
            let steps = try XCTUnwrap(data["steps"] as? [String: Any])
            let actions = try XCTUnwrap(try self.data(of: page, block: "inspector-actions")["action"] as? [Any])
            XCTAssertEqual(actions.count, (steps["ops"] as? [Any])?.count)
            let header = try XCTUnwrap(data["log"] as? [String: Any])
            let replay = try Replayer(
                path: log.path,
                reducer: CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI())),
                schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
            XCTAssertEqual(header["steps"] as? Int, replay.count)
            XCTAssertEqual((steps["ops"] as? [Any])?.count, replay.count)
            XCTAssertEqual(header["kind"] as? String, replay.initialState.kind.rawValue)
            XCTAssertNil((data["verify"] as? [String: Any])?["diverged"], "\(log.lastPathComponent) verifies")
        }
    }

    func testAHostileLogCannotPutMarkupOrScriptIntoThePage() throws {
        let log = directory.appendingPathComponent("hostile.jsonl").path
        try recordCheckoutLog(HostileText.actions, to: log)
        let page = try inspect(log, as: "hostile.html")
        // The page's own three script elements (two of data, one of code) end where they should,
        // and nothing else does.
        XCTAssertEqual(page.lowercased().components(separatedBy: "</script").count - 1, 3)
        XCTAssertEqual(page.lowercased().components(separatedBy: "<script").count - 1, 3)
        for text in ["<!--", "<img", "]]>", "\u{2028}", "\u{2029}"] {
            XCTAssertFalse(page.contains(text), "\(text) in the page")
        }
        // Every hostile string is still there, whole, in the data.
        let strings =
            Self.strings(in: try data(of: page)) + Self.strings(in: try data(of: page, block: "inspector-actions"))
        for text in [
            HostileText.closesTheScript + HostileText.comment, HostileText.separators + HostileText.quotes,
            HostileText.image,
        ] {
            XCTAssertTrue(strings.contains(text), "lost: \(text)")
        }
        // A key beginning with `~` is kept apart from the page's references; a number too long
        // for JavaScript keeps its digits.
        XCTAssertTrue(strings.contains("~~"), "the key ~ is escaped as ~~")
        XCTAssertTrue(strings.contains("9223372036854775807"))
    }

    func testDivergenceIsInThePage() throws {
        let log = try tamperedLog(in: directory)
        let data = try data(of: try inspect(log, as: "tampered.html"))
        let diverged = try XCTUnwrap((data["verify"] as? [String: Any])?["diverged"] as? [String: Any])
        XCTAssertEqual(diverged["step"] as? Int, 3)
        XCTAssertEqual(diverged["recorded"] as? String, "0123456789abcdef")
    }

    func testThePagesChangesAndCheckpointsRebuildEveryStateOfALongLog() throws {
        // A shopper who changes their e-mail 1,030 times: 2,061 steps, past the first checkpoint.
        let log = directory.appendingPathComponent("long.jsonl").path
        var actions: [CheckoutAction] = [.common(.started)]
        for round in 0..<1_030 {
            actions.append(.native(.emailSubmitted("shopper\(round)@example.com")))
            actions.append(
                .common(.dynamicContentLoaded(slotID: "offer", content: round % 3 == 0 ? nil : "offer \(round)")))
        }
        try recordCheckoutLog(actions, to: log)
        let replay = try Replayer(
            path: log, reducer: CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI())),
            schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
        let data = try data(of: try inspect(log, as: "long.html"))
        let page = try PageData(data)
        XCTAssertEqual(page.checkpoints.map(\.step), [2_048])
        let reducer = CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))
        var state = page.initial
        var typed = replay.initialState
        for step in 1...replay.count {
            state = try page.apply(step: step, to: state)
            _ = reducer.reduce(&typed, replay.steps[step - 1].action)
            let checkpoint = page.checkpoints.first { $0.step == step }
            guard step % 211 == 0 || step == replay.count || checkpoint != nil else { continue }
            let expected = try JSONSerialization.jsonObject(
                with: Data(try CanonicalEncoder.encode(typed).compactJSON.utf8), options: .fragmentsAllowed)
            XCTAssertTrue(PageData.equal(state, expected), "the page's state after step \(step)")
            if let checkpoint { XCTAssertTrue(PageData.equal(checkpoint.state, expected), "the checkpoint at \(step)") }
        }
    }

    func testThePageGoesToStandardOutputWithADash() throws {
        let log = repositoryRoot.appendingPathComponent("Examples/Logs/web-parse-checkout.jsonl").path
        let result = try runner.run(["inspect", log, "-o", "-"])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.output.hasPrefix("<!doctype html>"))
        XCTAssertTrue(result.output.hasSuffix("</html>\n"))
    }

    func testInspectRefusesToWriteOverTheLog() throws {
        let log = directory.appendingPathComponent("session.jsonl")
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("Examples/Logs/native-guest.jsonl"), to: log)
        let before = try Data(contentsOf: log)
        let result = try runner.run(["inspect", log.path, "-o", log.path])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.errors.contains("is the log itself"), result.errors)
        XCTAssertEqual(try Data(contentsOf: log), before)
    }

    func testBadInputEndsWithOneLineNamingTheFileAndTheLine() throws {
        let garbage = directory.appendingPathComponent("garbage.jsonl").path
        try "this is not a log\n".write(toFile: garbage, atomically: true, encoding: .utf8)
        let page = directory.appendingPathComponent("garbage.html").path
        let missing = directory.appendingPathComponent("missing.jsonl").path
        for (log, start) in [
            (garbage, "checkout: \(garbage): not an action log: line 1 is not a log header"),
            (missing, "checkout: \(missing): "),
        ] {
            let result = try runner.run(["inspect", log, "-o", page])
            XCTAssertEqual(result.status, 2, result.errors)
            XCTAssertTrue(result.errors.hasPrefix(start), result.errors)
            XCTAssertEqual(result.errors.split(separator: "\n").count, 1, "one line: \(result.errors)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: page), "no page for a log that cannot be read")
        }
        for arguments in [["inspect"], ["inspect", "a.jsonl", "b.jsonl"], ["inspect", "a.jsonl", "--bogus"]] {
            XCTAssertEqual(try runner.run(arguments).status, 64, "\(arguments)")
        }
    }

    private static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: return [text]
        case let list as [Any]: return list.flatMap { strings(in: $0) }
        case let object as [String: Any]: return object.flatMap { [$0.key] + strings(in: $0.value) }
        default: return []
        }
    }
}

/// An inspector page's data read back as Foundation values: shared values expanded, and each
/// step's changes applied as the page's script applies them.
private struct PageData {
    let values: [Any]
    let paths: [[Any]]
    let operations: [[[Any]]]
    let initial: Any
    let checkpoints: [(step: Int, state: Any)]

    init(_ data: [String: Any]) throws {
        values = try XCTUnwrap(data["values"] as? [Any])
        paths = try XCTUnwrap(data["paths"] as? [[Any]])
        let steps = try XCTUnwrap(data["steps"] as? [String: Any])
        operations = try XCTUnwrap(steps["ops"] as? [[[Any]]])
        let table = try XCTUnwrap(data["values"] as? [Any])
        initial = Self.expand(try XCTUnwrap(data["initial"]), table)
        checkpoints = try XCTUnwrap(data["checkpoints"] as? [[Any]]).map { pair in
            (try XCTUnwrap(pair[0] as? Int), Self.expand(pair[1], table))
        }
    }

    /// `{"~":N}` replaced by the table's value N, `{"~n":"…"}` by its number, `~~key` by `~key`.
    static func expand(_ value: Any, _ table: [Any]) -> Any {
        switch value {
        case let list as [Any]:
            return list.map { expand($0, table) }
        case let object as [String: Any]:
            if object.count == 1, let index = object["~"] as? Int { return expand(table[index], table) }
            if object.count == 1, let text = object["~n"] as? String { return NSDecimalNumber(string: text) }
            var expanded: [String: Any] = [:]
            for (key, member) in object {
                expanded[key.hasPrefix("~") ? String(key.dropFirst()) : key] = expand(member, table)
            }
            return expanded
        default:
            return value
        }
    }

    func apply(step: Int, to state: Any) throws -> Any {
        var state = state
        for operation in operations[step - 1] {
            let path = paths[try XCTUnwrap(operation.first as? Int)]
            state = Self.set(state, path[...], operation.count > 1 ? Self.expand(operation[1], values) : nil)
        }
        return state
    }

    /// Whether two JSON values (as JSONSerialization reads them) are the same.
    static func equal(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case (let a as [String: Any], let b as [String: Any]):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { equal(value, $0) } ?? false }
        case (let a as [Any], let b as [Any]):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case (is NSNull, is NSNull):
            return true
        case (is [String: Any], _), (is [Any], _), (_, is [String: Any]), (_, is [Any]), (is NSNull, _), (_, is NSNull):
            return false
        default:
            return "\(a)" == "\(b)"
        }
    }

    /// `root` with the value at `path` replaced by `value` (removed when `nil`).
    private static func set(_ root: Any, _ path: ArraySlice<Any>, _ value: Any?) -> Any {
        guard let key = path.first else { return value ?? NSNull() }
        if let index = key as? Int {
            var list = root as? [Any] ?? []
            if path.count == 1 {
                if let value {
                    if index < list.count { list[index] = value } else { list.append(value) }
                } else {
                    list.remove(at: index)
                }
            } else {
                list[index] = set(list[index], path.dropFirst(), value)
            }
            return list
        }
        var object = root as? [String: Any] ?? [:]
        let name = key as? String ?? ""
        object[name] = path.count == 1 ? value : set(object[name] ?? [String: Any](), path.dropFirst(), value)
        return object
    }
}
