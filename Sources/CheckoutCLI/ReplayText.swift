import ActionLog
import Checkout

/// The replay's text for people: a step's changes that matter, and a state's fields, as lines
/// that fit a terminal (`width` characters, values shortened at token boundaries).
enum ReplayText {
    /// A line and how it reads: added (`+`), removed (`-`) or changed.
    struct Line: Equatable {
        enum Kind { case added, removed, changed }
        var kind: Kind
        var text: String
    }

    /// The widest line (before the two-space indent).
    static let width = 110

    /// The changes of `step` a support engineer reads: without bookkeeping, section statuses as
    /// words and only those that changed, and the view's and payment phase's plain case changes
    /// left to the journey line; with `all`, every change and every section's status.
    static func changes(
        of step: JourneyStep, before: [SectionStatus], after: [SectionStatus], all: Bool
    ) -> [Line] {
        var lines: [Line] = []
        for change in step.changes where !StateFields.isSections(change.path) {
            if !all && (StateFields.isBookkeeping(change.path) || isShownByJourney(change)) { continue }
            lines += self.lines(for: change)
        }
        let sections = all ? SectionChange.between(before, after, unchanged: true) : step.sections
        lines += sectionLines(sections, full: all)
        return lines
    }

    /// A change the journey line already shows: the view or payment phase moving to a case
    /// without details (`loading` → `nativeCheckout`, `idle` → `preparing`).
    private static func isShownByJourney(_ change: StateChange) -> Bool {
        guard change.path == [.key("view")] || change.path == [.key("payment"), .key("phase")] else { return false }
        return [change.before, change.after].allSatisfy { value in
            guard let value else { return true }
            if case .object(let members) = value, members.count == 1, case .object(let arguments) = members[0].value {
                return arguments.isEmpty
            }
            return false
        }
    }

    static func lines(for change: StateChange) -> [Line] {
        let path = change.pathText
        switch (change.before, change.after) {
        case (nil, let after?):
            return expanded(change.path, after, kind: .added)
        case (let before?, nil):
            return [
                Line(
                    kind: .removed,
                    text: "- \(path): " + PlainText.render(before, limit: max(20, width - path.count - 4)))
            ]
        case (let before?, let after?):
            if isEmptyContainer(before), !isEmptyContainer(after) {
                return expanded(change.path, after, kind: .added)
            }
            // Both sides in the room left: the shorter keeps what it needs, the longer the rest.
            let room = max(40, width - path.count - 7)
            var old = PlainText.render(before)
            var new = PlainText.render(after)
            if old.count + new.count > room {
                let half = room / 2
                let oldRoom = old.count <= half ? old.count : new.count <= half ? room - new.count : half
                old = PlainText.render(before, limit: oldRoom)
                new = PlainText.render(after, limit: room - old.count)
            }
            return [Line(kind: .changed, text: "  \(path): \(old) → \(new)")]
        case (nil, nil):
            return []
        }
    }

    /// `+ path: value` when it fits, or the value's members one per line.
    private static func expanded(
        _ path: [StateChange.PathComponent], _ value: CanonicalValue, kind: Line.Kind
    ) -> [Line] {
        let marker = kind == .added ? "+ " : kind == .removed ? "- " : "  "
        return fields(path, value).map { Line(kind: kind, text: marker + $0) }
    }

    /// `path: value` lines: one when it fits in the width, else one per member (recursively);
    /// enum cases, money and scalars always on one line, shortened if need be.
    static func fields(_ path: [StateChange.PathComponent], _ value: CanonicalValue) -> [String] {
        let head = StateChange.text(of: path) + ": "
        let room = max(20, width - 2 - head.count)
        let isSplittable: Bool
        switch value {
        case .object(let members):
            isSplittable = !members.isEmpty && !PlainText.isEnumCase(value) && PlainText.money(value) == nil
        case .array(let items):
            isSplittable = !items.isEmpty
        default:
            isSplittable = false
        }
        let text = PlainText.render(value, limit: isSplittable || PlainText.isEnumCase(value) ? .max : room)
        if PlainText.isEnumCase(value), text.count > room, case .object(let members) = value,
            case .object(let arguments) = members[0].value
        {
            // A case whose details do not fit: its name, then its details one per line (an
            // unlabelled one's members directly, a second unlabelled one by position).
            let name = members[0].key
            var lines = [head + name]
            for argument in arguments {
                var inner = path + [.key(name)]
                if let position = Int(argument.key.dropFirst()), PlainText.isPositional(argument.key) {
                    if position > 0 || arguments.count > 1 { inner.append(.index(position)) }
                } else {
                    inner.append(.key(argument.key))
                }
                lines += fields(inner, argument.value)
            }
            return lines
        }
        guard isSplittable, text.count > room else { return [head + PlainText.render(value, limit: room)] }
        switch value {
        case .object(let members):
            return members.flatMap { fields(path + [.key($0.key)], $0.value) }
        case .array(let items):
            return items.enumerated().flatMap { fields(path + [.index($0.offset)], $0.element) }
        default:
            return [head + text]
        }
    }

