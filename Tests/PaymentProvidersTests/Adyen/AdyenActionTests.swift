import Checkout
import PaymentProviders
import XCTest

final class AdyenActionTests: XCTestCase {
    func testEveryActionTypeMapsToItsKind() {
        let expected: [(AdyenAction, PaymentActionRequest.Kind)] = [
            (AdyenAction(type: "redirect", url: "https://bank"), .redirect),
            (AdyenAction(type: "nativeRedirect", url: "https://bank"), .redirect),
            (AdyenAction(type: "threeDS2", subtype: "fingerprint"), .threeDSFingerprint),
            (AdyenAction(type: "threeDS2", subtype: "challenge"), .threeDSChallenge),
            (AdyenAction(type: "threeDS2Fingerprint"), .threeDSFingerprint),
            (AdyenAction(type: "threeDS2Challenge"), .threeDSChallenge),
            (AdyenAction(type: "sdk"), .sdk),
            (AdyenAction(type: "await"), .await),
            (AdyenAction(type: "voucher"), .voucher),
            (AdyenAction(type: "qrCode"), .qrCode),
            (AdyenAction(type: "document"), .document),
        ]
        for (action, kind) in expected {
            XCTAssertEqual(action.kind, kind, action.type)
        }
        XCTAssertEqual(
            Set(expected.map(\.1)), Set(PaymentActionRequest.Kind.allCases), "every engine action kind is reachable")
    }

    func testThreeDS2WithoutAKnownSubtypeIsUnknown() {
        XCTAssertNil(AdyenAction(type: "threeDS2").kind)
        XCTAssertNil(AdyenAction(type: "threeDS2", subtype: "other").request)
    }

    func testRequestCarriesTheURLAndTheWholeActionAsASecretPayload() throws {
        let action = AdyenAction(type: "redirect", url: "https://bank.example/pay", method: "GET", paymentData: "pd")
        let request = try XCTUnwrap(action.request)
        XCTAssertEqual(request.url, "https://bank.example/pay")
        let payload = try XCTUnwrap(request.payload?.value)
        XCTAssertEqual(try JSONDecoder().decode(AdyenAction.self, from: Data(payload.utf8)), action)
        XCTAssertFalse(String(describing: request).contains("pd"), "the payload never shows")
    }

    func testVoucherRequestPointsAtItsDownload() throws {
        let voucher = AdyenAction(type: "voucher", downloadUrl: "https://adyen/voucher.pdf")
        XCTAssertEqual(voucher.request?.url, "https://adyen/voucher.pdf")
        XCTAssertEqual(voucher.request?.finishesWithoutDetails, true)
    }
}
