import Foundation
import XCTest

@testable import Worldline

final class PrepareTests: XCTestCase {
    private var server: StubServer!

    override func setUpWithError() throws {
        server = try StubServer.running()
    }

    private func cardRequest(account: AccountOnFile? = nil, tokenize: Bool = false) throws -> PaymentRequest {
        var request = PaymentRequest(
            paymentProduct: try Fixtures.product1(), accountOnFile: account, tokenize: tokenize)
        if account == nil { try request.setValue("4111 1111 1111 1111", forField: "cardNumber") }
        try request.setValue("12/30", forField: "expiryDate")
        try request.setValue("123", forField: "cvv")
        try request.setValue("notAField", forField: "ignored")
        return request
    }

    func testPlaintextHasTheSDKMembersSpacingAndOrder() throws {
        let builder = PaymentRequestPlaintext(
            clientSessionId: "client-session-id", nonce: "5D2A6B8E-1C7F-4B7A-9C3E-2F1A0B9D8E7C")
        let account = try XCTUnwrap(
            Fixtures.products().paymentProduct(withIdentifier: "1")?.accountOnFile(withIdentifier: "1234"))
        let text = try builder.text(for: try cardRequest(account: account, tokenize: true))
        XCTAssertEqual(
            text,
            #"{"clientSessionId": "client-session-id", "nonce": "5D2A6B8E-1C7F-4B7A-9C3E-2F1A0B9D8E7C", "paymentProductId": 1, "#
                + #""accountOnFileId": 1234, "tokenize": true, "paymentValues": [{"key":"expiryDate","value":"1230"},"#
                + #"{"key":"cvv","value":"123"}]}"#)
    }

    func testPlaintextWithoutAccountOrTokenizeOmitsThoseMembers() throws {
        let builder = PaymentRequestPlaintext(clientSessionId: "s", nonce: "N")
        let text = try builder.text(for: try cardRequest())
        XCTAssertEqual(
            text,
            #"{"clientSessionId": "s", "nonce": "N", "paymentProductId": 1, "paymentValues": [{"key":"cardNumber","#
                + #""value":"4111111111111111"},{"key":"expiryDate","value":"1230"},{"key":"cvv","value":"123"}]}"#)
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(parsed["paymentProductId"] as? Int, 1)
        XCTAssertNil(parsed["tokenize"])
    }

    func testPlaintextEscapesStringsAndStaysValidJSON() throws {
        var request = PaymentRequest(paymentProduct: try Fixtures.product1())
        try request.setValue("Jan \"JJ\" \\ Jansen\n", forField: "cardholderName")
        let text = try PaymentRequestPlaintext(clientSessionId: "a\"b", nonce: "N").text(for: request)
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(parsed["clientSessionId"] as? String, "a\"b")
        let values = try XCTUnwrap(parsed["paymentValues"] as? [[String: String]])
        XCTAssertEqual(values, [["key": "cardholderName", "value": "Jan \"JJ\" \\ Jansen\n"]])
    }

    func testIdentifiersAreNumbersOnlyWhenTheyAreJSONIntegers() {
        XCTAssertEqual(PaymentRequestPlaintext.number("1"), "1")
        XCTAssertEqual(PaymentRequestPlaintext.number("0"), "0")
        XCTAssertEqual(PaymentRequestPlaintext.number("0012"), #""0012""#)
        XCTAssertEqual(PaymentRequestPlaintext.number("cards"), #""cards""#)
        XCTAssertEqual(PaymentRequestPlaintext.number(""), #""""#)
    }

    func testDefaultNonceIsAFreshUppercaseUUID() {
        let first = PaymentRequestPlaintext(clientSessionId: "s").nonce
        let second = PaymentRequestPlaintext(clientSessionId: "s").nonce
        XCTAssertNotEqual(first, second)
        XCTAssertNotNil(UUID(uuidString: first))
        XCTAssertEqual(first, first.uppercased())
    }

    func testPrepareEncryptsThePlaintextWithTheServersKey() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let encryptor = RecordingEncryptor()
        let session = try SessionFactory.session(customer: customer, server: server, encryptor: encryptor)
        let prepared = try await session.prepare(try cardRequest())
        let key = try await session.publicKey()
        let call = try XCTUnwrap(encryptor.calls.first)
        XCTAssertEqual(encryptor.calls.count, 1)
        XCTAssertEqual(call.keyId, key.keyId)
        XCTAssertEqual(call.publicKey, key.publicKey)
        XCTAssertEqual(prepared.encryptedFields, "test-double-jwe.\(key.keyId)")
        let plaintext = try XCTUnwrap(try JSONSerialization.jsonObject(with: call.plaintext) as? [String: Any])
        XCTAssertEqual(plaintext["clientSessionId"] as? String, "51d29012e6ce4b81afa6cc7551ef4e36")
        XCTAssertNotNil(UUID(uuidString: plaintext["nonce"] as? String ?? ""))
        XCTAssertEqual(plaintext["paymentProductId"] as? Int, 1)
        XCTAssertEqual(
            (plaintext["paymentValues"] as? [[String: String]])?.map { $0["key"] ?? "" },
            ["cardNumber", "expiryDate", "cvv"])
        XCTAssertEqual(prepared.encodedClientMetaInfo, session.clientMetaInfo.base64Encoded)
        let requests = try await server.requests(for: customer)
        XCTAssertEqual(requests.first?.header("X-GCS-ClientMetaInfo"), prepared.encodedClientMetaInfo)
    }

    func testPrepareWithoutEncryptorOrProductFailsTyped() async throws {
        let session = try SessionFactory.session(customer: SessionFactory.uniqueCustomer(), server: server)
        let request = try cardRequest()
        await XCTAssertThrowsWorldlineError(.encryptorMissing) { try await session.prepare(request) }
        let withEncryptor = try SessionFactory.session(
            customer: SessionFactory.uniqueCustomer(), server: server, encryptor: RecordingEncryptor())
        await XCTAssertThrowsWorldlineError(.paymentProductMissing) {
            try await withEncryptor.prepare(PaymentRequest())
        }
    }

    func testEncryptorFailureIsAnEncryptionError() async throws {
        struct KeyRejected: Error, CustomStringConvertible, Sendable {
            var description: String { "not an RSA-2048 key" }
        }
        let session = try SessionFactory.session(
            customer: SessionFactory.uniqueCustomer(), server: server,
            encryptor: RecordingEncryptor(failure: KeyRejected()))
        let request = try cardRequest()
        await XCTAssertThrowsWorldlineError(.encryption("not an RSA-2048 key")) { try await session.prepare(request) }
    }
}
