import Foundation
import XCTest

@testable import Worldline

final class SessionExtraServicesTests: XCTestCase {
    private var server: StubServer!

    override func setUpWithError() throws {
        server = try StubServer.running()
    }

    func testThirdPartyStatusIsFetchedPerPayment() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        let authorized = try await session.thirdPartyStatus(forPaymentId: "p-1")
        let waiting = try await session.thirdPartyStatus(forPaymentId: "p-2")
        XCTAssertEqual(authorized.thirdPartyStatus, .authorized)
        XCTAssertEqual(waiting.thirdPartyStatus, .waiting)
        let paths = try await server.requests(for: customer).map(\.path)
        XCTAssertEqual(
            paths,
            [
                "/client/v1/\(customer)/payments/p-1/thirdpartystatus",
                "/client/v1/\(customer)/payments/p-2/thirdpartystatus",
            ])
    }

    func testPrivacyPolicySendsOnlyTheGivenParameters() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        let policy = try await session.privacyPolicy(forProductId: "809", locale: "nl_NL")
        _ = try await session.privacyPolicy()
        XCTAssertEqual(policy.htmlContent, "<p>Privacy policy</p>")
        let queries = try await server.requests(for: customer).map(\.queryPairs)
        XCTAssertEqual(queries, [["paymentProductId=809", "locale=nl_NL"], []])
    }

    func testUnknownThirdPartyStatusNamesTheField() throws {
        XCTAssertThrowsError(try Fixtures.decode(ThirdPartyStatusResponse.self, json: #"{"thirdPartyStatus": "LOST"}"#))
        {
            XCTAssertEqual(($0 as? WorldlineDecodingError)?.path, "thirdPartyStatus")
        }
    }
}
