/// A URL that may carry secrets (a checkout token, a session id, a nonce, an access token): the
/// host opens the whole URL, while a log, a snapshot, a description or an analytics event gets it
/// with the secrets' values replaced by ``Sensitive/redactionMarker``, so a support engineer
/// still sees the scheme, host, path and the other query items.
///
/// Redaction happens at the type level, as for ``Sensitive``: the value encodes, describes and
/// dumps itself as ``redactedString``.
///
/// ```swift
/// let url = SensitiveURL("https://portal.clearpay.co.uk/checkout/?token=002.5lmerr&locale=en-GB")
/// url.value   // "https://portal.clearpay.co.uk/checkout/?token=002.5lmerr&locale=en-GB"
/// print(url)  // https://portal.clearpay.co.uk/checkout/?token=[REDACTED]&locale=en-GB
/// ```
///
/// What is redacted:
/// - the value of every query item whose key ``isSecretQueryKey(_:)`` (`token`, `orderToken`,
///   `sessionData`, `session_id`, `clientKey`, `nonce`, `access_token`, `authorization`,
///   `RETURNMAC`, `redirectResult`…), in the query and in a fragment of `key=value` items
///   (`#access_token=…`);
/// - the user information of the authority (`user:[REDACTED]@host`, or `[REDACTED]@host` for a
///   token given as the user).
///
/// The path is kept as it is: a provider that puts a secret in a path segment needs a
/// ``Sensitive`` string instead.
///
/// A value decoded from a log whose URL had a secret is *redacted*: ``value`` is `nil` and
/// ``redactedString`` is what the log held. A URL without secrets reads back whole. A reducer
/// that reads a URL therefore reads ``redactedString``, which is the same when recording and
/// when replaying.
public struct SensitiveURL: Sendable, Hashable {
    /// The whole URL, or `nil` when this value was decoded from a log that redacted a secret of it.
    public let value: String?
    /// The URL with every secret's value replaced by ``Sensitive/redactionMarker``: what logs,
    /// snapshots, descriptions and analytics get.
    public let redactedString: String

    /// Wraps a URL given as text.
    public init(_ string: String) {
        value = string
        redactedString = Self.redact(string).text
    }

    /// A URL read back from a log (or from any text that may hold redacted secrets): the text is
    /// kept as the redacted form, and ``value`` is `nil` when a secret in it is the marker.
    public init(logged text: String) {
        if text == Sensitive<String>.redactionMarker {
            // An older log that redacted the whole URL.
            value = nil
            redactedString = text
            return
        }
        let redaction = Self.redact(text)
        value = redaction.readBackRedacted ? nil : text
        redactedString = redaction.text
    }

    /// `true` when the URL's secrets are unknown (read back from a log).
    public var isRedacted: Bool { value == nil }

    /// `true` when the URL carries a secret that logs do not show.
    public var carriesSecrets: Bool { value.map { $0 != redactedString } ?? true }
}

// MARK: - Which parts are secret

extension SensitiveURL {
    /// Query keys that are secret wherever they appear in the key (compared without case, `_`,
    /// `-`, `.` or percent-encoding): `orderToken`, `session_id`, `clientSessionId`,
    /// `payment_method_nonce`, `Authorization`, `client_secret`…
    public static let secretKeyFragments: [String] = [
        "token", "secret", "session", "nonce", "password", "passwd", "auth", "apikey", "clientkey", "accesskey",
        "privatekey", "signature", "credential", "hmac", "jwt",
    ]

    /// Query keys that are secret when they are the whole key (compared the same way): 3-D Secure
    /// and redirect data (`MD`, `PaRes`, `cres`, `redirectResult`, `threeDSResult`, `payload`),
    /// Worldline's `RETURNMAC`, OAuth's `code`, card data.
    public static let secretKeys: Set<String> = [
        "key", "code", "mac", "returnmac", "sig", "md", "pares", "cres", "creq", "payload", "paymentdata",
        "redirectresult", "redirectdata", "threedsresult", "threedsmethoddata", "pan", "cvv", "cvc", "cvn", "pin",
        "otp", "pwd",
    ]

    /// Whether a query item named `name` carries a secret: see ``secretKeyFragments`` and
    /// ``secretKeys``.
    public static func isSecretQueryKey(_ name: String) -> Bool {
        let key = normalized(name)
        guard !key.isEmpty else { return false }
        return secretKeys.contains(key) || secretKeyFragments.contains { key.contains($0) }
    }

