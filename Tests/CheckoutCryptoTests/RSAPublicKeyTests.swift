import CheckoutCrypto
import Foundation
import XCTest

final class RSAPublicKeyTests: XCTestCase {
    private var sampleDER: [UInt8] { [UInt8](Data(base64Encoded: WorldlineSample.publicKey) ?? Data()) }

    func testWorldlineSampleKeyParsesAsRSA2048() throws {
        let key = try RSAPublicKey(subjectPublicKeyInfoBase64: WorldlineSample.publicKey)

        XCTAssertEqual(key.bitCount, 2048)
        XCTAssertEqual(key.subjectPublicKeyInfo, sampleDER)
        XCTAssertEqual(key.maximumOAEPSHA1PlaintextCount, 214)
    }

    func testBase64WithLineBreaksIsAccepted() throws {
        var wrapped = ""
        for (index, character) in WorldlineSample.publicKey.enumerated() {
            if index > 0 && index.isMultiple(of: 64) { wrapped += "\n" }
            wrapped.append(character)
        }

        XCTAssertEqual(try RSAPublicKey(subjectPublicKeyInfoBase64: wrapped).subjectPublicKeyInfo, sampleDER)
    }

    func testRSA3072KeyWithoutBase64PaddingIsAccepted() throws {
        let padded = try PythonChecker.sharedRSA3072Key().spkiBase64
        let unpadded = padded.filter { $0 != "=" }

        XCTAssertTrue(padded.hasSuffix("="), "a 422-byte SPKI needs base64 padding")
        XCTAssertEqual(try RSAPublicKey(subjectPublicKeyInfoBase64: unpadded).bitCount, 3072)
    }

    func testTextThatIsNotBase64IsABadKeyEncoding() {
        XCTAssertThrowsError(try RSAPublicKey(subjectPublicKeyInfoBase64: "not base64!")) { error in
            XCTAssertEqual(error as? CryptoError, .invalidKeyEncoding(reason: "the public key is not valid base64"))
        }
        XCTAssertThrowsError(try RSAPublicKey(subjectPublicKeyInfoBase64: "")) { error in
            XCTAssertEqual(error as? CryptoError, .invalidKeyEncoding(reason: "the public key is not valid base64"))
        }
    }

    func testTruncatedKeyNamesTheElementThatRunsPastTheEnd() {
        XCTAssertThrowsError(try RSAPublicKey(subjectPublicKeyInfo: Array(sampleDER.prefix(100)))) { error in
            XCTAssertEqual(
                error as? CryptoError,
                .invalidKeyEncoding(
                    reason: "SubjectPublicKeyInfo SEQUENCE at byte 0 claims 290 bytes but only 96 follow"))
        }
    }

    func testTrailingBytesAfterTheKeyAreRejected() {
        XCTAssertThrowsError(try RSAPublicKey(subjectPublicKeyInfo: sampleDER + [0])) { error in
            XCTAssertEqual(
                error as? CryptoError, .invalidKeyEncoding(reason: "unexpected data after the key at byte 294"))
        }
    }

    func testBarePKCS1KeyWithoutTheSPKIWrapperIsABadKeyEncoding() {
        // What the SDK hands to the iOS keychain after stripping its fixed 24-byte SPKI prefix.
        let pkcs1 = Array(sampleDER.dropFirst(24))
        XCTAssertThrowsError(try RSAPublicKey(subjectPublicKeyInfo: pkcs1)) { error in
            guard case .invalidKeyEncoding(let reason)? = error as? CryptoError else {
                return XCTFail("expected invalidKeyEncoding, got \(error)")
            }
            XCTAssertTrue(reason.hasPrefix("AlgorithmIdentifier SEQUENCE expected at byte 4"), reason)
        }
    }

    func testEllipticCurveKeyIsAnUnsupportedKeyTypeNamingItsAlgorithm() throws {
        let checker = try PythonChecker.require()
        let ecKey = try checker.generateKey(type: "ec")

        XCTAssertThrowsError(try RSAPublicKey(subjectPublicKeyInfoBase64: ecKey.spkiBase64)) { error in
            XCTAssertEqual(error as? CryptoError, .unsupportedKeyType(algorithm: "1.2.840.10045.2.1"))
        }
    }

    func testRSA1024KeyIsTooSmall() throws {
        let checker = try PythonChecker.require()
        let smallKey = try checker.generateKey(bits: 1024)

        XCTAssertThrowsError(try RSAPublicKey(subjectPublicKeyInfoBase64: smallKey.spkiBase64)) { error in
            XCTAssertEqual(error as? CryptoError, .keyTooSmall(bits: 1024, minimumBits: 2048))
        }
    }

    func testOAEPSHA1CiphertextDecryptsWithThePrivateKeyInPython() throws {
        let checker = try PythonChecker.require()
        let keyPair = try checker.generateKey()
        let key = try RSAPublicKey(subjectPublicKeyInfoBase64: keyPair.spkiBase64)
        let secret = try SystemRandomSource().randomBytes(count: 64)

        let ciphertext = try key.encryptOAEPSHA1(secret)
        let decrypted = try checker.rsaDecrypt(ciphertext, with: keyPair)

        XCTAssertEqual(ciphertext.count, 256)
        XCTAssertEqual(decrypted.status, 0, decrypted.stderr)
        XCTAssertEqual(
            String(decoding: decrypted.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
            Bytes.hexString(secret))
    }

    func testOAEPIsRandomisedSoTheSamePlaintextEncryptsDifferently() throws {
        let key = try RSAPublicKey(subjectPublicKeyInfoBase64: WorldlineSample.publicKey)
        let secret = [UInt8](repeating: 0x5A, count: 64)

        XCTAssertNotEqual(try key.encryptOAEPSHA1(secret), try key.encryptOAEPSHA1(secret))
    }

    func testPlaintextLongerThanOAEPAllowsIsRejectedBeforeTheLibrary() throws {
        let key = try RSAPublicKey(subjectPublicKeyInfoBase64: WorldlineSample.publicKey)

        XCTAssertEqual(try key.encryptOAEPSHA1([UInt8](repeating: 1, count: 214)).count, 256)
        XCTAssertThrowsError(try key.encryptOAEPSHA1([UInt8](repeating: 1, count: 215))) { error in
            XCTAssertEqual(
                error as? CryptoError,
                .invalidLength(parameter: "RSA-OAEP plaintext", expected: "at most 214", actual: 215))
        }
    }

    func testErrorDescriptionsSayWhatFailed() {
        XCTAssertEqual(
            CryptoError.keyTooSmall(bits: 1024, minimumBits: 2048).description,
            "RSA public key too small: 1024 bits, at least 2048 required")
        XCTAssertEqual(
            CryptoError.libraryFailure(operation: "EVP_PKEY_encrypt", reason: "boom").description,
            "EVP_PKEY_encrypt failed in the platform crypto library: boom")
    }
}
