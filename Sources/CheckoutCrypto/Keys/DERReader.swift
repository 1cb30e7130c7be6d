/// A bounds-checked reader of DER (ASN.1 distinguished encoding) tag-length-value elements.
///
/// Only what a SubjectPublicKeyInfo needs: definite lengths up to four length bytes, single-byte tags.
/// This is parsing, not cryptography: the key itself is always handed to the platform library.
struct DERReader {
    /// One decoded element: its tag, the offset of its contents in the original bytes, and the contents.
    struct Element {
        let tag: UInt8
        let offset: Int
        let contents: ArraySlice<UInt8>
    }

    /// ASN.1 universal tags used by SubjectPublicKeyInfo.
    enum Tag {
        static let integer: UInt8 = 0x02
        static let bitString: UInt8 = 0x03
        static let null: UInt8 = 0x05
        static let objectIdentifier: UInt8 = 0x06
        static let sequence: UInt8 = 0x30
    }

    private let bytes: ArraySlice<UInt8>
    private var index: Int

    /// A reader over `bytes` (indices are those of the slice, so offsets stay absolute).
    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.index = bytes.startIndex
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { index == bytes.endIndex }

    /// The offset of the next unread byte.
    var offset: Int { index }

    /// Reads the next element and checks its tag; `name` says in errors what was expected.
    mutating func read(_ tag: UInt8, _ name: String) throws -> Element {
        let start = index
        guard index < bytes.endIndex else {
            throw CryptoError.invalidKeyEncoding(reason: "\(name) expected at byte \(start), found end of data")
        }
        let foundTag = bytes[index]
        guard foundTag == tag else {
            throw CryptoError.invalidKeyEncoding(
                reason: "\(name) expected at byte \(start): tag 0x\(hex(foundTag)) instead of 0x\(hex(tag))"
            )
        }
        index += 1
        let length = try readLength(name, start: start)
        guard length <= bytes.endIndex - index else {
            throw CryptoError.invalidKeyEncoding(
                reason: "\(name) at byte \(start) claims \(length) bytes but only \(bytes.endIndex - index) follow"
            )
        }
        let contents = bytes[index..<(index + length)]
        index += length
        return Element(tag: foundTag, offset: start, contents: contents)
    }

    private mutating func readLength(_ name: String, start: Int) throws -> Int {
        guard index < bytes.endIndex else {
            throw CryptoError.invalidKeyEncoding(reason: "\(name) at byte \(start) has no length")
        }
        let first = bytes[index]
        index += 1
        if first < 0x80 { return Int(first) }
        let lengthByteCount = Int(first & 0x7F)
        guard (1...4).contains(lengthByteCount), lengthByteCount <= bytes.endIndex - index else {
            throw CryptoError.invalidKeyEncoding(reason: "\(name) at byte \(start) has an unsupported length form")
        }
        var length = 0
        for _ in 0..<lengthByteCount {
            length = length << 8 | Int(bytes[index])
            index += 1
        }
        return length
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
