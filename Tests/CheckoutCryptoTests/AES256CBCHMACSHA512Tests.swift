import XCTest

@testable import CheckoutCrypto

final class AES256CBCHMACSHA512Tests: XCTestCase {
    /// RFC 7518 Appendix B.3, the AES_256_CBC_HMAC_SHA_512 test case.
    func testRFC7518AppendixB3CiphertextAndTag() throws {
        let plaintext = Array(
            ("A cipher system must not be required to be secret, and it must be able to fall into the hands of "
                + "the enemy without inconvenience").utf8)
        let sealed = try AES256CBCHMACSHA512.seal(
            plaintext,
            contentKey: Array(0...63),
            iv: Bytes.hex("1af38c2dc2b96ffdd86694092341bc04") ?? [],
            additionalData: Array("The second principle of Auguste Kerckhoffs".utf8))

        XCTAssertEqual(
            Bytes.hexString(sealed.ciphertext),
            "4affaaadb78c31c5da4b1b590d10ffbd3dd8d5d302423526912da037ecbcc7bd"
                + "822c301dd67c373bccb584ad3e9279c2e6d12a1374b77f077553df829410446b"
                + "36ebd97066296ae6427ea75c2e0846a11a09ccf5370dc80bfecbad28c73f09b3"
                + "a3b75e662a2594410ae496b2e2e6609e31e6e02cc837f053d21f37ff4f51950b"
                + "be2638d09dd7a4930930806d0703b1f6")
        XCTAssertEqual(
            Bytes.hexString(sealed.tag), "4dd3b4c088a7f45c216839645b2012bf2e6269a8c56a816dbc1b267761955bc5")
    }

    func testContentKeyOfThirtyTwoBytesIsRejected() {
        XCTAssertThrowsError(
            try AES256CBCHMACSHA512.seal([], contentKey: Array(0..<32), iv: Array(0..<16), additionalData: [])
        ) { error in
            XCTAssertEqual(
                error as? CryptoError,
                .invalidLength(parameter: "A256CBC-HS512 content key", expected: "64", actual: 32))
        }
    }
}
