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
public struct ActionLogPrivacy: Sendable, Hashable, Codable {
    /// The version of the pseudonym scheme the export was made with.
    public var schemeVersion: Int
    /// The public id of the kept key the pseudonyms were made with; nil for a random key.
    public var keyID: String?

    /// Creates the member.
    public init(schemeVersion: Int, keyID: String?) {
        self.schemeVersion = schemeVersion
        self.keyID = keyID
    }

    private enum CodingKeys: String, CodingKey {
        case schemeVersion = "scheme"
        case keyID = "keyId"
    }

    /// The member's compact JSON text: `{"scheme":1}` or `{"scheme":1,"keyId":"…"}`.
    var jsonText: String {
        var text = "{\"scheme\":\(schemeVersion)"
        if let keyID {
            text += ",\"keyId\":"
            JSONText.appendQuoted(keyID, to: &text)
        }
        return text + "}"
    }
}
