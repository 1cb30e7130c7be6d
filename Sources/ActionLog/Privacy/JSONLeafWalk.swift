public import StateStore

extension DataVisitor {
    /// Walks free-form JSON under `field`, handing each string leaf to
    /// ``visit(_:field:as:)-(String,_,_)`` and each number leaf to `visit(number:field:as:)` with
    /// the class `policy` gives its path, and writes back what the visitor rewrote.
    ///
    /// An object or array is entered under its member name (`[]` for an array's elements), so a
    /// leaf's `field` is its member name. Member names are never leaves; `null` and Booleans are
    /// skipped; a string that is the redaction marker is reported with `visitSecret(field:)`.
    /// A visitor that overrides `visit(_:field:as:)` can call this to walk too.
    public mutating func visitJSONLeaves(_ value: inout JSONValue, field: String, as policy: JSONDataPolicy) {
        let walk = JSONLeafWalk(policy: policy)
        walk.visit(&value, field: field, path: "", with: &self)
    }

    /// Walks JSON kept as raw text under `field` as ``visitJSONLeaves(_:field:as:)`` walks a
    /// value, and edits the text in place: each literal the visitor rewrote is replaced by the
    /// rewritten value's JSON literal, and every other byte (spacing, member order, escapes of
    /// untouched literals) is kept.
    ///
    /// Text that is not JSON is one leaf, of the class `policy` gives the root.
    public mutating func visitJSONTextLeaves(_ text: inout String, field: String, as policy: JSONDataPolicy) {
        let bytes = Array(text.utf8)
        let isJSON = bytes.withUnsafeBufferPointer { buffer in (try? JSONParser.parse(buffer)) != nil }
        guard isJSON else {
            visit(&text, field: field, as: policy.dataClass(at: ""))
            return
        }
        var scanner = JSONTextScanner(bytes: bytes, policy: policy)
        scanner.scanValue(field: field, path: "", visitor: &self)
        if let rewritten = scanner.rewrittenText() { text = rewritten }
    }
}

/// The walk of a ``StateStore/JSONValue``'s leaves.
struct JSONLeafWalk {
    let policy: JSONDataPolicy
    /// Paths are built only when the policy has any: most policies classify every leaf alike.
    let tracksPaths: Bool

    init(policy: JSONDataPolicy) {
        self.policy = policy
        tracksPaths = !policy.paths.isEmpty
    }

    func dataClass(at path: String) -> DataClass {
        tracksPaths ? policy.dataClass(at: path) : policy.otherwise
    }

    func visit<V: DataVisitor>(_ value: inout JSONValue, field: String, path: String, with visitor: inout V) {
        switch value {
        case .null, .bool:
            return
        case .string(let text):
            if text == Sensitive<String>.redactionMarker {
                visitor.visitSecret(field: field)
                return
            }
            var rewritten = text
            visitor.visit(&rewritten, field: field, as: dataClass(at: path))
            if rewritten != text { value = .string(rewritten) }
        case .number(let text):
            var rewritten = text
            visitor.visit(number: &rewritten, field: field, as: dataClass(at: path))
            if rewritten != text {
                value = JSONNumberText.isValid(rewritten) ? .number(rewritten) : .string(rewritten)
            }
        case .array(var items):
            // Release the value's hold on the items so that they are mutated in place.
            value = .null
            visitor.enter(field)
            let elementPath = tracksPaths ? path + "[]" : ""
            for index in items.indices {
                visit(&items[index], field: "[]", path: elementPath, with: &visitor)
            }
            visitor.leave()
            value = .array(items)
        case .object(var members):
            value = .null
            visitor.enter(field)
            for index in members.indices {
                let key = members[index].key
                let memberPath = tracksPaths ? (path.isEmpty ? key : path + "." + key) : ""
                visit(&members[index].value, field: key, path: memberPath, with: &visitor)
            }
            visitor.leave()
            value = .object(members)
        }
    }
}

/// Finds the literals of JSON text already known to be valid, in order, tracking their paths, and
/// collects the replacements of those the visitor rewrote.
struct JSONTextScanner {
    let bytes: [UInt8]
    let policy: JSONDataPolicy
    let tracksPaths: Bool
    var index = 0
    var replacements: [(range: Range<Int>, bytes: [UInt8])] = []

