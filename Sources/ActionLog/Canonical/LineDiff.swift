import StateStore

/// The difference between two lists of lines, as a minimal edit script (Myers' algorithm), shown
/// as a unified diff whose size follows the change, not the inputs.
///
/// Built for rendered states (``CanonicalValue/renderedLines``, one scalar per line): two states
/// that differ in one field give a diff of that field's line and a few lines of context, however
/// large the states are. Reducer snapshots, the test store and the `checkout` CLI all diff this way.
///
/// ```swift
/// let before = try CanonicalEncoder.encode(oldState).renderedLines
/// let after = try CanonicalEncoder.encode(newState).renderedLines
/// let diff = LineDiff(old: before, new: after)
/// print(diff.unified(oldLabel: "before", newLabel: "after"))
/// // --- before
/// // +++ after
/// // @@ -2,3 +2,3 @@
/// //  cart.currency: "USD"
/// // -cart.total: "42.50"
/// // +cart.total: "40.00"
/// //  status: "open"
/// ```
///
/// Lines common to both ends are matched first, so the cost of the minimal diff grows with the
/// size of the changed region. Past ``maximumEditDistance`` edits inside that region the diff stops
/// looking for a minimal script and reports the region as removed then added: still correct, just
/// not minimal, and never slow.
public struct LineDiff: Sendable, Equatable {
    /// One line of the edit script.
    public enum Line: Sendable, Equatable {
        /// A line present in both lists.
        case unchanged(String)
        /// A line only in the old list.
        case removed(String)
        /// A line only in the new list.
        case added(String)
    }

    /// A run of changes with the unchanged lines around it, as one `@@` section of a unified diff.
    public struct Hunk: Sendable, Equatable {
        /// The 1-based number of the hunk's first line in the old list (0 when it holds none).
        public let oldStart: Int
        /// How many old lines the hunk covers (unchanged plus removed).
        public let oldCount: Int
        /// The 1-based number of the hunk's first line in the new list (0 when it holds none).
        public let newStart: Int
        /// How many new lines the hunk covers (unchanged plus added).
        public let newCount: Int
        /// The hunk's lines, in order.
        public let lines: [Line]

        /// The `@@ -a,b +c,d @@` header of the hunk.
        public var header: String {
            "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@"
        }
    }

    /// The most edits the minimal search spends on one diff before it settles for "removed, then
    /// added" for what remains.
    public static var maximumEditDistance: Int { 2_000 }

    /// The sections of the diff, in order. Empty when the lists are equal.
    public let hunks: [Hunk]

    /// Compares `old` with `new`.
    ///
    /// - Parameters:
    ///   - old: The lines before (or expected).
    ///   - new: The lines after (or actual).
    ///   - context: How many unchanged lines to keep around each change.
    public init(old: [String], new: [String], context: Int = 3) {
        let script = Self.editScript(old, new)
        hunks = Self.hunks(of: script, context: max(0, context))
    }

    /// `true` when the two lists are equal.
    public var isEmpty: Bool { hunks.isEmpty }

    /// The 0-based index in the old list of the first line that differs, or `nil` when equal.
    public var firstChangedOldLine: Int? {
        guard let hunk = hunks.first else { return nil }
        var index = max(hunk.oldStart - 1, 0)
        for line in hunk.lines {
            switch line {
            case .unchanged: index += 1
            case .removed, .added: return index
            }
        }
        return index
    }

    /// The diff as unified-diff text: a `---`/`+++` header, then each hunk's `@@` header and its
    /// lines prefixed with space, `-` or `+`. Empty when the lists are equal.
    public func unified(oldLabel: String = "old", newLabel: String = "new") -> String {
        guard !hunks.isEmpty else { return "" }
        var output = ["--- \(oldLabel)", "+++ \(newLabel)"]
        for hunk in hunks {
            output.append(hunk.header)
            for line in hunk.lines {
                switch line {
                case .unchanged(let text): output.append(" " + text)
                case .removed(let text): output.append("-" + text)
                case .added(let text): output.append("+" + text)
                }
            }
        }
        return output.joined(separator: "\n")
    }

