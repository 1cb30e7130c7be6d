import ActionLog

/// One change between two canonical states: the value at `path` before and after (`nil` where
/// there was none). Applying every change's `after` in order (removing where it is `nil`) turns the
/// state before into the state after: the inspector stores its steps as these changes.
struct StateChange: Equatable {
    /// A step into a value: an object's member or an array's element.
    enum PathComponent: Hashable {
        case key(String)
        case index(Int)
    }

    var path: [PathComponent]
    var before: CanonicalValue?
    var after: CanonicalValue?

    /// `cart.totals.total`, `shippingMethods[0].price`, `web.session.headers."X-Id"`.
    var pathText: String { Self.text(of: path) }

    /// The top-level member the change is in (`cart` for `cart.totals.total`).
    var root: String? {
        if case .key(let key) = path.first { return key }
        return nil
    }

    static func text(of path: [PathComponent]) -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += PlainText.key(key)
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text.isEmpty ? "." : text
    }

    /// The changes that turn `before` into `after`, in canonical (sorted key) order.
    ///
    /// Objects are compared member by member and arrays of one length element by element; an enum
    /// case (`{"idle":{}}`, `{"failed":{"_0":…}}`) changes as a whole, so no path runs through its
    /// Codable internals; an array that grew by appending reports the appended elements, and one
    /// that otherwise changed its length changes as a whole.
    static func between(_ before: CanonicalValue, _ after: CanonicalValue) -> [StateChange] {
        var changes: [StateChange] = []
        var path: [PathComponent] = []
        diff(before, after, path: &path, into: &changes)
        return changes
    }

    private static func diff(
        _ before: CanonicalValue, _ after: CanonicalValue, path: inout [PathComponent],
        into changes: inout [StateChange]
    ) {
        if before == after { return }
        switch (before, after) {
        case (.object(let old), .object(let new)) where !PlainText.isEnumCase(before) && !PlainText.isEnumCase(after):
            // Both are sorted by key: walk them together.
            var i = 0
            var j = 0
            while i < old.count || j < new.count {
                let order: Int
                if i == old.count {
                    order = 1
                } else if j == new.count {
                    order = -1
                } else if old[i].key == new[j].key {
                    order = 0
                } else {
                    order = old[i].key.utf8.lexicographicallyPrecedes(new[j].key.utf8) ? -1 : 1
                }
                switch order {
                case 0:
                    path.append(.key(old[i].key))
                    diff(old[i].value, new[j].value, path: &path, into: &changes)
                    path.removeLast()
                    i += 1
                    j += 1
                case -1:
                    changes.append(StateChange(path: path + [.key(old[i].key)], before: old[i].value, after: nil))
                    i += 1
                default:
                    changes.append(StateChange(path: path + [.key(new[j].key)], before: nil, after: new[j].value))
                    j += 1
                }
            }
        case (.array(let old), .array(let new)) where old.count == new.count:
            for index in old.indices {
                path.append(.index(index))
                diff(old[index], new[index], path: &path, into: &changes)
                path.removeLast()
            }
        case (.array(let old), .array(let new))
        where !old.isEmpty && old.count < new.count && Array(new[..<old.count]) == old:
            for index in old.count..<new.count {
                changes.append(StateChange(path: path + [.index(index)], before: nil, after: new[index]))
            }
        default:
            changes.append(StateChange(path: path, before: before, after: after))
        }
    }
}