    init(bytes: [UInt8], policy: JSONDataPolicy) {
        self.bytes = bytes
        self.policy = policy
        tracksPaths = !policy.paths.isEmpty
    }

    func dataClass(at path: String) -> DataClass {
        tracksPaths ? policy.dataClass(at: path) : policy.otherwise
    }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func scanValue<V: DataVisitor>(field: String, path: String, visitor: inout V) {
        skipWhitespace()
        guard index < bytes.count else { return }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            scanObject(field: field, path: path, visitor: &visitor)
        case UInt8(ascii: "["):
            scanArray(field: field, path: path, visitor: &visitor)
        case UInt8(ascii: "\""):
            let range = scanString()
            guard let text = decodedString(range) else { return }
            if text == Sensitive<String>.redactionMarker {
                visitor.visitSecret(field: field)
                return
            }
            var rewritten = text
            visitor.visit(&rewritten, field: field, as: dataClass(at: path))
            if rewritten != text { replace(range, with: rewritten, asNumber: false) }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let range = scanNumber()
            let text = String(decoding: bytes[range], as: UTF8.self)
            var rewritten = text
            visitor.visit(number: &rewritten, field: field, as: dataClass(at: path))
            if rewritten != text { replace(range, with: rewritten, asNumber: JSONNumberText.isValid(rewritten)) }
        default:
            // true, false, null.
            while index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) { index += 1 }
        }
    }

    mutating func scanObject<V: DataVisitor>(field: String, path: String, visitor: inout V) {
        index += 1
        visitor.enter(field)
        defer { visitor.leave() }
        while index < bytes.count {
            skipWhitespace()
            guard index < bytes.count else { return }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            let keyRange = scanString()
            let key = decodedString(keyRange) ?? ""
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return }
            index += 1
            let memberPath = tracksPaths ? (path.isEmpty ? key : path + "." + key) : ""
            let before = index
            scanValue(field: key, path: memberPath, visitor: &visitor)
            // Valid JSON always moves on; never loop on text this scanner misreads.
            guard index > before else { return }
        }
    }

    mutating func scanArray<V: DataVisitor>(field: String, path: String, visitor: inout V) {
        index += 1
        visitor.enter(field)
        defer { visitor.leave() }
        let elementPath = tracksPaths ? path + "[]" : ""
        while index < bytes.count {
            skipWhitespace()
            guard index < bytes.count else { return }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            let before = index
            scanValue(field: "[]", path: elementPath, visitor: &visitor)
            guard index > before else { return }
        }
    }

    /// The range of the string literal at `index`, quotes included.
    mutating func scanString() -> Range<Int> {
        let start = index
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return start..<start }
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""):
                index += 1
                return start..<index
            default: index += 1
            }
        }
        index = bytes.count
        return start..<index
    }

    mutating func scanNumber() -> Range<Int> {
        let start = index
        while index < bytes.count, JSONNumberText.isNumberByte(bytes[index]) { index += 1 }
        return start..<index
    }

    func decodedString(_ range: Range<Int>) -> String? {
        guard !range.isEmpty, range.upperBound <= bytes.count else { return nil }
        let value = bytes.withUnsafeBufferPointer { buffer in
            try? JSONParser.parse(UnsafeBufferPointer(rebasing: buffer[range]))
        }
        if case .string(let text)? = value { return text }
        return nil
    }

    mutating func replace(_ range: Range<Int>, with text: String, asNumber: Bool) {
        var literal: [UInt8] = []
        if asNumber {
            literal.append(contentsOf: text.utf8)
        } else {
            JSONText.appendQuoted(text, to: &literal)
        }
        replacements.append((range, literal))
    }

    /// The text with every replacement made, or `nil` when there is none.
    func rewrittenText() -> String? {
        guard !replacements.isEmpty else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var position = 0
        for replacement in replacements {
            output.append(contentsOf: bytes[position..<replacement.range.lowerBound])
            output.append(contentsOf: replacement.bytes)
            position = replacement.range.upperBound
        }
        output.append(contentsOf: bytes[position...])
        return String(decoding: output, as: UTF8.self)
    }
}

/// JSON's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
enum JSONNumberText {
    static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }

    static func isValid(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Int {
            var count = 0
            while let byte = bytes.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                bytes.removeFirst()
                count += 1
            }
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes.removeFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes.removeFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes.removeFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
