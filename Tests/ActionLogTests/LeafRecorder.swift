import ActionLog

/// Records every leaf a walk hands it as `path = value : class` (numbers as `#text`), and
/// rewrites each with `rewrite`.
struct LeafRecorder: DataVisitor {
    var registrations = DataRegistrations.none
    var path: [String] = []
    var lines: [String] = []
    var rewrite: (String, DataClass) -> String = { text, _ in text }

    mutating func enter(_ field: String) { path.append(field) }
    mutating func leave() { path.removeLast() }

    func place(_ field: String) -> String { (path + [field]).joined(separator: ".") }

    mutating func visit(_ value: inout String, field: String, as dataClass: DataClass) {
        lines.append("\(place(field)) = \(value) : \(dataClass)")
        value = rewrite(value, dataClass)
    }

    mutating func visit(number text: inout String, field: String, as dataClass: DataClass) {
        lines.append("\(place(field)) = #\(text) : \(dataClass)")
        text = rewrite(text, dataClass)
    }

    mutating func visitSecret(field: String) {
        lines.append("\(place(field)) : secret")
    }
}
