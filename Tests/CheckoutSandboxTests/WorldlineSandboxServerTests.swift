import CheckoutSandbox
import PaymentProviders
import StateStore
import XCTest

/// The Worldline sandbox server's JWE check (moved here from `WorldlinePaymentProviderTests`).
final class WorldlineSandboxServerTests: XCTestCase {
    func testSandboxServerRefusesInputThatIsNotTheSDKsJWE() async throws {
        let server = WorldlineSandboxServer()
        let cases: [(String, String, String)] = [
            ("a.b.c", FakeJWE.meta, "3 parts, not 5"),
            (
                FakeJWE.with(header: #"{"alg":"RSA1_5","enc":"A256CBC-HS512","kid":"k"}"#), FakeJWE.meta,
                "the header is not RSA-OAEP / A256CBC-HS512 with a kid"
            ),
            (FakeJWE.with(keyBytes: 128), FakeJWE.meta, "the encrypted key has the wrong size"),
            (FakeJWE.with(ciphertextBytes: 20), FakeJWE.meta, "the ciphertext has the wrong size"),
            (FakeJWE.valid, "bm90IGpzb24=", "the client meta info is not base64 JSON"),
        ]
        for (jwe, meta, reason) in cases {
            let input = WorldlinePaymentInput(
                amountInMinorUnits: 100, currencyCode: "GBP", merchantReference: "r", paymentProductId: "1",
                encryptedCustomerInput: Sensitive(jwe), encodedClientMetaInfo: meta)
            do {
                _ = try await server.createPayment(input)
                XCTFail("expected \(reason)")
            } catch let error as WorldlineSandboxServer.SandboxError {
                XCTAssertEqual(error, .malformedEncryptedInput(reason))
            }
        }
    }

    func testSandboxServerChecksTheRETURNMACAndThePayment() async throws {
        let server = WorldlineSandboxServer(script: [.challengeThenDecline])
        let input = WorldlinePaymentInput(
            amountInMinorUnits: 100, currencyCode: "GBP", merchantReference: "r", paymentProductId: "1",
            encryptedCustomerInput: Sensitive(FakeJWE.valid), encodedClientMetaInfo: FakeJWE.meta)
        _ = try await server.createPayment(input)
        do {
            _ = try await server.paymentResult(paymentID: "sandbox-payment-1", returnMAC: "wrong")
            XCTFail("expected a mismatch")
        } catch let error as WorldlineSandboxServer.SandboxError {
            XCTAssertEqual(error, .returnMACMismatch)
        }
        do {
            _ = try await server.paymentResult(paymentID: "nope", returnMAC: "sbx_secret_sandbox-mac-1")
            XCTFail("expected an unknown payment")
        } catch let error as WorldlineSandboxServer.SandboxError {
            XCTAssertEqual(error, .unknownPayment("nope"))
        }
        let result = try await server.paymentResult(
            paymentID: "sandbox-payment-1", returnMAC: "sbx_secret_sandbox-mac-1")
        XCTAssertEqual(result, .declined(paymentID: "sandbox-payment-1", reason: "Declined by the card issuer"))
    }
}