    // MARK: Edit script

    /// The full edit script: common prefix and suffix are matched directly, the middle by Myers.
    static func editScript(_ old: [String], _ new: [String]) -> [Line] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] {
            prefix += 1
        }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        var script: [Line] = old[..<prefix].map { .unchanged($0) }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        script += myers(oldMiddle, newMiddle)
        script += old[(old.count - suffix)...].map { .unchanged($0) }
        return script
    }

    /// Myers' greedy O((N+M)·D) search for a shortest edit script, with the frontier of every
    /// round kept for the walk back. Gives up past ``maximumEditDistance`` rounds.
    static func myers(_ a: [String], _ b: [String]) -> [Line] {
        let n = a.count
        let m = b.count
        if n == 0 { return b.map { .added($0) } }
        if m == 0 { return a.map { .removed($0) } }
        let limit = min(n + m, maximumEditDistance)
        let offset = limit + 1
        var frontier = [Int](repeating: 0, count: 2 * limit + 3)
        // trace[d] holds the frontier after round d, for diagonals -d...d (index k + d).
        var trace: [[Int]] = []
        var found = false
        rounds: for d in 0...limit {
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
                    x = frontier[offset + k + 1]
                } else {
                    x = frontier[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + k] = x
                if x >= n, y >= m {
                    trace.append(Array(frontier[(offset - d)...(offset + d)]))
                    found = true
                    break rounds
                }
            }
            trace.append(Array(frontier[(offset - d)...(offset + d)]))
        }
        guard found else {
            return a.map { .removed($0) } + b.map { .added($0) }
        }
        // Walk back from (n, m), round by round.
        var reversed: [Line] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, to: 0, by: -1) {
            let previous = trace[d - 1]
            let k = x - y
            let down = k == -d || (k != d && previous[k - 1 + (d - 1)] < previous[k + 1 + (d - 1)])
            let previousK = down ? k + 1 : k - 1
            let previousX = previous[previousK + (d - 1)]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                reversed.append(.unchanged(a[x]))
            }
            if down {
                y -= 1
                reversed.append(.added(b[y]))
            } else {
                x -= 1
                reversed.append(.removed(a[x]))
            }
        }
        while x > 0, y > 0 {
            x -= 1
            y -= 1
            reversed.append(.unchanged(a[x]))
        }
        return reversed.reversed()
    }

    // MARK: Hunks

    static func hunks(of script: [Line], context: Int) -> [Hunk] {
        let changed = script.indices.filter { index in
            if case .unchanged = script[index] { return false }
            return true
        }
        guard let first = changed.first else { return [] }
        // Group changes whose gap of unchanged lines is at most twice the context.
        var ranges: [ClosedRange<Int>] = []
        var start = first
        var end = first
        for index in changed.dropFirst() {
            if index - end - 1 > 2 * context {
                ranges.append(start...end)
                start = index
            }
            end = index
        }
        ranges.append(start...end)

        // Line numbers before each script position.
        var oldBefore = [Int](repeating: 0, count: script.count + 1)
        var newBefore = [Int](repeating: 0, count: script.count + 1)
        for (index, line) in script.enumerated() {
            oldBefore[index + 1] = oldBefore[index]
            newBefore[index + 1] = newBefore[index]
            switch line {
            case .unchanged:
                oldBefore[index + 1] += 1
                newBefore[index + 1] += 1
            case .removed: oldBefore[index + 1] += 1
            case .added: newBefore[index + 1] += 1
            }
        }
        return ranges.map { range in
            let lower = max(range.lowerBound - context, 0)
            let upper = min(range.upperBound + context, script.count - 1)
            let oldCount = oldBefore[upper + 1] - oldBefore[lower]
            let newCount = newBefore[upper + 1] - newBefore[lower]
            return Hunk(
                oldStart: oldCount == 0 ? oldBefore[lower] : oldBefore[lower] + 1,
                oldCount: oldCount,
                newStart: newCount == 0 ? newBefore[lower] : newBefore[lower] + 1,
                newCount: newCount,
                lines: Array(script[lower...upper])
            )
        }
    }
}
