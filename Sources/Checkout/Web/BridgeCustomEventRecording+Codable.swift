// `record` and `redact` encode as the strings they always were, so that a configuration without
// personal events encodes (and fingerprints) as before; `personal` is an object.
extension BridgeCustomEventRecording: Codable {
    private enum CodingKeys: String, CodingKey {
        case personal
    }

    private enum PersonalKeys: String, CodingKey {
        case plainPaths
    }

    /// Decodes `"record"`, `"redact"`, or `{"personal": {"plainPaths": [...]}}`.
    ///
    /// - Throws: `DecodingError` naming the value when it is none of these.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            switch name {
            case "record": self = .record
            case "redact": self = .redact
            default:
                throw DecodingError.dataCorruptedError(
                    in: single, debugDescription: "\"\(name)\" is not record, redact or personal")
            }
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let personal = try container.nestedContainer(keyedBy: PersonalKeys.self, forKey: .personal)
        self = .personal(plainPaths: try personal.decodeIfPresent([String].self, forKey: .plainPaths) ?? [])
    }

    /// Encodes `"record"`, `"redact"`, or `{"personal": {"plainPaths": [...]}}`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .record:
            var container = encoder.singleValueContainer()
            try container.encode("record")
        case .redact:
            var container = encoder.singleValueContainer()
            try container.encode("redact")
        case .personal(let plainPaths):
            var container = encoder.container(keyedBy: CodingKeys.self)
            var personal = container.nestedContainer(keyedBy: PersonalKeys.self, forKey: .personal)
            try personal.encode(plainPaths, forKey: .plainPaths)
        }
    }
}
