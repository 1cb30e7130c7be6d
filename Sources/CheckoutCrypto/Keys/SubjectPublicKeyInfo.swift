/// The parts of a DER X.509 SubjectPublicKeyInfo (RFC 5280 section 4.1.2.7) holding an RSA key.
///
/// ```
/// SubjectPublicKeyInfo ::= SEQUENCE { algorithm AlgorithmIdentifier, subjectPublicKey BIT STRING }
/// RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }   (RFC 8017 A.1.1)
/// ```
///
/// Parsed on every platform so that a bad, non-RSA or short key gives the same typed error on Linux and
/// on Apple platforms, and because Security's `SecKeyCreateWithData` wants the inner PKCS#1
/// `RSAPublicKey` rather than the SPKI. Unlike Worldline's SDK, which strips a fixed 24-byte prefix and
/// so accepts only RSA-2048, any RSA modulus of at least ``RSAPublicKey/minimumBitCount`` bits works.
struct SubjectPublicKeyInfo {
    /// The DER object identifier contents of rsaEncryption, 1.2.840.113549.1.1.1.
    static let rsaEncryptionOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]

    /// The inner PKCS#1 `RSAPublicKey` DER.
    let pkcs1RSAPublicKey: [UInt8]

    /// The modulus length in bits (leading zero bits not counted).
    let modulusBitCount: Int

    /// Parses `der`; throws ``CryptoError/invalidKeyEncoding(reason:)`` or
    /// ``CryptoError/unsupportedKeyType(algorithm:)``.
    init(der: [UInt8]) throws {
        var outer = DERReader(der[...])
        let info = try outer.read(DERReader.Tag.sequence, "SubjectPublicKeyInfo SEQUENCE")
        guard outer.isAtEnd else {
            throw CryptoError.invalidKeyEncoding(reason: "unexpected data after the key at byte \(outer.offset)")
        }
        var fields = DERReader(info.contents)
        let algorithm = try fields.read(DERReader.Tag.sequence, "AlgorithmIdentifier SEQUENCE")
        var algorithmFields = DERReader(algorithm.contents)
        let oid = try algorithmFields.read(DERReader.Tag.objectIdentifier, "algorithm OBJECT IDENTIFIER")
        guard Array(oid.contents) == Self.rsaEncryptionOID else {
            throw CryptoError.unsupportedKeyType(algorithm: Self.dottedObjectIdentifier(oid.contents))
        }
        let bitString = try fields.read(DERReader.Tag.bitString, "subjectPublicKey BIT STRING")
        guard fields.isAtEnd else {
            throw CryptoError.invalidKeyEncoding(
                reason: "unexpected data after the BIT STRING at byte \(fields.offset)")
        }
        guard bitString.contents.first == 0 else {
            throw CryptoError.invalidKeyEncoding(
                reason: "subjectPublicKey BIT STRING at byte \(bitString.offset) does not start with 0 unused bits"
            )
        }
        let pkcs1 = Array(bitString.contents.dropFirst())
        var keyReader = DERReader(pkcs1[...])
        let rsaKey = try keyReader.read(DERReader.Tag.sequence, "RSAPublicKey SEQUENCE")
        guard keyReader.isAtEnd else {
            throw CryptoError.invalidKeyEncoding(reason: "unexpected data after the RSAPublicKey")
        }
        var rsaFields = DERReader(rsaKey.contents)
        let modulus = try rsaFields.read(DERReader.Tag.integer, "RSA modulus INTEGER")
        _ = try rsaFields.read(DERReader.Tag.integer, "RSA public exponent INTEGER")
        self.pkcs1RSAPublicKey = pkcs1
        self.modulusBitCount = Self.bitCount(ofUnsigned: modulus.contents)
    }

    /// Bits of a big-endian unsigned integer, not counting leading zero bits.
    private static func bitCount(ofUnsigned bytes: ArraySlice<UInt8>) -> Int {
        guard let firstNonZero = bytes.firstIndex(where: { $0 != 0 }) else { return 0 }
        let significantBytes = bytes.endIndex - firstNonZero
        return (significantBytes - 1) * 8 + (8 - bytes[firstNonZero].leadingZeroBitCount)
    }

    /// An object identifier in dotted form, for error messages (e.g. `1.2.840.10045.2.1` for EC keys).
    private static func dottedObjectIdentifier(_ contents: ArraySlice<UInt8>) -> String {
        var arcs: [String] = []
        var value: UInt64 = 0
        for byte in contents {
            value = value << 7 | UInt64(byte & 0x7F)
            guard byte & 0x80 == 0 else { continue }
            if arcs.isEmpty {
                let first = min(value / 40, 2)
                arcs.append(String(first))
                arcs.append(String(value - first * 40))
            } else {
                arcs.append(String(value))
            }
            value = 0
        }
        return arcs.isEmpty ? "(empty)" : arcs.joined(separator: ".")
    }
}
