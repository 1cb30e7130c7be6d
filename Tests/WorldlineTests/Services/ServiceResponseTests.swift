import XCTest

@testable import Worldline

final class ServiceResponseTests: XCTestCase {
    func testIINSupportedResponseHasCoBrands() throws {
        let response = try Fixtures.decode(IINDetailsResponse.self, "iin_supported")
        XCTAssertEqual(response.status, .supported)
        XCTAssertEqual(response.paymentProductId, "1")
        XCTAssertEqual(response.countryCode, "NL")
        XCTAssertEqual(
            response.coBrands,
            [
                IINDetail(paymentProductId: "1", isAllowedInContext: true),
                IINDetail(paymentProductId: "130", isAllowedInContext: false),
            ])
        XCTAssertEqual(response.allowedCoBrands.map(\.paymentProductId), ["1"])
        XCTAssertTrue(response.allowedInContext)
        XCTAssertEqual(response.coBrands.map(\.allowedInContext), [true, false])
    }

    func testIINKnownButNotAllowedIsExistingButNotAllowed() throws {
        let response = try Fixtures.decode(IINDetailsResponse.self, "iin_not_allowed")
        XCTAssertEqual(response.status, .existingButNotAllowed)
        XCTAssertEqual(response.paymentProductId, "2")
        XCTAssertTrue(response.coBrands.isEmpty)
    }

    func testIINErrorBodyIsUnknown() throws {
        XCTAssertEqual(try Fixtures.decode(IINDetailsResponse.self, "iin_unknown_404").status, .unknown)
    }

    func testIINStatusMemberInTheBodyIsIgnored() throws {
        let response = try Fixtures.decode(IINDetailsResponse.self, json: #"{"status": "SUPPORTED"}"#)
        XCTAssertEqual(response.status, .unknown)
    }

    func testDirectoryEntriesDecodeAndShortListComesFirst() throws {
        let directory = try Fixtures.decode(DirectoryEntries.self, "directory_809")
        XCTAssertEqual(directory.directoryEntries.map(\.issuerId), ["ABNANL2A", "ASNBNL21"])
        XCTAssertEqual(directory.directoryEntries[0].countryNames, ["Nederland"])
        XCTAssertEqual(directory.directoryEntries[1].issuerList, "long")
        let mixed = DirectoryEntries(directoryEntries: [
            DirectoryEntry(issuerId: "L", issuerList: "long", issuerName: "Long"),
            DirectoryEntry(issuerId: "S", issuerList: "short", issuerName: "Short"),
        ])
        XCTAssertEqual(mixed.sortedForDisplay.map(\.issuerId), ["S", "L"])
    }

    func testConvertedAmountAndPublicKeyAndNetworksDecode() throws {
        XCTAssertEqual(try Fixtures.decode(ConvertedAmountResponse.self, "convert_amount").convertedAmount, 138)
        let key = try Fixtures.decode(PublicKeyResponse.self, "publickey")
        XCTAssertEqual(key.keyId, "86b64e4e-f43e-4a27-9863-9bbd5b499f82")
        XCTAssertTrue(key.publicKey.hasPrefix("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"))
        XCTAssertEqual(
            try Fixtures.decode(PaymentProductNetworks.self, "networks_302").networks,
            ["amex", "discover", "masterCard", "visa"])
    }

    func testConvertedAmountWithAFractionIsAnError() {
        XCTAssertThrowsError(try Fixtures.decode(ConvertedAmountResponse.self, json: #"{"convertedAmount": 1.5}"#)) {
            XCTAssertEqual(($0 as? WorldlineDecodingError)?.path, "convertedAmount")
        }
    }

    func testApiErrorBodyDecodes() throws {
        let body = try Fixtures.decode(ApiErrorResponse.self, "error_403")
        XCTAssertEqual(body.errorId, "99")
        XCTAssertEqual(body.errors.first?.code, "9007")
        XCTAssertEqual(body.errors.first?.httpStatusCode, 403)
        XCTAssertEqual(body.errors.first?.id, "ACCESS_TO_MERCHANT_NOT_ALLOWED")
        XCTAssertEqual(body.errors.first?.message, "You are not allowed to perform this call.")
        XCTAssertNil(body.errors.first?.propertyName)
    }
}
