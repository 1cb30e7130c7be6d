import ActionLog
import Checkout

/// The data an inspector page carries, as JSON: the initial state, and per step the action, its
/// words, the journey, the analytics events and the state's changes (not whole states: a
/// 100,000-step log would not fit a page).
///
/// The actions go in a second JSON text, with their own table of shared values: they are most of
/// the bytes of a long log (a checkout's details after every update) and the page needs them only
/// when the Action tab is opened, so it parses them then.
///
/// Repeated values are stored once: every object or array whose JSON is long enough is kept in a
/// table and referred to as `{"~":N}` (a checkout's details, sent back after every update, cost
/// one entry). Keys that begin with `~` are written with one more `~`, so no key of the log can
/// be taken for a reference; a number JavaScript would round (an integer beyond 2^53, an
/// exponent) is kept as its text, `{"~n":"9223372036854775807"}`.
///
/// ```
/// {"format":1, "log":{…}, "verify":{…}, "values":[…], "paths":[["cart","totals","total"],…],
///  "bookkeeping":[…], "journeys":[["nativeCheckout","section","payment","45.95 GBP","idle"],…],
///  "events":[["purchase",[["order_id","payment-1"]]],…], "words":["checkout started",…],
///  "initial":{…}, "initialJourney":0, "checkpoints":[[2048,{…}],…],
///  "steps":{"firstSeq":1, "seq":[…]|null, "time":[…], "words":[…], "journey":[…], "events":[…], "ops":[…]}}
///
/// {"values":[…], "action":[…]}
/// ```
struct InspectorData {
    private var stateValues = SharedValues()
    private var actionValues = SharedValues()
    private var paths: [String] = []
    private var pathIDs: [[StateChange.PathComponent]: Int] = [:]
    private var bookkeeping: [Int] = []
    private var journeys: [String] = []
    private var journeyIDs: [JourneyPoint: Int] = [:]
    private var events: [String] = []
    private var eventIDs: [String: Int] = [:]
    private var words: [String] = []
    private var wordIDs: [String: Int] = [:]

    private var sequences: [Int] = []
    private var times: [String] = []
    private var stepWords: [String] = []
    private var actions: [String] = []
    private var stepJourneys: [String] = []
    private var stepEvents: [String] = []
    private var operations: [String] = []
    private var checkpoints: [String] = []
    private var lastTime: Int64 = 0

    private var header = ""
    private var initial = ""
    private var initialJourney = 0

    /// Starts the data of a log whose walk has not begun.
    init(name: String, replay: Replayer<CheckoutState>, walk: JourneyWalk) {
        var log = [
            "\"name\":" + Self.quoted(name), "\"app\":" + Self.quoted(replay.header.appVersion),
            "\"logId\":" + Self.quoted(replay.header.logID),
            "\"kind\":" + Self.quoted(replay.initialState.kind.rawValue),
            "\"created\":\(replay.header.createdMilliseconds)", "\"steps\":\(replay.count)",
            "\"closed\":\(replay.closedCleanly)",
        ]
        if let torn = replay.tornLine {
            log.append("\"torn\":" + Self.quoted("line \(torn.line): \(torn.problem)"))
        }
        // What the page's banner says about personal data: `{"personalData":"inClear","masked":true}`.
        log.append("\"privacy\":" + CanonicalValue.object(walk.personalData.jsonMembers).compactJSON)
        var verify = ["\"checked\":\(replay.fingerprintsChecked)"]
        if let divergence = replay.divergence {
            verify.append(
                "\"diverged\":{\"step\":\(divergence.step),\"recorded\":\"\(divergence.recorded)\""
                    + ",\"replayed\":\"\(divergence.replayed)\",\"since\":\(divergence.lastMatchingStep)}")
        }
        header = "\"log\":{\(log.joined(separator: ","))},\"verify\":{\(verify.joined(separator: ","))}"
        lastTime = replay.header.createdMilliseconds
        initial = stateValues.encode(walk.canonical)
        initialJourney = journeyID(walk.journey)
    }