    /// `name` percent-decoded, lower-cased, letters and digits only.
    private static func normalized(_ name: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(name.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(
            String(decoding: bytes, as: UTF8.self).lowercased().unicodeScalars
                .filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
                .map(Character.init))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The marker, and the marker as a URL encodes it.
    private static func isMarker(_ text: Substring) -> Bool {
        text == Sensitive<String>.redactionMarker || text.uppercased() == "%5BREDACTED%5D"
    }

    /// What redacting a URL's text gives: the redacted text, and whether a secret in the input
    /// already was the marker (the text was read back from a log).
    struct Redaction {
        var text: String
        var readBackRedacted: Bool
    }

    /// `text` with its secrets replaced by the marker.
    static func redact(_ text: String) -> Redaction {
        // A replay redacts every URL it reads again (`init(logged:)`): over `Character`s that
        // cost about 50,000 instructions a URL. ASCII text, which URLs are, takes the bytes.
        if let redaction = ASCIIRedaction.redact(text) { return redaction }
        return redactCharacters(text)
    }

    /// `redact` over `Character`s: the rule for any text, and the reference `ASCIIRedaction`
    /// matches byte for byte.
    static func redactCharacters(_ text: String) -> Redaction {
        var readBack = false
        var rest = Substring(text)
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var result = redactUserInfo(rest, readBack: &readBack)
        if let query {
            result += "?" + redactItems(query, readBack: &readBack)
        }
        if let fragment {
            result += "#"
            if let mark = fragment.firstIndex(of: "?") {
                // A route in the fragment (`#/return?token=…`).
                result += String(fragment[..<mark]) + "?"
                result += redactItems(fragment[fragment.index(after: mark)...], readBack: &readBack)
            } else if fragment.contains("=") {
                // Items in the fragment (`#access_token=…&token_type=bearer`).
                result += redactItems(fragment, readBack: &readBack)
            } else {
                result += fragment
            }
        }
        return Redaction(text: result, readBackRedacted: readBack)
    }

    /// `key=value` items separated by `&` (or `;`), each secret one's value replaced.
    private static func redactItems(_ items: Substring, readBack: inout Bool) -> String {
        var result = ""
        var item = Substring()
        func flush() {
            if let equals = item.firstIndex(of: "="), isSecretQueryKey(String(item[..<equals])) {
                let value = item[item.index(after: equals)...]
                if value.isEmpty {
                    result += item
                } else {
                    if isMarker(value) { readBack = true }
                    result += String(item[...equals]) + Sensitive<String>.redactionMarker
                }
            } else {
                result += item
            }
        }
        var start = items.startIndex
        for index in items.indices where items[index] == "&" || items[index] == ";" {
            item = items[start..<index]
            flush()
            result.append(items[index])
            start = items.index(after: index)
        }
        item = items[start...]
        flush()
        return result
    }

    /// The part before the query with the authority's user information redacted.
    private static func redactUserInfo(_ text: Substring, readBack: inout Bool) -> String {
        guard let scheme = text.firstRange(of: "://") else { return String(text) }
        let authorityStart = scheme.upperBound
        let authorityEnd = text[authorityStart...].firstIndex(of: "/") ?? text.endIndex
        guard let at = text[authorityStart..<authorityEnd].lastIndex(of: "@") else { return String(text) }
        let userInfo = text[authorityStart..<at]
        let redactedUserInfo: String
        if let colon = userInfo.firstIndex(of: ":") {
            let password = userInfo[userInfo.index(after: colon)...]
            if password.isEmpty { return String(text) }
            if isMarker(password) { readBack = true }
            redactedUserInfo = String(userInfo[...colon]) + Sensitive<String>.redactionMarker
        } else {
            if userInfo.isEmpty { return String(text) }
            if isMarker(userInfo) { readBack = true }
            redactedUserInfo = Sensitive<String>.redactionMarker
        }
        return String(text[..<authorityStart]) + redactedUserInfo + String(text[at...])
    }
}

// MARK: - Conformances

extension SensitiveURL: ExpressibleByStringLiteral {
    /// Wraps a URL written as a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

extension SensitiveURL: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Always ``redactedString``.
    public var description: String { redactedString }
    /// Always ``redactedString``.
    public var debugDescription: String { redactedString }
    /// A mirror with no children, so `dump` and debuggers show only ``redactedString``.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

extension SensitiveURL: Codable {
    /// Encodes ``redactedString`` (or, for an encoder whose `userInfo` has
    /// `CodingUserInfoKey/revealsSensitiveValues`, the whole URL).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if encoder.userInfo[.revealsSensitiveValues] as? Bool == true, let value {
            try container.encode(value)
        } else {
            try container.encode(redactedString)
        }
    }

    /// Decodes a URL's text with ``init(logged:)``: a log's redacted URL reads back redacted, a
    /// whole URL (a provider's response in memory, a log written before this type) whole.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(logged: try container.decode(String.self))
    }
}
