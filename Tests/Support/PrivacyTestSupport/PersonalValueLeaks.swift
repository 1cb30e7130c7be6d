public import ActionLog
import Checkout

/// Finds the original's personal values in a pseudonymised export, independently of the export:
/// the tests and `scripts/check-pseudonymised-examples.sh` (through `pseudonym-leak-check`) use it.
///
/// The values are collected with the log's own classification (``DataVisitor``): every personal
/// value of the original's header state and actions that a pseudonym replaces (names and
/// addresses, postcodes, email addresses, phone numbers). The export leaks one when
///
/// - a personal leaf of the export equals it under its kind's normalisation, or
/// - a free-text or URL leaf of the export holds it as a whole word, ignoring case (values of
///   three characters or more: a shorter one is a word anywhere).
///
/// A value without a letter or digit (empty, punctuation only) is its own pseudonym and is not
/// looked for.
///
/// A leak is reported by where it is (`step 4: action.native.addressSubmitted.postcode`), never
/// by the value.
public enum PersonalValueLeaks {
    /// The kinds a pseudonym replaces whole.
    static func isReplacedWhole(_ kind: PersonalKind) -> Bool { kind != .freeText && kind != .url }

    /// The distinct personal values of the log at `path` (its header state and every action), by
    /// kind, normalised.
    public static func values(ofLog path: String) throws -> [PersonalKind: Set<String>] {
        var values: [PersonalKind: Set<String>] = [:]
        try walk(path) { leaf in
            // A value with no letter or digit (empty, punctuation) is its own pseudonym: nothing in it is personal.
            guard isReplacedWhole(leaf.kind), leaf.value.contains(where: { $0.isLetter || $0.isNumber }) else { return }
            values[leaf.kind, default: []].insert(leaf.kind.normalised(leaf.value))
        }
        return values
    }

    /// Where the export at `exportPath` holds a personal value of the log at `originalPath`; empty
    /// when it holds none.
    public static func leaks(original originalPath: String, export exportPath: String) throws -> [String] {
        let values = try values(ofLog: originalPath)
        let words = Set(values.values.flatMap { $0 }.filter { $0.count >= 3 }.map { $0.lowercased() })
        var leaks: [String] = []
        try walk(exportPath) { leaf in
            if isReplacedWhole(leaf.kind) {
                if values[leaf.kind]?.contains(leaf.kind.normalised(leaf.value)) == true {
                    leaks.append("\(leaf.place): a \(leaf.kind.rawValue) of the original")
                }
            } else if let word = firstWord(of: words, in: leaf.value) {
                leaks.append("\(leaf.place): holds an original value of \(word.count) characters")
            }
        }
        return leaks
    }

    /// The first of `words` that `text` holds as a whole word (not inside a longer word or
    /// number), ignoring case.
    static func firstWord(of words: Set<String>, in text: String) -> String? {
        let lowered = Array(text.lowercased())
        for word in words {
            let characters = Array(word)
            guard characters.count <= lowered.count else { continue }
            for start in 0...(lowered.count - characters.count)
            where lowered[start] == characters[0] && Array(lowered[start..<start + characters.count]) == characters {
                let end = start + characters.count
                let before = start == 0 || !(lowered[start - 1].isLetter || lowered[start - 1].isNumber)
                let after = end == lowered.count || !(lowered[end].isLetter || lowered[end].isNumber)
                if before && after { return word }
            }
        }
        return nil
    }

    struct Leaf {
        let kind: PersonalKind
        let value: String
        let place: String
    }

    /// Calls `body` with every personal leaf of the log's header state and actions.
    static func walk(_ path: String, _ body: (Leaf) -> Void) throws {
        let reader = try ActionLogPartsReader<CheckoutState>(
            path: path, schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
        var collector = Collector(registrations: reader.header.state.dataRegistrations, place: "header state")
        var state = reader.header.state
        state.visitData(&collector)
        var step = 0
        while case let batch = try reader.nextBatch(), !batch.isEmpty {
            for record in batch {
                step += 1
                collector.place = "step \(step)"
                var action = record.action
                action.visitData(&collector)
            }
        }
        collector.leaves.forEach(body)
    }

    struct Collector: DataVisitor {
        let registrations: DataRegistrations
        var place: String
        var leaves: [Leaf] = []
        var path: [String] = []

        mutating func enter(_ field: String) { path.append(field) }
        mutating func leave() { path.removeLast() }

        mutating func visit(_ value: inout String, field: String, as dataClass: DataClass) {
            guard case .personal(let kind) = dataClass else { return }
            leaves.append(Leaf(kind: kind, value: value, place: place + ": " + (path + [field]).joined(separator: ".")))
        }
    }
}
