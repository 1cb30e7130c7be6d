import XCTest

@testable import Worldline

final class WorldlineErrorTests: XCTestCase {
    func testDescriptionsSayWhatFailedWithTheSDKsMessagesWhereItHasThem() throws {
        let body = try Fixtures.decode(ApiErrorResponse.self, "error_403")
        XCTAssertEqual(
            WorldlineError.api(body, httpStatusCode: 403).description,
            "HTTP 403: API error 99: 9007 (403): You are not allowed to perform this call.")
        XCTAssertEqual(
            WorldlineError.httpStatus(502, body: "<html>").description, "HTTP 502 without an error body: <html>")
        XCTAssertEqual(
            WorldlineError.decoding(
                WorldlineDecodingError(path: "fields[0].id", reason: .missingField), endpoint: "GET /p"
            )
            .description,
            "Undecodable answer from GET /p: fields[0].id: required field is missing")
        XCTAssertEqual(WorldlineError.emptyResponse.description, "Response was empty.")
        XCTAssertEqual(WorldlineError.localeWasNil.description, "Locale was nil.")
        XCTAssertTrue(WorldlineError.unsupportedBaseURL("https://h/api").description.contains("client/v1"))
        XCTAssertTrue(WorldlineError.transport("refused").description.hasSuffix("refused"))
        XCTAssertFalse(WorldlineError.encryptorMissing.description.isEmpty)
        XCTAssertFalse(WorldlineError.paymentProductMissing.description.isEmpty)
        XCTAssertEqual(WorldlineError.encryption("bad key").description, "Encryption failed: bad key")
    }

    func testDecodingErrorReasonsRead() {
        XCTAssertEqual(
            WorldlineDecodingError(path: "a.b", reason: .wrongType(expected: "a string")).description,
            "a.b: expected a string")
        XCTAssertEqual(
            WorldlineDecodingError(path: "a", reason: .invalidValue("no")).description, "a: invalid value (no)")
        XCTAssertEqual(
            WorldlineDecodingError(path: "", reason: .notJSON("x")).description, "<document>: not valid JSON (x)")
    }

    func testReadOnlyFieldErrorNamesTheField() {
        XCTAssertTrue(PaymentRequestError.readOnlyField("cardNumber").description.contains("'cardNumber'"))
    }
}
