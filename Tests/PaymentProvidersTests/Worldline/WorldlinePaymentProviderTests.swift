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

final class WorldlinePaymentProviderTests: XCTestCase {
    private func request(_ amount: String, _ currency: String = "GBP") -> Checkout.PaymentRequest {
        Checkout.PaymentRequest(
            amount: Checkout.Money(amount: Decimal(string: amount) ?? .nan, currencyCode: currency), minorUnits: 0,
            reference: "payment-1", cartID: "cart-1", countryCode: "GB")
    }

    private func provider(_ server: any WorldlineMerchantServer) -> WorldlinePaymentProvider {
        WorldlinePaymentProvider(server: server, makeSession: WorldlineDemoScript.sandboxSession)
    }

    /// A submission with a JWE-shaped payload (not decryptable, but the sandbox only checks shape).
    private func shapedSubmission(productId: String = "1") throws -> PaymentSubmission {
        let prepared = PreparedPaymentRequest(encryptedFields: FakeJWE.valid, encodedClientMetaInfo: FakeJWE.meta)
        let payload = String(decoding: try JSONEncoder().encode(prepared), as: UTF8.self)
        return PaymentSubmission(methodID: productId, payload: Sensitive(payload))
    }

    private func returning(_ url: String) -> PaymentActionDetails {
        PaymentActionDetails(payload: Sensitive(url), returnURL: Sensitive(url))
    }

    // MARK: prepare

    func testPrepareCreatesAClientSessionAndOffersTheCardGroup() async throws {
        let server = WorldlineSandboxServer()
        let session = try await provider(server).prepare(request("45.95"))
        XCTAssertEqual(session.id, "worldline-session-1")
        XCTAssertEqual(session.providerID, "worldline")
        XCTAssertEqual(
            session.methods, [PaymentMethodOption(id: "cards", name: "Cards")],
            "iDEAL is a redirect product, not a card")
        XCTAssertEqual(
            session.token?.value, "sbx_secret_sandbox-client-session-1", "the client session id is the secret token")
        let calls = await server.receivedCalls
        XCTAssertEqual(calls, [.createClientSession])
    }

    func testPrepareRefusesAnAmountWithMoreDecimalsThanTheCurrencyBeforeAnyCall() async throws {
        let server = WorldlineSandboxServer()
        do {
            _ = try await provider(server).prepare(request("45.955"))
            XCTFail("expected a refusal")
        } catch let error as WorldlineProviderError {
            guard case .amountNotRepresentable = error else { return XCTFail("unexpected \(error)") }
        }
        let calls = await server.receivedCalls
        XCTAssertEqual(calls, [])
    }

    func testClientAPIErrorsSurfaceFromPrepareAsTypedErrors() async throws {
        // A session with an empty customer id calls a path the Client API does not have.
        let broken = WorldlinePaymentProvider(server: WorldlineSandboxServer()) { client in
            try WorldlineSandbox.session(clientSessionId: client.clientSessionId.value ?? "", customerId: "")
        }
        do {
            _ = try await broken.prepare(request("45.95"))
            XCTFail("expected an error")
        } catch let error as WorldlineError {
            guard case .httpStatus(404, _) = error else { return XCTFail("unexpected \(error)") }
        }
    }

    func testAContextWithoutCardProductsCannotBePaidHere() async throws {
        let noCards = WorldlinePaymentProvider(server: WorldlineSandboxServer()) { client in
            try Worldline.Session(
                clientSessionId: client.clientSessionId.value ?? "", customerId: client.customerId,
                baseURL: client.clientApiURL, assetBaseURL: client.assetURL,
                clientMetaInfo: ClientMetaInfo(appIdentifier: "ProviderTests"), encryptor: nil,
                transport: NoCardsTransport())
        }
        do {
            _ = try await noCards.prepare(request("45.95"))
            XCTFail("expected a refusal")
        } catch let error as WorldlineProviderError {
            XCTAssertEqual(error, .noCardMethod)
            XCTAssertEqual(error.description, "Worldline offers no card payment for this order")
        }
    }

    func testAClientSessionWithoutAnIdIsRefusedBeforeTheClientAPI() async throws {
        let worldline = provider(
            ScriptedWorldlineServer(result: .declined(paymentID: "", reason: ""), clientSessionId: ""))
        do {
            _ = try await worldline.prepare(request("45.95"))
            XCTFail("expected a refusal")
        } catch let error as WorldlineProviderError {
            XCTAssertEqual(error, .noClientSessionId)
        }
    }

    // MARK: submit

