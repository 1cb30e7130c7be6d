import Foundation
import XCTest

@testable import Worldline

/// prepare() against the stub's freshly generated RSA-2048 key, decrypted by the independent
/// Python implementation with the private key the stub wrote for us.
final class PrepareRoundTripTests: XCTestCase {
    private var server: StubServer!

    override func setUpWithError() throws {
        server = try StubServer.running()
        try XCTSkipUnless(
            FileManager.default.fileExists(atPath: server.privateKeyPath),
            "the stub serves the spec's fixed key when Python's cryptography package is missing")
    }

    /// The product's encryptor (CheckoutCrypto); the Python checker decrypts what it produces.
    private let encryptor: any PaymentRequestEncryptor = JWEPaymentRequestEncryptor()

    func testPreparedRequestDecryptsToThePlaintextFieldByField() async throws {
        let session = try SessionFactory.session(
            customer: SessionFactory.uniqueCustomer(), server: server, encryptor: encryptor)
        let account = try XCTUnwrap(
            Fixtures.products().paymentProduct(withIdentifier: "1")?.accountOnFile(withIdentifier: "1234"))
        var request = PaymentRequest(paymentProduct: try Fixtures.product1(), accountOnFile: account, tokenize: true)
        try request.setValue("12/30", forField: "expiryDate")
        try request.setValue("737", forField: "cvv")
        let prepared = try await session.prepare(request)
        let key = try await session.publicKey()

        let parts = prepared.encryptedFields.split(separator: ".", omittingEmptySubsequences: false)
        XCTAssertEqual(parts.count, 5)
        XCTAssertEqual(parts.dropFirst().first?.count, 342, "RSA-2048 wrapped key")
        XCTAssertEqual(parts.dropFirst(2).first?.count, 22, "16-byte IV")
        XCTAssertEqual(parts.last?.count, 43, "32-byte tag")

        let decrypted = try IndependentJWE.decrypt(prepared.encryptedFields, privateKeyPath: server.privateKeyPath)
        XCTAssertEqual(decrypted.header, ["alg": "RSA-OAEP", "enc": "A256CBC-HS512", "kid": key.keyId])
        let headerText = String(decoding: try XCTUnwrap(Self.base64URLDecoded(decrypted.headerSegment)), as: UTF8.self)
        XCTAssertEqual(headerText, #"{"alg":"RSA-OAEP", "enc":"A256CBC-HS512", "kid":""# + key.keyId + #""}"#)

        let plaintext = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(decrypted.plaintext.utf8)) as? [String: Any])
        XCTAssertEqual(plaintext["clientSessionId"] as? String, session.clientSessionId)
        XCTAssertNotNil(UUID(uuidString: plaintext["nonce"] as? String ?? ""))
        XCTAssertEqual(plaintext["paymentProductId"] as? Int, 1)
        XCTAssertEqual(plaintext["accountOnFileId"] as? Int, 1234)
        XCTAssertEqual(plaintext["tokenize"] as? Bool, true)
        XCTAssertEqual(
            plaintext["paymentValues"] as? [[String: String]],
            [["key": "expiryDate", "value": "1230"], ["key": "cvv", "value": "737"]])
        XCTAssertEqual(
            Set(plaintext.keys),
            ["clientSessionId", "nonce", "paymentProductId", "accountOnFileId", "tokenize", "paymentValues"])
    }

    func testTamperedTagIsRejectedByTheChecker() async throws {
        let session = try SessionFactory.session(
            customer: SessionFactory.uniqueCustomer(), server: server, encryptor: encryptor)
        var request = PaymentRequest(paymentProduct: try Fixtures.product1())
        try request.setValue("737", forField: "cvv")
        let prepared = try await session.prepare(request)
        var parts = prepared.encryptedFields.components(separatedBy: ".")
        let tag = try XCTUnwrap(parts.last)
        parts[parts.count - 1] = (tag.first == "A" ? "B" : "A") + tag.dropFirst()
        XCTAssertThrowsError(
            try IndependentJWE.decrypt(parts.joined(separator: "."), privateKeyPath: server.privateKeyPath)
        ) {
            XCTAssertTrue(String(describing: $0).contains("tag does not match"), String(describing: $0))
        }
    }

    private static func base64URLDecoded(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
