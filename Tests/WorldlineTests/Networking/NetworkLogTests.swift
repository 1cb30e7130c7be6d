import CheckoutSandbox
import Foundation
import XCTest

@testable import Worldline

final class NetworkLogTests: XCTestCase {
    private final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func append(_ line: String) {
            lock.lock()
            stored.append(line)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }

    func testEveryCallIsLoggedWithoutHeadersOrBodies() async throws {
        let lines = Lines()
        let session = try Session(
            clientSessionId: "secret-session-id", customerId: "c", baseURL: WorldlineSandbox.baseURL,
            assetBaseURL: WorldlineSandbox.assetBaseURL, clientMetaInfo: ClientMetaInfo(appIdentifier: "t"),
            encryptor: nil, transport: WorldlineSandbox(), logHandler: { lines.append($0) })
        _ = try await session.paymentProducts(for: SessionFactory.context)
        _ = try await session.iinDetails(
            forPartialCreditCardNumber: "4111111111111111", context: SessionFactory.context)
        _ = try? await session.paymentProduct(withId: "840", context: SessionFactory.context)
        let log = lines.all
        XCTAssertEqual(log.count, 3)
        XCTAssertTrue(
            log[0].hasPrefix(
                "GET /client/v1/c/products?countryCode=NL&currencyCode=EUR&amount=1999&hide=fields&isRecurring=false&locale=en_US -> 200, "
            ),
            log[0])
        XCTAssertTrue(log[1].hasPrefix("POST /client/v1/c/services/getIINdetails -> 200, "), log[1])
        XCTAssertTrue(log[2].contains("/products/840?") && log[2].contains(" -> 404, "), log[2])
        for line in log {
            XCTAssertFalse(line.contains("411111"), "card digits leaked: \(line)")
            XCTAssertFalse(line.contains("secret-session-id"), "credentials leaked: \(line)")
            XCTAssertTrue(line.hasSuffix(" ms"), line)
        }
    }
}
