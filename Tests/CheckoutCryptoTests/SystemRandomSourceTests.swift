import CheckoutCrypto
import XCTest

final class SystemRandomSourceTests: XCTestCase {
    func testReturnsExactlyTheRequestedNumberOfBytes() throws {
        let source = SystemRandomSource()
        for count in [0, 1, 16, 64, 1000] {
            XCTAssertEqual(try source.randomBytes(count: count).count, count)
        }
    }

    func testTwoDrawsDiffer() throws {
        // 2^-256 chance of a false failure.
        let source = SystemRandomSource()
        XCTAssertNotEqual(try source.randomBytes(count: 32), try source.randomBytes(count: 32))
    }

    func testNegativeCountIsRejected() {
        XCTAssertThrowsError(try SystemRandomSource().randomBytes(count: -1)) { error in
            XCTAssertEqual(
                error as? CryptoError, .invalidLength(parameter: "random byte count", expected: "0 or more", actual: -1)
            )
        }
    }
}
