import Foundation

/// base64url without padding (RFC 4648 section 5, RFC 7515 section 2): `+` → `-`, `/` → `_`, no `=`.
enum Base64URL {
    /// Encodes `bytes` as unpadded base64url.
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.last == "=" { text.removeLast() }
        return String(
            text.map { character -> Character in
                switch character {
                case "+": return "-"
                case "/": return "_"
                default: return character
                }
            })
    }
}
