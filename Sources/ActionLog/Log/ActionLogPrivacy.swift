import StateStore

/// The `privacy` member of a log's header: present only in a pseudonymised export, absent from
/// every log a recorder writes ("in clear").
///
/// ```
/// {"format":"checkoutengine-actionlog", … ,"privacy":{"scheme":1,"keyId":"9f2c4e1ab07d3365"}, … }
/// ```
///
/// It names the pseudonym scheme's version and, for an export made with a kept key, the key's
/// public id; never the key, and no key id for a random key (nothing should name a key that is
/// never kept).
/// Read tolerantly: any `privacy` member other than `null` marks the log as pseudonymised, even
/// when its scheme cannot be read (a newer export's shape), so that such a log is never taken for
/// one in clear; ``schemeVersion`` is then `nil`.
public struct ActionLogPrivacy: Sendable, Hashable, Codable {
    /// The version of the pseudonym scheme the export was made with; `nil` when the member does
    /// not name one as an integer (read from a log this build does not know the shape of).
    public var schemeVersion: Int?
    /// The public id of the kept key the pseudonyms were made with; nil for a random key.
    public var keyID: String?

    /// Creates the member.
    public init(schemeVersion: Int?, keyID: String? = nil) {
        self.schemeVersion = schemeVersion
        self.keyID = keyID
    }

    private enum CodingKeys: String, CodingKey {
        case schemeVersion = "scheme"
        case keyID = "keyId"
    }

    /// `scheme 1, key k-2026`, `scheme 1, a random key`, `scheme unknown, a random key`.
    public var summary: String {
        let scheme = schemeVersion.map { "scheme \($0)" } ?? "scheme unknown"
        return scheme + ", " + (keyID.map { "key \($0)" } ?? "a random key")
    }

    /// The member's compact JSON text: `{"scheme":1}` or `{"scheme":1,"keyId":"…"}`.
    var jsonText: String {
        var members: [String] = []
        if let schemeVersion { members.append("\"scheme\":\(schemeVersion)") }
        if let keyID {
            var text = "\"keyId\":"
            JSONText.appendQuoted(keyID, to: &text)
            members.append(text)
        }
        return "{" + members.joined(separator: ",") + "}"
    }
}