    func testApprovedDeclinedAndRedirectAnswersMapToOutcomes() async throws {
        let server = WorldlineSandboxServer(script: [.approve, .decline, .challengeThenApprove])
        let worldline = provider(server)
        let session = try await worldline.prepare(request("45.95"))
        let approved = try await worldline.submit(try shapedSubmission(), in: session)
        XCTAssertEqual(
            approved,
            .authorised(
                PaymentReceipt(providerReference: "sandbox-payment-1", amount: session.amount, resultCode: "CAPTURED")))
        let declined = try await worldline.submit(try shapedSubmission(), in: session)
        XCTAssertEqual(declined, .refused(reason: "Declined by the card issuer"))
        let redirect = try await worldline.submit(try shapedSubmission(), in: session)
        XCTAssertEqual(
            redirect,
            .actionRequired(
                PaymentActionRequest(
                    kind: .redirect, url: "https://3ds.sandbox.worldline.invalid/challenge?paymentId=sandbox-payment-3")
            ))
        let calls = await server.receivedCalls
        guard case .createPayment(let input) = calls.last else { return XCTFail("no payment created") }
        XCTAssertEqual(input.amountInMinorUnits, 4595)
        XCTAssertEqual(input.paymentProductId, "1")
        XCTAssertEqual(input.encryptedCustomerInput.value, FakeJWE.valid)
    }

    func testASubmissionWithoutEncryptedDataIsAnErrorWithoutACall() async throws {
        let server = WorldlineSandboxServer()
        let worldline = provider(server)
        let session = try await worldline.prepare(request("45.95"))
        for payload in [Sensitive("4111111111111111"), Sensitive<String>.redacted] {
            let outcome = try await worldline.submit(PaymentSubmission(methodID: "1", payload: payload), in: session)
            XCTAssertEqual(outcome, .error(message: "the submission carries no encrypted Worldline card data"))
        }
        let calls = await server.receivedCalls
        XCTAssertEqual(calls, [.createClientSession])
    }

    func testARedirectWithoutARETURNMACIsAnError() async throws {
        let url = try XCTUnwrap(URL(string: "https://3ds.example/x"))
        let worldline = provider(
            ScriptedWorldlineServer(
                result: .redirect(paymentID: "p", redirectURL: SensitiveURL(url), returnMAC: Sensitive(""))))
        let session = try await worldline.prepare(request("45.95"))
        let outcome = try await worldline.submit(try shapedSubmission(), in: session)
        XCTAssertEqual(outcome, .error(message: "Worldline asked for a redirect without a RETURNMAC"))
    }

    // MARK: submitDetails

    func testTheReturnURLMustCarryThePaymentsRETURNMAC() async throws {
        let server = WorldlineSandboxServer(script: [.challengeThenApprove])
        let worldline = provider(server)
        let session = try await worldline.prepare(request("45.95"))
        _ = try await worldline.submit(try shapedSubmission(), in: session)

        let missing = try await worldline.submitDetails(PaymentActionDetails(payload: .redacted), in: session)
        XCTAssertEqual(missing, .error(message: "the Worldline return URL is missing or unreadable"))
        let forged = try await worldline.submitDetails(
            returning("https://shop.example/worldline/return?RETURNMAC=guess&paymentId=sandbox-payment-1"), in: session)
        XCTAssertEqual(forged, .error(message: "the Worldline return URL's RETURNMAC does not match the payment's"))
        let other = try await worldline.submitDetails(
            returning(
                "https://shop.example/worldline/return?RETURNMAC=sbx_secret_sandbox-mac-1&paymentId=sandbox-payment-9"),
            in: session)
        XCTAssertEqual(other, .error(message: "the Worldline return URL is for another payment"))
        var calls = await server.receivedCalls
        XCTAssertFalse(calls.contains { if case .paymentResult = $0 { true } else { false } })

        let good = try await worldline.submitDetails(
            returning(
                "https://shop.example/worldline/return?RETURNMAC=sbx_secret_sandbox-mac-1&paymentId=sandbox-payment-1"),
            in: session)
        guard case .authorised(let receipt) = good else { return XCTFail("expected authorised, got \(good)") }
        XCTAssertEqual(receipt.providerReference, "sandbox-payment-1")
        calls = await server.receivedCalls
        XCTAssertEqual(calls.last, .paymentResult(paymentID: "sandbox-payment-1"))
        let confirmed = try await worldline.confirm(session)
        XCTAssertEqual(confirmed, good)

        let again = try await worldline.submitDetails(
            returning("https://shop.example/?RETURNMAC=sbx_secret_sandbox-mac-1"), in: session)
        XCTAssertEqual(again, .error(message: "no Worldline payment awaits a redirect"))
    }

