/// A coding key for any member name: the names of a dictionary's entries.
struct DictionaryEntryKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}

extension KeyedEncodingContainer {
    /// Encodes a dictionary keyed by strings as an object whose members are in sorted order.
    ///
    /// `Dictionary`'s own encoding writes its entries in hash order, which changes from process
    /// to process: the same value would give a log line (and an export under a kept key) other
    /// bytes on each run. Sorted, it gives the same bytes everywhere; readers accept either.
    mutating func encodeSortingKeys<Value: Encodable>(_ dictionary: [String: Value], forKey key: Key) throws {
        var entries = nestedContainer(keyedBy: DictionaryEntryKey.self, forKey: key)
        for (name, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            try entries.encode(value, forKey: DictionaryEntryKey(stringValue: name))
        }
    }
}
