import XCTest

@testable import CheckoutCrypto

final class DERReaderTests: XCTestCase {
    func testShortAndLongFormLengthsReadTheSameContents() throws {
        var short = DERReader([0x04, 0x02, 0xAA, 0xBB][...])
        var long = DERReader([0x04, 0x82, 0x00, 0x02, 0xAA, 0xBB][...])

        XCTAssertEqual(Array(try short.read(0x04, "OCTET STRING").contents), [0xAA, 0xBB])
        XCTAssertEqual(Array(try long.read(0x04, "OCTET STRING").contents), [0xAA, 0xBB])
        XCTAssertTrue(short.isAtEnd)
        XCTAssertTrue(long.isAtEnd)
    }

    func testIndefiniteLengthIsRejected() {
        var reader = DERReader([0x30, 0x80, 0x00, 0x00][...])

        XCTAssertThrowsError(try reader.read(0x30, "SEQUENCE")) { error in
            XCTAssertEqual(
                error as? CryptoError, .invalidKeyEncoding(reason: "SEQUENCE at byte 0 has an unsupported length form"))
        }
    }

    func testWrongTagNamesExpectedAndFoundTags() {
        var reader = DERReader([0x02, 0x01, 0x05][...])

        XCTAssertThrowsError(try reader.read(0x30, "SEQUENCE")) { error in
            XCTAssertEqual(
                error as? CryptoError,
                .invalidKeyEncoding(reason: "SEQUENCE expected at byte 0: tag 0x02 instead of 0x30"))
        }
    }

    func testEmptyInputSaysEndOfData() {
        var reader = DERReader([][...])

        XCTAssertThrowsError(try reader.read(0x30, "SEQUENCE")) { error in
            XCTAssertEqual(
                error as? CryptoError, .invalidKeyEncoding(reason: "SEQUENCE expected at byte 0, found end of data"))
        }
    }
}
