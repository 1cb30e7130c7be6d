import XCTest

@testable import Worldline

final class RegionTests: XCTestCase {
    func testEUURLsAreTheSpecsAms1Hosts() {
        XCTAssertEqual(Session.Region.eu.clientAPIURL(in: .production), "https://ams1.api-ingenico.com/client/v1")
        XCTAssertEqual(
            Session.Region.eu.clientAPIURL(in: .preProduction), "https://ams1.preprod.api-ingenico.com/client/v1")
        XCTAssertEqual(Session.Region.eu.clientAPIURL(in: .sandbox), "https://ams1.sandbox.api-ingenico.com/client/v1")
        XCTAssertEqual(Session.Region.eu.assetURL(in: .production), "https://assets.pay1.secured-by-ingenico.com")
    }

    func testOtherRegionsIncludingParisPreProduction() {
        XCTAssertEqual(Session.Region.us.clientAPIURL(in: .production), "https://us.api-ingenico.com/client/v1")
        XCTAssertEqual(Session.Region.ams.clientAPIURL(in: .production), "https://ams2.api-ingenico.com/client/v1")
        XCTAssertEqual(Session.Region.par.clientAPIURL(in: .production), "https://par.api-ingenico.com/client/v1")
        XCTAssertEqual(
            Session.Region.par.clientAPIURL(in: .preProduction), "https://par-preprod.api-ingenico.com/client/v1")
        XCTAssertEqual(
            Session.Region.allCases.map { $0.assetURL(in: .production) },
            (1...4).map { "https://assets.pay\($0).secured-by-ingenico.com" })
    }

    func testSessionFromRegionAndEnvironmentUsesThoseURLs() throws {
        for region in Session.Region.allCases {
            for environment in Session.Environment.allCases {
                let session = try Session(
                    clientSessionId: "s", customerId: "c", region: region, environment: environment, appIdentifier: "t")
                XCTAssertEqual(session.baseURL.absoluteString, region.clientAPIURL(in: environment))
                XCTAssertEqual(session.assetBaseURL.absoluteString, region.assetURL(in: environment))
            }
        }
    }
}
