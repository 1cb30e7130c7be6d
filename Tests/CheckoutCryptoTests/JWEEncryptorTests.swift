import CheckoutCrypto
import Foundation
import XCTest

final class JWEEncryptorTests: XCTestCase {
    private let paymentJSON =
        #"{"clientSessionId": "client-session-id", "nonce": "5D2A6B8E-1C7F-4B7A-9C3E-2F1A0B9D8E7C", "#
        + #""paymentProductId": 1, "accountOnFileId": 1234, "tokenize": true, "#
        + #""paymentValues": [{"key":"cvv","value":"123"},{"key":"expiryDate","value":"12\/31"}]}"#

    // MARK: Format

    func testProtectedHeaderIsTheSDKsExactTextWithSpacesAfterCommas() throws {
        let encryptor = try JWEEncryptor(keyId: WorldlineSample.keyId, publicKeyBase64: WorldlineSample.publicKey)

        XCTAssertEqual(
            encryptor.protectedHeader,
            #"{"alg":"RSA-OAEP", "enc":"A256CBC-HS512", "kid":"86b64e4e-f43e-4a27-9863-9bbd5b499f82"}"#)
    }

    func testFirstSegmentIsTheSpecsEncodedHeaderForTheSampleKey() throws {
        let encryptor = try JWEEncryptor(keyId: WorldlineSample.keyId, publicKeyBase64: WorldlineSample.publicKey)
        let segments = try encryptor.encrypt(Data(paymentJSON.utf8)).split(
            separator: ".", omittingEmptySubsequences: false)

        XCTAssertEqual(segments.first.map(String.init), WorldlineSample.encodedHeader)
        XCTAssertEqual(
            Bytes.base64URLDecoded(WorldlineSample.encodedHeader), Array(encryptor.protectedHeader.utf8))
    }

    func testSegmentsHaveTheSDKsLengthsForRSA2048AndAreUnpaddedBase64URL() throws {
        let encryptor = try JWEEncryptor(keyId: WorldlineSample.keyId, publicKeyBase64: WorldlineSample.publicKey)
        for plaintextCount in [0, 1, 15, 16, 17, 300] {
            let jwe = try encryptor.encrypt(Data(repeating: 0x7B, count: plaintextCount))
            let segments = jwe.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let ciphertextCount = (plaintextCount / 16 + 1) * 16

            XCTAssertEqual(segments.count, 5)
            XCTAssertEqual(
                segments.map(\.count), [116, 342, 22, (ciphertextCount * 4 + 2) / 3, 43], "plaintext \(plaintextCount)")
            for segment in segments {
                XCTAssertNotNil(Bytes.base64URLDecoded(segment), "segment \(segment) is not unpadded base64url")
            }
        }
    }

    func testKeyIdWithQuoteAndBackslashStaysValidJSONInTheHeader() throws {
        let keyId = "odd\"id\\with\u{1}control"
        let encryptor = try JWEEncryptor(keyId: keyId, publicKeyBase64: WorldlineSample.publicKey)
        let header = try JSONSerialization.jsonObject(with: Data(encryptor.protectedHeader.utf8)) as? [String: String]

        XCTAssertEqual(header, ["alg": "RSA-OAEP", "enc": "A256CBC-HS512", "kid": keyId])
    }

    // MARK: Independent decryption (Python `cryptography`)

    func testPythonDecryptsThePaymentJSONByteForByte() throws {
        let checker = try PythonChecker.require()
        let keyPair = try PythonChecker.sharedRSA2048Key()
        let encryptor = try JWEEncryptor(keyId: "key-1", publicKeyBase64: keyPair.spkiBase64)
        let plaintext = Data(paymentJSON.utf8)

        let decrypted = try checker.decrypt(try encryptor.encrypt(plaintext), with: keyPair)

        XCTAssertEqual(decrypted.status, 0, decrypted.stderr)
        XCTAssertEqual(decrypted.stdout, plaintext)
    }

    func testPythonDecryptsEmptyBinaryAndMultiBlockPlaintexts() throws {
        let checker = try PythonChecker.require()
        let keyPair = try PythonChecker.sharedRSA2048Key()
        let encryptor = try JWEEncryptor(keyId: "key-1", publicKeyBase64: keyPair.spkiBase64)
        let binary = Data(try SystemRandomSource().randomBytes(count: 4099))

        for plaintext in [Data(), Data("é ✓ 12/31".utf8), binary] {
            let decrypted = try checker.decrypt(try encryptor.encrypt(plaintext), with: keyPair)
            XCTAssertEqual(decrypted.status, 0, decrypted.stderr)
            XCTAssertEqual(decrypted.stdout, plaintext, "plaintext of \(plaintext.count) bytes")
        }
    }

    func testPythonDecryptsWithAnRSA3072Key() throws {
        let checker = try PythonChecker.require()
        let keyPair = try PythonChecker.sharedRSA3072Key()
        let encryptor = try JWEEncryptor(keyId: "key-3072", publicKeyBase64: keyPair.spkiBase64)
        let plaintext = Data(paymentJSON.utf8)

        let jwe = try encryptor.encrypt(plaintext)
        let decrypted = try checker.decrypt(jwe, with: keyPair)

        XCTAssertEqual(jwe.split(separator: ".")[1].count, 512)
        XCTAssertEqual(decrypted.status, 0, decrypted.stderr)
        XCTAssertEqual(decrypted.stdout, plaintext)
    }

    func testOneEncryptorSharedByConcurrentTasksProducesIndependentValidJWEs() async throws {
        let checker = try PythonChecker.require()
        let keyPair = try PythonChecker.sharedRSA2048Key()
        let encryptor = try JWEEncryptor(keyId: "key-1", publicKeyBase64: keyPair.spkiBase64)

        let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<16 {
                group.addTask { (index, try encryptor.encrypt(Data("payment \(index)".utf8))) }
            }
            var collected: [Int: String] = [:]
            for try await (index, jwe) in group { collected[index] = jwe }
            return collected
        }

        XCTAssertEqual(results.count, 16)
        XCTAssertEqual(Set(results.values.map { $0.split(separator: ".")[2] }).count, 16, "every IV is fresh")
        for index in [0, 15] {
            let decrypted = try checker.decrypt(try XCTUnwrap(results[index]), with: keyPair)
            XCTAssertEqual(decrypted.status, 0, decrypted.stderr)
            XCTAssertEqual(decrypted.stdout, Data("payment \(index)".utf8))
        }
    }

