import ActionLog
import StateStore
import StoreTestSupport
import XCTest

final class LineDiffTests: XCTestCase {
    func testEqualListsHaveNoHunksAndNoText() {
        let diff = LineDiff(old: ["a", "b"], new: ["a", "b"])
        XCTAssertTrue(diff.isEmpty)
        XCTAssertEqual(diff.unified(), "")
        XCTAssertNil(diff.firstChangedOldLine)
    }

    func testOneChangedLineShowsOnlyItAndItsContext() {
        let old = (0..<1_000).map { "line \($0)" }
        var new = old
        new[500] = "line 500 changed"
        let diff = LineDiff(old: old, new: new, context: 2)
        XCTAssertEqual(
            diff.unified(oldLabel: "expected", newLabel: "actual"),
            """
            --- expected
            +++ actual
            @@ -499,5 +499,5 @@
             line 498
             line 499
            -line 500
            +line 500 changed
             line 501
             line 502
            """
        )
        XCTAssertEqual(diff.firstChangedOldLine, 500)
    }

    func testDiffSizeFollowsTheChangeNotTheInput() {
        let small = (0..<10).map { "k\($0)" }
        let large = (0..<20_000).map { "k\($0)" }
        var smallChanged = small
        smallChanged[5] = "x"
        var largeChanged = large
        largeChanged[5] = "x"
        let smallText = LineDiff(old: small, new: smallChanged).unified()
        let largeText = LineDiff(old: large, new: largeChanged).unified()
        XCTAssertEqual(smallText.split(separator: "\n").count, largeText.split(separator: "\n").count)
    }

    func testInsertionsAndDeletionsAreMinimal() {
        let diff = LineDiff(old: ["a", "b", "c", "a", "b", "b", "a"], new: ["c", "b", "a", "b", "a", "c"])
        let edits = diff.hunks.flatMap(\.lines).filter { line in
            if case .unchanged = line { return false }
            return true
        }
        // Myers' paper example: the shortest edit script has 5 edits.
        XCTAssertEqual(edits.count, 5)
    }

    func testApplyingTheScriptRebuildsBothSides() {
        var generator = SplitMix(seed: 7)
        for _ in 0..<200 {
            let old = (0..<Int(generator.next() % 30)).map { _ in "v\(generator.next() % 5)" }
            let new = (0..<Int(generator.next() % 30)).map { _ in "v\(generator.next() % 5)" }
            let lines = LineDiff(old: old, new: new, context: 1_000).hunks.flatMap(\.lines)
            if old == new {
                XCTAssertTrue(lines.isEmpty)
                continue
            }
            let rebuiltOld = lines.compactMap { line -> String? in
                switch line {
                case .unchanged(let text), .removed(let text): return text
                case .added: return nil
                }
            }
            let rebuiltNew = lines.compactMap { line -> String? in
                switch line {
                case .unchanged(let text), .added(let text): return text
                case .removed: return nil
                }
            }
            XCTAssertEqual(rebuiltOld, old)
            XCTAssertEqual(rebuiltNew, new)
        }
    }

    func testSeparateChangesFarApartMakeSeparateHunks() {
        let old = (0..<40).map { "\($0)" }
        var new = old
        new[3] = "three"
        new[30] = "thirty"
        let diff = LineDiff(old: old, new: new, context: 3)
        XCTAssertEqual(diff.hunks.map(\.header), ["@@ -1,7 +1,7 @@", "@@ -28,7 +28,7 @@"])
    }

    func testZeroContextShowsOnlyChangedLines() {
        let diff = LineDiff(old: ["a", "b", "c"], new: ["a", "x", "c"], context: 0)
        XCTAssertEqual(diff.unified(), "--- old\n+++ new\n@@ -2,1 +2,1 @@\n-b\n+x")
    }

    func testChangesCloserThanTwiceTheContextShareOneHunk() {
        let old = (0..<20).map { "\($0)" }
        var new = old
        new[5] = "five"
        new[11] = "eleven"  // five unchanged lines between: within 2 × 3 of context
        XCTAssertEqual(LineDiff(old: old, new: new, context: 3).hunks.map(\.header), ["@@ -3,13 +3,13 @@"])
        new[11] = "11"
        new[12] = "twelve"  // six unchanged lines between: still one hunk
        XCTAssertEqual(LineDiff(old: old, new: new, context: 3).hunks.count, 1)
        new[12] = "12"
        new[13] = "thirteen"  // seven unchanged lines between: two hunks
        XCTAssertEqual(LineDiff(old: old, new: new, context: 3).hunks.count, 2)
    }

    func testAddingToAnEmptyListCountsFromZero() {
        let diff = LineDiff(old: [], new: ["a"])
        XCTAssertEqual(diff.hunks.map(\.header), ["@@ -0,0 +1,1 @@"])
    }

    func testCompletelyDifferentLargeListsStayFastAndCorrect() {
        let old = (0..<5_000).map { "old \($0)" }
        let new = (0..<5_000).map { "new \($0)" }
        let lines = LineDiff(old: old, new: new).hunks.flatMap(\.lines)
        XCTAssertEqual(lines.count, 10_000)
    }
}

/// A small deterministic generator, so the randomised check is the same on every run.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