    private static func isEmptyContainer(_ value: CanonicalValue) -> Bool {
        switch value {
        case .array(let items): return items.isEmpty
        case .object(let members): return members.isEmpty
        default: return false
        }
    }

    /// Sections grouped by what happened to them: `sections contactInformation, payment: editable → locked`.
    static func sectionLines(_ changes: [SectionChange], full: Bool) -> [Line] {
        var groups: [(text: String, kind: Line.Kind, sections: [String])] = []
        for change in changes {
            let (text, kind) = transition(change, full: full)
            if let index = groups.firstIndex(where: { $0.text == text && $0.kind == kind }) {
                groups[index].sections.append(change.section)
            } else {
                groups.append((text, kind, [change.section]))
            }
        }
        return groups.flatMap { group in
            let marker = group.kind == .added ? "+ " : group.kind == .removed ? "- " : "  "
            let noun = group.sections.count == 1 ? "section" : "sections"
            return wrapped(marker + noun + " ", group.sections, ": " + group.text).map {
                Line(kind: group.kind, text: $0)
            }
        }
    }

    /// `head` and the names separated by commas, then `tail`, wrapped at the width with the
    /// names of a continuation line indented under the first.
    private static func wrapped(_ head: String, _ names: [String], _ tail: String) -> [String] {
        var lines: [String] = []
        var line = head
        for (index, name) in names.enumerated() {
            let piece = name + (index == names.count - 1 ? tail : ",")
            if line.count + piece.count > width, line.count > head.count {
                lines.append(line)
                line = String(repeating: " ", count: head.count)
            } else if line.count > head.count {
                line += " "
            }
            line += piece
        }
        return lines + [line]
    }

    private static func transition(_ change: SectionChange, full: Bool) -> (String, Line.Kind) {
        switch (change.before, change.after) {
        case (nil, let after?): return (after.joined(separator: ", "), .added)
        case (let before?, nil): return ("was " + before.joined(separator: ", "), .removed)
        case (let before?, let after?):
            if before == after { return (after.joined(separator: ", ") + " (unchanged)", .changed) }
            if full { return (before.joined(separator: ", ") + " → " + after.joined(separator: ", "), .changed) }
            let gone = before.filter { !after.contains($0) }
            let new = after.filter { !before.contains($0) }
            if gone.isEmpty { return ("now also " + new.joined(separator: ", "), .changed) }
            if new.isEmpty { return ("no longer " + gone.joined(separator: ", "), .changed) }
            return (gone.joined(separator: ", ") + " → " + new.joined(separator: ", "), .changed)
        case (nil, nil): return ("", .changed)
        }
    }

    /// A state's fields for a checkout of `kind`: the other kind's fields left out, bookkeeping
    /// too unless `all`, the native sections grouped by status.
    static func state(_ state: CanonicalValue, kind: CheckoutKind, sections: [SectionStatus], all: Bool) -> [String] {
        guard case .object(let members) = state else { return fields([], state) }
        let hidden = StateFields.otherKindFields(of: kind)
        var lines: [String] = []
        for member in members where !hidden.contains(member.key) {
            let path: [StateChange.PathComponent] = [.key(member.key)]
            if !all && StateFields.isBookkeeping(path) { continue }
            guard member.key == "native", case .object(let native) = member.value else {
                lines += fields(path, member.value)
                continue
            }
            for field in native {
                let fieldPath = path + [.key(field.key)]
                if !all && StateFields.isBookkeeping(fieldPath) { continue }
                if StateFields.isSections(fieldPath) {
                    let statuses = sections.map {
                        SectionChange(section: $0.section.rawValue, before: nil, after: SectionChange.words($0))
                    }
                    lines +=
                        statuses.isEmpty
                        ? ["native.sections: []"]
                        : sectionLines(statuses, full: true).map { String($0.text.dropFirst(2)) }
                } else {
                    lines += fields(fieldPath, field.value)
                }
            }
        }
        return lines
    }
}