    // MARK: Tampering (the checker must refuse, so it is not a rubber stamp)

    func testTamperedCiphertextFailsTheTagCheck() throws {
        try assertCheckerRejects(tamperingSegment: 3, expecting: "authentication tag does not match")
    }

    func testTamperedTagFailsTheTagCheck() throws {
        try assertCheckerRejects(tamperingSegment: 4, expecting: "authentication tag does not match")
    }

    func testTamperedIVFailsTheTagCheck() throws {
        try assertCheckerRejects(tamperingSegment: 2, expecting: "authentication tag does not match")
    }

    func testTamperedEncryptedKeyFailsRSADecryption() throws {
        try assertCheckerRejects(tamperingSegment: 1, expecting: "RSA-OAEP-SHA1 decryption of the content key failed")
    }

    func testHeaderReserialisedWithoutSpacesFailsTheTagBecauseTheAADIsTheReceivedHeader() throws {
        let checker = try PythonChecker.require()
        let keyPair = try PythonChecker.sharedRSA2048Key()
        let encryptor = try JWEEncryptor(keyId: "key-1", publicKeyBase64: keyPair.spkiBase64)
        var segments = try encryptor.encrypt(Data(paymentJSON.utf8)).split(separator: ".").map(String.init)
        let compactHeader = #"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","kid":"key-1"}"#
        segments[0] = Data(compactHeader.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")

        let result = try checker.decrypt(segments.joined(separator: "."), with: keyPair)

        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("authentication tag does not match"), result.stderr)
    }

    private func assertCheckerRejects(
        tamperingSegment index: Int, expecting reason: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let checker = try PythonChecker.require()
        let keyPair = try PythonChecker.sharedRSA2048Key()
        let encryptor = try JWEEncryptor(keyId: "key-1", publicKeyBase64: keyPair.spkiBase64)
        let jwe = try encryptor.encrypt(Data(paymentJSON.utf8))
        var segments = jwe.split(separator: ".").map(String.init)
        // Flip one bit of the segment's first byte.
        var bytes = try XCTUnwrap(Bytes.base64URLDecoded(segments[index]), file: file, line: line)
        bytes[0] ^= 0x01
        segments[index] = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")

        let untouched = try checker.decrypt(jwe, with: keyPair)
        let tampered = try checker.decrypt(segments.joined(separator: "."), with: keyPair)

        XCTAssertEqual(untouched.status, 0, untouched.stderr, file: file, line: line)
        XCTAssertEqual(tampered.status, 1, file: file, line: line)
        XCTAssertTrue(tampered.stderr.contains(reason), tampered.stderr, file: file, line: line)
        XCTAssertTrue(tampered.stdout.isEmpty, "no plaintext for a tampered JWE", file: file, line: line)
    }