    /// Adds a step.
    mutating func append(_ step: JourneyStep) {
        sequences.append(step.sequence)
        // Times as the milliseconds since the step before (the header's creation for the first).
        times.append(String(step.timeMilliseconds &- lastTime))
        lastTime = step.timeMilliseconds
        stepWords.append(String(wordID(step.words)))
        actions.append(actionValues.encode(step.action))
        stepJourneys.append(String(journeyID(step.journey)))
        let eventList = step.events.map { event -> String in
            // Parameters as `[name, value]` pairs: a member such as `"code":"cartExpired"` would read
            // like a secret field to the secrets scan CI runs over every output.
            let parameters = event.parameters.sorted { $0.key < $1.key }.map {
                "[" + Self.quoted($0.key) + "," + Self.quoted($0.value.description) + "]"
            }
            let text = "[" + Self.quoted(event.name) + ",[" + parameters.joined(separator: ",") + "]]"
            return String(eventID(text))
        }
        stepEvents.append("[" + eventList.joined(separator: ",") + "]")
        let changes = step.changes.map { change -> String in
            let path = String(pathID(change.path))
            guard let after = change.after else { return "[" + path + "]" }
            return "[" + path + "," + stateValues.encode(after) + "]"
        }
        operations.append("[" + changes.joined(separator: ",") + "]")
        // A whole state now and then, so that the page opens on the last step (or any step)
        // after at most `checkpointInterval` steps' changes, not all of them.
        if step.number % Self.checkpointInterval == 0 {
            checkpoints.append("[\(step.number)," + stateValues.encode(step.state) + "]")
        }
    }

    /// Steps between the whole states the page carries.
    static let checkpointInterval = 2048

    /// The JSON text, escaped so that it can sit inside a `<script>` element: `<`, `>` and `&`
    /// (and the line separators U+2028 and U+2029) occur only inside strings, where they are
    /// written as `\u` escapes; so no `</script>`, `<!--` or `]]>` can appear in it.
    func json() -> [UInt8] {
        let firstSequence = sequences.first ?? 1
        let contiguous = sequences.enumerated().allSatisfy { $0.element == firstSequence + $0.offset }
        var parts = ["{\"format\":1", header]
        parts.append("\"values\":[" + stateValues.values.joined(separator: ",") + "]")
        parts.append("\"paths\":[" + paths.joined(separator: ",") + "]")
        parts.append("\"bookkeeping\":[" + bookkeeping.map(String.init).joined(separator: ",") + "]")
        parts.append("\"journeys\":[" + journeys.joined(separator: ",") + "]")
        parts.append("\"events\":[" + events.joined(separator: ",") + "]")
        parts.append("\"words\":[" + words.map(Self.quoted).joined(separator: ",") + "]")
        parts.append("\"initial\":" + initial)
        parts.append("\"initialJourney\":\(initialJourney)")
        parts.append("\"checkpoints\":[" + checkpoints.joined(separator: ",") + "]")
        let steps = [
            "\"firstSeq\":\(firstSequence)",
            "\"seq\":" + (contiguous ? "null" : "[" + sequences.map(String.init).joined(separator: ",") + "]"),
            "\"time\":[" + times.joined(separator: ",") + "]",
            "\"words\":[" + stepWords.joined(separator: ",") + "]",
            "\"journey\":[" + stepJourneys.joined(separator: ",") + "]",
            "\"events\":[" + stepEvents.joined(separator: ",") + "]",
            "\"ops\":[" + operations.joined(separator: ",") + "]",
        ]
        parts.append("\"steps\":{" + steps.joined(separator: ",") + "}}")
        return Self.scriptSafe(parts.joined(separator: ","))
    }

    /// The actions' JSON text, escaped like ``json()``.
    func actionsJSON() -> [UInt8] {
        Self.scriptSafe(
            "{\"values\":[" + actionValues.values.joined(separator: ",") + "],\"action\":["
                + actions.joined(separator: ",") + "]}")
    }

