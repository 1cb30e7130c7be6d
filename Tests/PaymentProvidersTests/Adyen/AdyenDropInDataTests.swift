import Checkout
import CheckoutSandbox
import PaymentProviders
import StateStore
import XCTest

/// The advanced flow's drop-in data, as the SDK hands it to `didSubmit` and `didProvide`, reaches
/// `/payments` and `/payments/details` whole.
final class AdyenDropInDataTests: XCTestCase {
    private static let card =
        #"{"type":"scheme","encryptedCardNumber":"adyenjs_0_1_25$abc","encryptedExpiryMonth":"adyenjs_0_1_25$m","#
        + #""encryptedExpiryYear":"adyenjs_0_1_25$y","encryptedSecurityCode":"adyenjs_0_1_25$c","holderName":"Ada Lovelace","brand":"visa"}"#
    private static let browserInfo =
        #"{"acceptHeader":"*/*","colorDepth":24,"javaEnabled":false,"language":"en-GB","screenHeight":2532,"#
        + #""screenWidth":1170,"timeZoneOffset":-60,"userAgent":"Mozilla/5.0 (iPhone)"}"#

    func testASubmissionKeepsThePaymentMethodBrowserInfoAndStoreChoiceWhole() throws {
        let submission = try AdyenDropInData.submission(
            paymentMethod: Self.card, browserInfo: Self.browserInfo, storePaymentMethod: true,
            displayDescription: "Visa •••• 1111")
        XCTAssertEqual(submission.methodID, "scheme")
        XCTAssertEqual(submission.displayDescription, "Visa •••• 1111")
        XCTAssertEqual(
            submission.payload.value,
            #"{"paymentMethod":\#(Self.card),"browserInfo":\#(Self.browserInfo),"storePaymentMethod":true}"#)
        XCTAssertEqual("\(submission)".contains("adyenjs"), false, "the payload is secret")
    }

    func testDataThatIsNotTheSDKsShapeIsRefusedNamingWhere() {
        let cases: [(String, String?, String)] = [
            ("{", nil, "paymentMethod: not JSON: "),
            ("[]", nil, "paymentMethod: expected an object, found an array"),
            (#"{"encryptedCardNumber":"x"}"#, nil, "paymentMethod.type: expected a string, missing"),
            (#"{"type":7}"#, nil, "paymentMethod.type: expected a string, found a number"),
            (#"{"type":"scheme"}"#, "7", "browserInfo: expected an object, found a number"),
        ]
        for (method, info, expected) in cases {
            XCTAssertThrowsError(try AdyenDropInData.submission(paymentMethod: method, browserInfo: info)) { error in
                XCTAssertTrue("\(error)".hasPrefix(expected), "\(error)")
            }
        }
        XCTAssertThrowsError(try AdyenDropInData.actionDetails(details: "{}", paymentData: nil)) {
            XCTAssertEqual("\($0)", "details: expected at least one detail")
        }
        XCTAssertThrowsError(try AdyenDropInData.actionDetails(details: #""x""#, paymentData: nil)) {
            XCTAssertEqual("\($0)", "details: expected an object, found a string")
        }
    }

    func testActionDetailsOfAnyShapeAndTheirPaymentDataAreRead() throws {
        let details = #"{"threeDSResult":"eyJ0cmFuc1N0YXR1cyI6IlkifQ==","attempt":2,"challenge":{"cancelled":false}}"#
        let action = try AdyenDropInData.actionDetails(details: details, paymentData: "Ab02b4c0!pd")
        XCTAssertEqual(try AdyenDetails.details(of: action).jsonText, details)
        XCTAssertEqual(AdyenDetails.paymentData(of: action)?.value, "Ab02b4c0!pd")
        let flat = AdyenDetails.actionDetails(["redirectResult": "abc"])
        XCTAssertEqual(try AdyenDetails.details(of: flat).jsonText, #"{"redirectResult":"abc"}"#)
        XCTAssertNil(AdyenDetails.paymentData(of: flat))
    }

    func testTheProviderForwardsTheDropInsDataToPaymentsAndDetails() async throws {
        let server = CapturingAdyenServer(
            inner: AdyenSandboxServer(firstAnswers: [.action(.threeDS2Challenge, then: .authorised)]))
        let provider = AdyenFixtures.provider(.advanced, server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        let submission = try AdyenDropInData.submission(
            paymentMethod: Self.card, browserInfo: Self.browserInfo, storePaymentMethod: false)
        guard case .actionRequired(let challenge) = try await provider.submit(submission, in: session) else {
            return XCTFail("expected a challenge")
        }
        let payments = await server.payments
        XCTAssertEqual(payments.first?.paymentMethod.value, Self.card, "byte for byte")
        XCTAssertEqual(payments.first?.browserInfo?.jsonText, Self.browserInfo)
        XCTAssertEqual(payments.first?.storePaymentMethod, false)
        XCTAssertEqual(challenge.kind, .threeDSChallenge)

        let details = try AdyenDropInData.actionDetails(
            details: #"{"threeDSResult":"done","extra":[1,2]}"#, paymentData: "ignored: the provider kept the action's")
        let outcome = try await provider.submitDetails(details, in: session)
        XCTAssertTrue(outcome.isAuthorised, "\(outcome)")
        let sent = await server.details
        XCTAssertEqual(sent.first?.details.value?.jsonText, #"{"threeDSResult":"done","extra":[1,2]}"#)
        XCTAssertNotEqual(sent.first?.paymentData?.value, "ignored: the provider kept the action's")
    }

    func testAPaymentMethodObjectAloneIsStillASubmission() async throws {
        let server = CapturingAdyenServer(inner: AdyenSandboxServer())
        let provider = AdyenFixtures.provider(.advanced, server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        let outcome = try await provider.submit(AdyenFixtures.card, in: session)
        XCTAssertTrue(outcome.isAuthorised, "\(outcome)")
        let payments = await server.payments
        XCTAssertEqual(payments.first?.paymentMethod.value, AdyenFixtures.card.payload.value)
        XCTAssertNil(payments.first?.browserInfo)
    }

    func testUnusableDataIsRefusedBeforeAnyCall() async throws {
        let server = CapturingAdyenServer(inner: AdyenSandboxServer())
        let provider = AdyenFixtures.provider(.advanced, server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        for payload in ["not json", #"{"paymentMethod":{"brand":"visa"}}"#, #"{"type":"scheme","x":1}x"#] {
            do {
                _ = try await provider.submit(
                    PaymentSubmission(methodID: "scheme", payload: Sensitive(payload)), in: session)
                XCTFail("accepted \(payload)")
            } catch {
                XCTAssertEqual((error as? PaymentFailure)?.kind, .provider)
                XCTAssertTrue("\(error)".contains("unusable"), "\(error)")
            }
        }
        let payments = await server.payments
        XCTAssertTrue(payments.isEmpty)
    }
}

extension PaymentOutcome {
    fileprivate var isAuthorised: Bool {
        if case .authorised = self { return true }
        return false
    }
}

/// An Adyen merchant server double that records the payments and details requests the provider
/// makes, and answers with the sandbox's answers.
actor CapturingAdyenServer: AdyenMerchantServer {
    let inner: AdyenSandboxServer
    private(set) var payments: [AdyenPaymentsRequest] = []
    private(set) var details: [AdyenPaymentDetailsRequest] = []

    init(inner: AdyenSandboxServer) {
        self.inner = inner
    }

    func sessions(_ request: AdyenSessionRequest) async throws -> AdyenSessionResponse {
        try await inner.sessions(request)
    }

    func paymentMethods(_ request: AdyenPaymentMethodsRequest) async throws -> AdyenPaymentMethodsResponse {
        try await inner.paymentMethods(request)
    }

    func payments(_ request: AdyenPaymentsRequest) async throws -> AdyenPaymentResponse {
        payments.append(request)
        return try await inner.payments(request)
    }

    func paymentDetails(_ request: AdyenPaymentDetailsRequest) async throws -> AdyenPaymentResponse {
        details.append(request)
        return try await inner.paymentDetails(request)
    }

    func sessionResult(sessionID: String, sessionResult: String) async throws -> AdyenSessionStatus {
        try await inner.sessionResult(sessionID: sessionID, sessionResult: sessionResult)
    }

    func notification(pspReference: String) async throws -> AdyenNotification? {
        await inner.notification(pspReference: pspReference)
    }

    func cancelOrder(_ order: AdyenOrderReference) async throws {
        try await inner.cancelOrder(order)
    }
}
