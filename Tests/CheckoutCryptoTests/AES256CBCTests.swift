import CheckoutCrypto
import XCTest

final class AES256CBCTests: XCTestCase {
    /// NIST SP 800-38A, F.2.5 CBC-AES256.Encrypt.
    private let nistKey = Bytes.hex("603deb1015ca71be2b73aef0857d7781 1f352c073b6108d72d9810a30914dff4") ?? []
    private let nistIV = Bytes.hex("000102030405060708090a0b0c0d0e0f") ?? []
    private let nistPlaintext =
        Bytes.hex(
            """
            6bc1bee22e409f96e93d7e117393172a ae2d8a571e03ac9c9eb76fac45af8e51
            30c81c46a35ce411e5fbc1191a0a52ef f69f2445df4f9b17ad2b417be66c3710
            """) ?? []
    private let nistCiphertext =
        Bytes.hex(
            """
            f58c4c04d6e5f1ba779eabfb5f7bfbd6 9cfc4e967edb808d679f777bc6702c7d
            39f23369a9d9bacfa530e26304231461 b2eb05e2c39be9fcda6c19078c6a9d1b
            """) ?? []

    func testNISTVectorEncryptsToTheNISTCiphertextFollowedByOnePaddingBlock() throws {
        let ciphertext = try AES256CBC.encrypt(nistPlaintext, key: nistKey, iv: nistIV)

        XCTAssertEqual(ciphertext.count, 80)
        XCTAssertEqual(Array(ciphertext.prefix(64)), nistCiphertext)
        // The PKCS#7 block (sixteen 0x10 bytes) chained after the NIST blocks; computed with Python's
        // `cryptography` package as an independent reference.
        XCTAssertEqual(Bytes.hexString(ciphertext.suffix(16)), "3f461796d6b0d6b2e0c2a72b4d80e644")
    }

    func testEmptyPlaintextEncryptsToOneFullPaddingBlock() throws {
        let ciphertext = try AES256CBC.encrypt([], key: nistKey, iv: nistIV)

        // Independent reference: Python `cryptography`, AES-256-CBC of PKCS#7(b"") under the NIST key and IV.
        XCTAssertEqual(Bytes.hexString(ciphertext), "7e9248e5d829ca7593f0c549db2f5b8c")
    }

    func testPaddingAlwaysAddsOneToSixteenBytesUpToAWholeBlock() throws {
        for length in 0...48 {
            let ciphertext = try AES256CBC.encrypt([UInt8](repeating: 0x41, count: length), key: nistKey, iv: nistIV)
            XCTAssertEqual(ciphertext.count, (length / 16 + 1) * 16, "plaintext of \(length) bytes")
        }
    }

    func testKeyOfSixteenBytesIsRejectedAsInvalidLength() {
        XCTAssertThrowsError(try AES256CBC.encrypt([1, 2, 3], key: Array(nistKey.prefix(16)), iv: nistIV)) { error in
            XCTAssertEqual(
                error as? CryptoError, .invalidLength(parameter: "AES-256 key", expected: "32", actual: 16))
        }
    }

    func testIVOfEightBytesIsRejectedAsInvalidLength() {
        XCTAssertThrowsError(try AES256CBC.encrypt([1, 2, 3], key: nistKey, iv: Array(nistIV.prefix(8)))) { error in
            XCTAssertEqual(error as? CryptoError, .invalidLength(parameter: "AES-CBC IV", expected: "16", actual: 8))
        }
    }
}