    // MARK: Random source

    func testSeededRandomSourceGivesReproducibleIVCiphertextAndTag() throws {
        let checker = try PythonChecker.require()
        let keyPair = try PythonChecker.sharedRSA2048Key()
        let plaintext = Data(paymentJSON.utf8)
        let first = try JWEEncryptor(
            keyId: "k", publicKeyBase64: keyPair.spkiBase64, random: SeededRandomSource(seed: 42)
        )
        .encrypt(plaintext).split(separator: ".").map(String.init)
        let second = try JWEEncryptor(
            keyId: "k", publicKeyBase64: keyPair.spkiBase64, random: SeededRandomSource(seed: 42)
        )
        .encrypt(plaintext).split(separator: ".").map(String.init)

        // Header, IV, ciphertext and tag depend only on our random bytes; the wrapped key also on the
        // OAEP seed, which the platform library draws itself.
        XCTAssertEqual([first[0], first[2], first[3], first[4]], [second[0], second[2], second[3], second[4]])
        XCTAssertNotEqual(first[1], second[1])
        // Both wrap the same content key: the first 64 seeded bytes, then the IV is the next 16.
        let expected = try SeededRandomSource(seed: 42).randomBytes(count: 80)
        for jwe in [first, second] {
            let opened = try checker.inspect(jwe.joined(separator: "."), with: keyPair)
            XCTAssertEqual(opened["cek_hex"], Bytes.hexString(expected.prefix(64)))
            XCTAssertEqual(opened["iv_hex"], Bytes.hexString(expected.suffix(16)))
            XCTAssertEqual(opened["plaintext_hex"], Bytes.hexString(plaintext))
        }
    }

    func testDifferentSeedsGiveDifferentIVAndCiphertext() throws {
        let key = try RSAPublicKey(subjectPublicKeyInfoBase64: WorldlineSample.publicKey)
        let plaintext = Data(paymentJSON.utf8)
        let first = try JWEEncryptor(keyId: "k", publicKey: key, random: SeededRandomSource(seed: 1))
            .encrypt(plaintext).split(separator: ".")
        let second = try JWEEncryptor(keyId: "k", publicKey: key, random: SeededRandomSource(seed: 2))
            .encrypt(plaintext).split(separator: ".")

        XCTAssertNotEqual(first[2], second[2])
        XCTAssertNotEqual(first[3], second[3])
    }

    func testEachEncryptionDrawsAFreshContentKeyAndIV() throws {
        let source = SeededRandomSource(seed: 7)
        let encryptor = try JWEEncryptor(keyId: "k", publicKeyBase64: WorldlineSample.publicKey, random: source)

        let first = try encryptor.encrypt(Data("same".utf8)).split(separator: ".")
        let second = try encryptor.encrypt(Data("same".utf8)).split(separator: ".")

        XCTAssertEqual(source.requestedCounts, [64, 16, 64, 16])
        XCTAssertNotEqual(first[2], second[2])
        XCTAssertNotEqual(first[3], second[3])
    }

    func testRandomSourceReturningTooFewBytesIsATypedError() throws {
        let encryptor = try JWEEncryptor(
            keyId: "k", publicKeyBase64: WorldlineSample.publicKey, random: ShortRandomSource())

        XCTAssertThrowsError(try encryptor.encrypt(Data("x".utf8))) { error in
            XCTAssertEqual(
                error as? CryptoError,
                .invalidLength(parameter: "random content encryption key", expected: "64", actual: 63))
        }
    }

    func testBadPublicKeyIsReportedWhenTheEncryptorIsCreated() {
        XCTAssertThrowsError(try JWEEncryptor(keyId: "k", publicKeyBase64: "AAAA")) { error in
            guard case .invalidKeyEncoding? = error as? CryptoError else {
                return XCTFail("expected invalidKeyEncoding, got \(error)")
            }
        }
    }
}
