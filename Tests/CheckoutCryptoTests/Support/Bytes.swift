import Foundation

/// Hex and base64url helpers for the tests, written independently of the module's own encoder.
enum Bytes {
    /// Bytes of a hex string; spaces are ignored. Returns nil for odd length or a non-hex character.
    static func hex(_ text: String) -> [UInt8]? {
        let digits = Array(text.filter { !$0.isWhitespace })
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    /// Lowercase hex of `bytes`.
    static func hexString(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Decodes unpadded base64url; nil if the text is not base64url.
    static func base64URLDecoded(_ text: String) -> [UInt8]? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            return nil
        }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map { [UInt8]($0) }
    }
}
