import CheckoutCrypto
import XCTest

/// Known answers from RFC 4231 (HMAC-SHA-512 column).
final class HMACSHA512Tests: XCTestCase {
    private func code(_ message: [UInt8], key: [UInt8]) throws -> String {
        Bytes.hexString(try HMACSHA512.authenticationCode(for: message, key: key))
    }

    func testRFC4231Case1ShortKey() throws {
        XCTAssertEqual(
            try code(Array("Hi There".utf8), key: [UInt8](repeating: 0x0b, count: 20)),
            "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
                + "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854")
    }

    func testRFC4231Case2KeyShorterThanOutput() throws {
        XCTAssertEqual(
            try code(Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8)),
            "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737")
    }

    func testRFC4231Case3CombinedKeyAndDataLength() throws {
        XCTAssertEqual(
            try code([UInt8](repeating: 0xdd, count: 50), key: [UInt8](repeating: 0xaa, count: 20)),
            "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
                + "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb")
    }

    func testRFC4231Case4IncrementingKey() throws {
        XCTAssertEqual(
            try code([UInt8](repeating: 0xcd, count: 50), key: Array(1...25)),
            "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db"
                + "a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd")
    }

    func testRFC4231Case6KeyLongerThanBlockIsHashedFirst() throws {
        XCTAssertEqual(
            try code(
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                key: [UInt8](repeating: 0xaa, count: 131)),
            "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
                + "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598")
    }

    func testRFC4231Case7LongKeyAndLongData() throws {
        let message =
            "This is a test using a larger than block-size key and a larger than block-size data. "
            + "The key needs to be hashed before being used by the HMAC algorithm."
        XCTAssertEqual(
            try code(Array(message.utf8), key: [UInt8](repeating: 0xaa, count: 131)),
            "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
                + "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58")
    }

    func testEmptyKeyAndEmptyMessageGiveTheStandardValue() throws {
        // Reference: Python's hmac module, hmac.new(b"", b"", sha512).
        XCTAssertEqual(
            try code([], key: []),
            "b936cee86c9f87aa5d3c6f2e84cb5a4239a5fe50480a6ec66b70ab5b1f4ac673"
                + "0c6c515421b327ec1d69402e53dfb49ad7381eb067b338fd7b0cb22247225d47")
    }
}
