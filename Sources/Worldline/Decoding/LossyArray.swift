/// Decodes an array element by element, keeping the good ones and recording the bad ones.
///
/// The SDK decodes such arrays with one `try?` over the whole array, so a single malformed product
/// empties the whole list (quirk 13 of the spec). We skip just the malformed element and keep its
/// error, so the app can still show every good product and a log can say which one was dropped.
struct LossyArray<Element: Decodable>: Decodable {
    var elements: [Element] = []
    var skipped: [WorldlineDecodingError] = []

    init() {}

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            do {
                elements.append(try container.decode(Element.self))
            } catch let error as DecodingError {
                skipped.append(WorldlineDecodingError(error))
                // A failed decode does not advance the container; step over the bad element.
                _ = try container.decode(SkippedElement.self)
            }
        }
    }

    private struct SkippedElement: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}

extension KeyedDecodingContainer {
    func decodeLossyArray<Element: Decodable>(_ type: Element.Type, forKey key: Key) throws -> LossyArray<Element> {
        guard contains(key), try !decodeNil(forKey: key) else { return LossyArray() }
        return try decode(LossyArray<Element>.self, forKey: key)
    }
}