    /// `text` as UTF-8 with `<`, `>`, `&`, U+2028 and U+2029 written as JSON `\u` escapes.
    static func scriptSafe(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + text.utf8.count / 64)
        var utf8 = Array(text.utf8)
        utf8.append(0)  // room to look two bytes ahead
        utf8.append(0)
        var index = 0
        while index < utf8.count - 2 {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "<"): output.append(contentsOf: Array("\\u003c".utf8))
            case UInt8(ascii: ">"): output.append(contentsOf: Array("\\u003e".utf8))
            case UInt8(ascii: "&"): output.append(contentsOf: Array("\\u0026".utf8))
            case 0xE2 where utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                output.append(contentsOf: Array((utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8))
                index += 2
            default: output.append(byte)
            }
            index += 1
        }
        return output
    }

    // MARK: Tables

    /// Whether JavaScript reads the number's text as exactly that number: integers of at most 15
    /// digits, and decimals of at most 15 significant digits without an exponent.
    static func isExactInJavaScript(_ text: String) -> Bool {
        var digits = 0
        var seenPoint = false
        for (offset, character) in text.enumerated() {
            switch character {
            case "-" where offset == 0: continue
            case "0"..."9": digits += 1
            case "." where !seenPoint: seenPoint = true
            default: return false
            }
        }
        return digits > 0 && digits <= 15
    }

    private mutating func pathID(_ path: [StateChange.PathComponent]) -> Int {
        if let id = pathIDs[path] { return id }
        let components = path.map { component -> String in
            switch component {
            case .key(let key): return Self.quoted(key)
            case .index(let index): return String(index)
            }
        }
        pathIDs[path] = paths.count
        if StateFields.isBookkeeping(path) { bookkeeping.append(paths.count) }
        paths.append("[" + components.joined(separator: ",") + "]")
        return paths.count - 1
    }

    private mutating func journeyID(_ journey: JourneyPoint) -> Int {
        if let id = journeyIDs[journey] { return id }
        let fields = [journey.view, journey.placeName, journey.place, journey.total, journey.payment].map {
            $0.map(Self.quoted) ?? "null"
        }
        journeyIDs[journey] = journeys.count
        journeys.append("[" + fields.joined(separator: ",") + "]")
        return journeys.count - 1
    }

    private mutating func eventID(_ json: String) -> Int {
        if let id = eventIDs[json] { return id }
        eventIDs[json] = events.count
        events.append(json)
        return events.count - 1
    }

    private mutating func wordID(_ text: String) -> Int {
        if let id = wordIDs[text] { return id }
        wordIDs[text] = words.count
        words.append(text)
        return words.count - 1
    }

    static func quoted(_ text: String) -> String { CanonicalValue.string(text).compactJSON }
}

/// A table of values stored once: objects and arrays whose JSON is long enough are kept in it and
/// referred to as `{"~":N}` (see ``InspectorData``).
struct SharedValues {
    /// Objects and arrays whose JSON is at least this long are stored once, in the table.
    static let minimumBytes = 40

    /// The table: each value's JSON (its own long members already references).
    private(set) var values: [String] = []
    private var ids: [String: Int] = [:]

    /// A value in the page's form, its long objects and arrays shared through the table.
    mutating func encode(_ value: CanonicalValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text):
            return InspectorData.isExactInJavaScript(text) ? text : "{\"~n\":" + InspectorData.quoted(text) + "}"
        case .string(let text): return InspectorData.quoted(text)
        case .array(let items):
            return shared("[" + items.map { encode($0) }.joined(separator: ",") + "]")
        case .object(let members):
            let body = members.map { member in
                InspectorData.quoted(member.key.hasPrefix("~") ? "~" + member.key : member.key) + ":"
                    + encode(member.value)
            }
            return shared("{" + body.joined(separator: ",") + "}")
        }
    }

    private mutating func shared(_ json: String) -> String {
        guard json.utf8.count >= Self.minimumBytes else { return json }
        if let id = ids[json] { return "{\"~\":\(id)}" }
        ids[json] = values.count
        values.append(json)
        return "{\"~\":\(values.count - 1)}"
    }
}