    func testConfirmBeforeAnApprovalIsAnError() async throws {
        let worldline = provider(WorldlineSandboxServer())
        let session = try await worldline.prepare(request("45.95"))
        let outcome = try await worldline.confirm(session)
        XCTAssertEqual(outcome, .error(message: "no approved Worldline payment to confirm"))
    }

    func testCancelForgetsTheSession() async throws {
        let worldline = provider(WorldlineSandboxServer())
        let session = try await worldline.prepare(request("45.95"))
        await worldline.cancel(session)
        do {
            _ = try await worldline.cardForm(for: session)
            XCTFail("expected the session to be gone")
        } catch let failure as PaymentFailure {
            XCTAssertEqual(
                failure, PaymentFailure(kind: .provider, message: "unknown Worldline session worldline-session-1"))
        }
    }

    func testACancelWhileTheServerWorksIsNotUndoneByItsAnswer() async throws {
        let gate = ServerGate()
        let worldline = provider(GatedWorldlineServer(gate: gate))
        let session = try await worldline.prepare(request("45.95"))
        let submission = try shapedSubmission()
        let submitting = Task { try await worldline.submit(submission, in: session) }
        var entered = gate.entered.stream.makeAsyncIterator()
        await entered.next()
        await worldline.cancel(session)
        gate.release.continuation.yield()
        _ = try await submitting.value
        do {
            _ = try await worldline.confirm(session)
            XCTFail("the cancelled session came back")
        } catch let failure as PaymentFailure {
            XCTAssertEqual(failure.kind, .provider)
        }
    }
}

/// A merchant server that answers every payment with one result.
private struct ScriptedWorldlineServer: WorldlineMerchantServer {
    let result: WorldlinePaymentResult
    var clientSessionId = "scripted"

    func createClientSession() async throws -> WorldlineClientSession {
        WorldlineClientSession(
            clientSessionId: Sensitive(clientSessionId), customerId: "c", clientApiURL: WorldlineSandbox.baseURL,
            assetURL: WorldlineSandbox.assetBaseURL)
    }

    func createPayment(_ payment: WorldlinePaymentInput) async throws -> WorldlinePaymentResult { result }

    func paymentResult(paymentID: String, returnMAC: String) async throws -> WorldlinePaymentResult { result }
}

/// ``WorldlineSandbox`` without its card products (only iDEAL is offered).
private struct NoCardsTransport: HTTPTransport {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (body, response) = try await WorldlineSandbox().send(request)
        guard request.url?.path.hasSuffix("/products") == true,
            var list = try JSONSerialization.jsonObject(with: body) as? [String: Any],
            let products = list["paymentProducts"] as? [[String: Any]]
        else { return (body, response) }
        list["paymentProducts"] = products.filter { $0["paymentMethod"] as? String != "card" }
        return (try JSONSerialization.data(withJSONObject: list), response)
    }
}

/// Lets a test act while a server call is suspended.
private final class ServerGate: Sendable {
    let entered = AsyncStream<Void>.makeStream()
    let release = AsyncStream<Void>.makeStream()
}

/// A merchant server whose Create Payment waits for the test's go.
private struct GatedWorldlineServer: WorldlineMerchantServer {
    let gate: ServerGate

    func createClientSession() async throws -> WorldlineClientSession {
        try await ScriptedWorldlineServer(result: .declined(paymentID: "", reason: "")).createClientSession()
    }

    func createPayment(_ payment: WorldlinePaymentInput) async throws -> WorldlinePaymentResult {
        gate.entered.continuation.yield()
        for await _ in gate.release.stream { break }
        return .approved(paymentID: "gated-1", status: "CAPTURED")
    }

    func paymentResult(paymentID: String, returnMAC: String) async throws -> WorldlinePaymentResult {
        .approved(paymentID: paymentID, status: "CAPTURED")
    }
}

/// JWE-shaped strings: the right parts and sizes, random-free filler bytes.
enum FakeJWE {
    static let meta = Data(#"{"sdkCreator":"Wordline Connect"}"#.utf8).base64EncodedString()
    static let valid = with()

    static func with(
        header: String = #"{"alg":"RSA-OAEP", "enc":"A256CBC-HS512", "kid":"sandbox-kid"}"#, keyBytes: Int = 256,
        ciphertextBytes: Int = 32
    ) -> String {
        [
            Data(header.utf8), Data(repeating: 1, count: keyBytes), Data(repeating: 2, count: 16),
            Data(repeating: 3, count: ciphertextBytes), Data(repeating: 4, count: 32),
        ]
        .map(base64URL).joined(separator: ".")
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
