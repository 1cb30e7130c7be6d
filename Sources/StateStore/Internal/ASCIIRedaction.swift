/// `SensitiveURL`'s redaction over the bytes of an ASCII text, where it is the same as over
/// `Character`s (`SensitiveURL.redactCharacters`) and many times cheaper: every separator it looks
/// for is an ASCII byte, and in ASCII text each `Character` is one byte (or a CR LF pair, which
/// holds no separator). A key with a percent escape goes to `SensitiveURL.isSecretQueryKey`, whose
/// decoding may meet non-ASCII letters.
///
/// It finds the byte ranges whose text becomes the marker, then writes the result only when
/// there is one: a URL without secrets comes back as the very string it was.
enum ASCIIRedaction {
    /// `text` redacted, or `nil` when it is not ASCII (the `Character` path decides).
    static func redact(_ text: String) -> SensitiveURL.Redaction? {
        let original = text
        var text = text
        return text.withUTF8 { bytes -> SensitiveURL.Redaction? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var scan = Scan(bytes: bytes)
            scan.run()
            guard !scan.replaced.isEmpty else { return SensitiveURL.Redaction(text: original, readBackRedacted: false) }
            let marker = Array(Sensitive<String>.redactionMarker.utf8)
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + scan.replaced.count * marker.count)
            var from = 0
            for range in scan.replaced {
                output.append(contentsOf: bytes[from..<range.lowerBound])
                output.append(contentsOf: marker)
                from = range.upperBound
            }
            output.append(contentsOf: bytes[from...])
            return SensitiveURL.Redaction(
                text: String(decoding: output, as: UTF8.self), readBackRedacted: scan.readBack)
        }
    }

    /// One pass over a URL's bytes, in the order `redactCharacters` reads it.
    private struct Scan {
        let bytes: UnsafeBufferPointer<UInt8>
        /// The ranges whose text becomes the marker, in order.
        var replaced: [Range<Int>] = []
        /// Whether a secret's value already was the marker.
        var readBack = false

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func run() {
            let end = bytes.count
            let hash = first(UInt8(ascii: "#"), in: 0..<end)
            let beforeFragment = hash ?? end
            let mark = first(UInt8(ascii: "?"), in: 0..<beforeFragment)
            userInfo(in: 0..<(mark ?? beforeFragment))
            if let mark { items(in: (mark + 1)..<beforeFragment) }
            if let hash {
                let fragment = (hash + 1)..<end
                if let route = first(UInt8(ascii: "?"), in: fragment) {
                    // A route in the fragment (`#/return?token=…`).
                    items(in: (route + 1)..<end)
                } else if first(UInt8(ascii: "="), in: fragment) != nil {
                    // Items in the fragment (`#access_token=…&token_type=bearer`).
                    items(in: fragment)
                }
            }
        }

        /// The authority's user information in the part before the query.
        private mutating func userInfo(in part: Range<Int>) {
            guard let scheme = firstSchemeSeparator(in: part) else { return }
            let authorityStart = scheme + 3
            let authorityEnd = first(UInt8(ascii: "/"), in: authorityStart..<part.upperBound) ?? part.upperBound
            guard let at = last(UInt8(ascii: "@"), in: authorityStart..<authorityEnd) else { return }
            let secret: Range<Int>
            if let colon = first(UInt8(ascii: ":"), in: authorityStart..<at) {
                secret = (colon + 1)..<at
            } else {
                secret = authorityStart..<at
            }
            guard !secret.isEmpty else { return }
            if isMarker(secret) { readBack = true }
            replaced.append(secret)
        }

        /// `key=value` items separated by `&` or `;`.
        private mutating func items(in part: Range<Int>) {
            var start = part.lowerBound
            for index in part where bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: ";") {
                item(start..<index)
                start = index + 1
            }
            item(start..<part.upperBound)
        }

        private mutating func item(_ item: Range<Int>) {
            guard let equals = first(UInt8(ascii: "="), in: item), isSecretKey((item.lowerBound)..<equals) else {
                return
            }
            let value = (equals + 1)..<item.upperBound
            guard !value.isEmpty else { return }
            if isMarker(value) { readBack = true }
            replaced.append(value)
        }

        /// `SensitiveURL.isSecretQueryKey` for the key's bytes.
        private func isSecretKey(_ key: Range<Int>) -> Bool {
            if first(UInt8(ascii: "%"), in: key) != nil {
                return SensitiveURL.isSecretQueryKey(String(decoding: bytes[key], as: UTF8.self))
            }
            // Lower-cased, letters and digits only, as `SensitiveURL.normalized` makes it.
            var normalized: [UInt8] = []
            normalized.reserveCapacity(key.count)
            for byte in bytes[key] {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    normalized.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): normalized.append(byte + 32)
                default: break
                }
            }
            guard !normalized.isEmpty else { return false }
            return ASCIIRedaction.secretKeys.contains { $0 == normalized }
                || ASCIIRedaction.secretKeyFragments.contains { contains($0, in: normalized) }
        }

        /// The marker, or the marker as a URL encodes it (in any case).
        private func isMarker(_ range: Range<Int>) -> Bool {
            let text = bytes[range]
            if text.elementsEqual(ASCIIRedaction.marker) { return true }
            return text.count == ASCIIRedaction.encodedMarker.count
                && zip(text, ASCIIRedaction.encodedMarker).allSatisfy { byte, upper in
                    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte) == upper
                }
        }

        private func first(_ byte: UInt8, in range: Range<Int>) -> Int? {
            range.first { bytes[$0] == byte }
        }

        private func last(_ byte: UInt8, in range: Range<Int>) -> Int? {
            range.last { bytes[$0] == byte }
        }

        /// Where the first `://` in `range` begins.
        private func firstSchemeSeparator(in range: Range<Int>) -> Int? {
            guard range.count >= 3 else { return nil }
            return (range.lowerBound...(range.upperBound - 3)).first { index in
                bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/")
                    && bytes[index + 2] == UInt8(ascii: "/")
            }
        }

        private func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
            guard needle.count <= haystack.count else { return false }
            return (0...(haystack.count - needle.count)).contains { start in
                haystack[start..<(start + needle.count)].elementsEqual(needle)
            }
        }
    }

    private static let secretKeys = SensitiveURL.secretKeys.map { Array($0.utf8) }
    private static let secretKeyFragments = SensitiveURL.secretKeyFragments.map { Array($0.utf8) }
    private static let marker = Array(Sensitive<String>.redactionMarker.utf8)
    private static let encodedMarker = Array("%5BREDACTED%5D".utf8)
}
