import Foundation
import XCTest

@testable import Worldline

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class ClientMetaInfoTests: XCTestCase {
    private func decode(_ info: ClientMetaInfo) throws -> [String: String] {
        try JSONDecoder().decode([String: String].self, from: try XCTUnwrap(Data(base64Encoded: info.base64Encoded)))
    }

    func testSpecExampleDecodesToTheSameMembers() throws {
        let info = ClientMetaInfo(
            appIdentifier: nil, platformIdentifier: "iOS/17.5", sdkIdentifier: "SwiftClientSDK/v5.13.0",
            sdkCreator: "Ingenico", screenSize: "11702532", deviceBrand: "Apple", deviceType: "iPhone14,7")
        let spec =
            "eyJwbGF0Zm9ybUlkZW50aWZpZXIiOiJpT1MvMTcuNSIsInNka0lkZW50aWZpZXIiOiJTd2lmdENsaWVudFNESy92NS4xMy4wIiwic2RrQ3JlYXRvciI6IkluZ2VuaWNvIiwic2NyZWVuU2l6ZSI6IjExNzAyNTMyIiwiZGV2aWNlQnJhbmQiOiJBcHBsZSIsImRldmljZVR5cGUiOiJpUGhvbmUxNCw3IiwiYXBwSWRlbnRpZmllciI6IlVOS05PV04ifQ=="
        let expected = try JSONDecoder().decode([String: String].self, from: try XCTUnwrap(Data(base64Encoded: spec)))
        XCTAssertEqual(try decode(info), expected)
        XCTAssertEqual(info.appIdentifier, "UNKNOWN")
    }

    func testIPAddressAndExtraKeysAreAddedWhenGiven() throws {
        let info = ClientMetaInfo(appIdentifier: "", ipAddress: "10.0.0.1", additionalData: ["cashRegister": "7"])
        let members = try decode(info)
        XCTAssertEqual(members["ipAddress"], "10.0.0.1")
        XCTAssertEqual(members["cashRegister"], "7")
        XCTAssertEqual(members["appIdentifier"], "UNKNOWN")
        XCTAssertNil(try decode(ClientMetaInfo(appIdentifier: "a", ipAddress: ""))["ipAddress"])
    }

    func testDefaultsDescribeThisPlatform() throws {
        let members = try decode(ClientMetaInfo(appIdentifier: "Shop/1"))
        XCTAssertEqual(members["sdkIdentifier"], "SwiftClientSDK/v7.0.0")
        XCTAssertEqual(members["sdkCreator"], "Wordline Connect")
        XCTAssertTrue(members["platformIdentifier"]?.contains("/") ?? false)
        #if os(Linux)
        XCTAssertTrue(members["platformIdentifier"]?.hasPrefix("Linux/") ?? false)
        #endif
    }

    func testBaseURLIsNormalisedToClientV1() throws {
        XCTAssertEqual(
            try ClientAPI.normalizedBaseURL("http://127.0.0.1:8080").absoluteString, "http://127.0.0.1:8080/client/v1")
        XCTAssertEqual(
            try ClientAPI.normalizedBaseURL("https://h.example/").absoluteString, "https://h.example/client/v1")
        XCTAssertEqual(
            try ClientAPI.normalizedBaseURL("https://h.example/client").absoluteString, "https://h.example/client/v1")
        XCTAssertEqual(
            try ClientAPI.normalizedBaseURL("https://h.example/client/v1/").absoluteString,
            "https://h.example/client/v1")
        for bad in [
            "https://h.example/client/v2", "https://h.example/api", "ftp://h.example", "not a url", "/client/v1",
        ] {
            XCTAssertThrowsError(try ClientAPI.normalizedBaseURL(bad), bad) {
                XCTAssertEqual($0 as? WorldlineError, .unsupportedBaseURL(bad))
            }
        }
    }
}
