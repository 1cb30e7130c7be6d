import Foundation
import XCTest

@testable import Worldline

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class URLBuildingTests: XCTestCase {
    private struct NoTransport: HTTPTransport {
        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            throw URLError(.notConnectedToInternet)
        }
    }

    func testPathComponentsAreEncodedOneByOne() throws {
        let api = ClientAPI(
            baseURL: try ClientAPI.normalizedBaseURL("https://h.example"), customerId: "cust/1 2", clientSessionId: "s",
            encodedClientMetaInfo: "m", transport: NoTransport())
        let url = try api.url(path: ["products", "a/b"], query: [("locale", "en_US"), ("hide", "fields")])
        XCTAssertEqual(
            url.absoluteString, "https://h.example/client/v1/cust%2F1%202/products/a%2Fb?locale=en_US&hide=fields")
    }

    func testAssetURLKeepsTheBasePathAndEncodesSpaces() throws {
        let assets = AssetManager(
            assetBaseURL: try XCTUnwrap(URL(string: "https://assets.example/pay1/")),
            cacheDirectory: FileManager.default.temporaryDirectory, transport: NoTransport())
        XCTAssertEqual(
            assets.assetURL(path: "/img/my logo.png")?.absoluteString, "https://assets.example/pay1/img/my%20logo.png")
        XCTAssertEqual(assets.assetURL(path: "img/a.png")?.absoluteString, "https://assets.example/pay1/img/a.png")
    }
}
