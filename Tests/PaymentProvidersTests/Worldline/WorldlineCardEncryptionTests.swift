import Checkout
import CheckoutSandbox
import Foundation
import PaymentProviders
import StateStore
import Worldline
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The card form's submission, decrypted by an independent implementation (Python's
/// `cryptography`, RFC 7516 by hand) with the private half of a freshly generated RSA-2048 key the
/// Client API served: the whole flow (IIN switch included) encrypts what the shopper typed.
final class WorldlineCardEncryptionTests: XCTestCase {
    private static let keyScript = """
        import base64, sys
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import rsa
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        open(sys.argv[1], "wb").write(key.private_bytes(serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
        spki = key.public_key().public_bytes(serialization.Encoding.DER,
            serialization.PublicFormat.SubjectPublicKeyInfo)
        print(base64.b64encode(spki).decode())
        """

    private static let decryptScript = """
        import base64, hmac, hashlib, sys
        from cryptography.hazmat.primitives import serialization, hashes, padding
        from cryptography.hazmat.primitives.asymmetric import padding as rsa_padding
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
        def b64u(text): return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        key = serialization.load_pem_private_key(open(sys.argv[1], "rb").read(), password=None)
        header, wrapped, iv, ciphertext, tag = sys.stdin.read().strip().split(".")
        cek = key.decrypt(b64u(wrapped), rsa_padding.OAEP(mgf=rsa_padding.MGF1(hashes.SHA1()),
            algorithm=hashes.SHA1(), label=None))
        mac_key, aes_key = cek[:32], cek[32:]
        aad = header.encode("ascii")
        signed = aad + b64u(iv) + b64u(ciphertext) + (len(aad) * 8).to_bytes(8, "big")
        if not hmac.compare_digest(hmac.new(mac_key, signed, hashlib.sha512).digest()[:32], b64u(tag)):
            sys.exit("tag mismatch")
        decryptor = Cipher(algorithms.AES(aes_key), modes.CBC(b64u(iv))).decryptor()
        padded = decryptor.update(b64u(ciphertext)) + decryptor.finalize()
        unpadder = padding.PKCS7(128).unpadder()
        sys.stdout.write(b64u(header).decode() + "\\n" + (unpadder.update(padded) + unpadder.finalize()).decode())
        """

    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "providers2-jwe-\(UUID().uuidString)", isDirectory: true)

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard (try? python(["-c", "import cryptography"])) != nil else {
            throw XCTSkip("python3 with the cryptography package is needed for the independent decryption")
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    private func python(_ arguments: [String], input: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "python3 failed: \(arguments)"])
        }
        return String(decoding: output, as: UTF8.self)
    }

    func testTheSubmittedCardDecryptsToWhatTheShopperTypedForTheSwitchedProduct() async throws {
        let privateKey = directory.appendingPathComponent("key.pem").path
        let publicKey = try python(["-c", Self.keyScript, privateKey]).trimmingCharacters(in: .whitespacesAndNewlines)
        let transport = KeyServingTransport(keyId: "fresh-test-key", publicKey: publicKey)
        let worldline = WorldlinePaymentProvider(server: WorldlineSandboxServer()) { client in
            try Worldline.Session(
                clientSessionId: client.clientSessionId.value ?? "", customerId: client.customerId,
                baseURL: client.clientApiURL, assetBaseURL: client.assetURL,
                clientMetaInfo: ClientMetaInfo(appIdentifier: "ProviderTests"),
                encryptor: JWEPaymentRequestEncryptor(), transport: transport)
        }
        let session = try await worldline.prepare(
            Checkout.PaymentRequest(
                amount: Checkout.Money(amount: Decimal(string: "45.95") ?? 0, currencyCode: "GBP"), minorUnits: 4595,
                reference: "payment-1", cartID: "cart-1", countryCode: "GB"))
        let form = try await worldline.cardForm(
            for: session, validationContext: ValidationContext(now: Date(timeIntervalSince1970: 1_795_867_200)))
        _ = try await form.setValue("4111 1111 1111 1111", forField: "cardNumber")
        _ = try await form.setValue("11/29", forField: "expiryDate")
        _ = try await form.setValue("737", forField: "cvv")
        _ = try await form.setValue("Ada Lovelace", forField: "cardholderName")
        let submission = try await form.submission()
        let prepared = try JSONDecoder().decode(
            PreparedPaymentRequest.self, from: Data(try XCTUnwrap(submission.payload.value).utf8))

        let output = try python(["-c", Self.decryptScript, privateKey], input: prepared.encryptedFields)
        let lines = output.split(separator: "\n", maxSplits: 1).map(String.init)
        XCTAssertEqual(lines.first, #"{"alg":"RSA-OAEP", "enc":"A256CBC-HS512", "kid":"fresh-test-key"}"#)
        let plaintext = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(try XCTUnwrap(lines.last).utf8)) as? [String: Any])
        XCTAssertEqual(plaintext["clientSessionId"] as? String, "sbx_secret_sandbox-client-session-1")
        XCTAssertEqual(plaintext["paymentProductId"] as? Int, 1, "the IIN lookup switched MasterCard to Visa")
        let values = try XCTUnwrap(plaintext["paymentValues"] as? [[String: String]])
        XCTAssertEqual(
            Dictionary(
                uniqueKeysWithValues: values.compactMap { pair in pair["key"].map { ($0, pair["value"] ?? "") } }),
            ["cardNumber": "4111111111111111", "expiryDate": "1129", "cvv": "737", "cardholderName": "Ada Lovelace"])
        XCTAssertNotNil(plaintext["nonce"] as? String)
    }
}

/// ``WorldlineSandbox`` serving a given public key instead of the spec's.
private struct KeyServingTransport: HTTPTransport {
    let keyId: String
    let publicKey: String

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url, url.path.hasSuffix("/crypto/publickey") else {
            return try await WorldlineSandbox().send(request)
        }
        guard let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])
        else { throw URLError(.badServerResponse) }
        return (Data(#"{"keyId": "\#(keyId)", "publicKey": "\#(publicKey)"}"#.utf8), response)
    }
}
