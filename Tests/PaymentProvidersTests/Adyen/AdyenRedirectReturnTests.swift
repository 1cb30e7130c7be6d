import Checkout
import PaymentProviders
import StateStore
import XCTest

final class AdyenRedirectReturnTests: XCTestCase {
    private let configuration = AdyenFixtures.configuration()

    func testReturnURLBecomesDetailsWithItsQueryAndTheURL() throws {
        let url = "poqshop://adyen?redirectResult=X6XtfGC3%21Y&type=complete"
        let details = try AdyenRedirectReturn.details(for: url, configuration: configuration)
        XCTAssertEqual(details.returnURL?.value, url)
        XCTAssertEqual(
            try AdyenDetails.details(of: details).jsonText, #"{"redirectResult":"X6XtfGC3!Y","type":"complete"}"#)
    }

    func testAnotherURLIsNotAReturn() {
        XCTAssertThrowsError(
            try AdyenRedirectReturn.details(for: "poqshop://product/1?x=1", configuration: configuration)
        ) { error in
            XCTAssertEqual(error as? AdyenRedirectReturn.Problem, .notTheReturnURL)
        }
    }

    func testReturnWithoutQueryIsRefused() {
        XCTAssertThrowsError(try AdyenRedirectReturn.details(for: "poqshop://adyen", configuration: configuration)) {
            XCTAssertEqual($0 as? AdyenRedirectReturn.Problem, .noDetails)
        }
    }

    func testDetailsFallBackToTheReturnURLWhenThePayloadIsNotJSON() throws {
        let details = PaymentActionDetails(
            payload: Sensitive(""), returnURL: Sensitive("poqshop://adyen?redirectResult=abc"))
        XCTAssertEqual(try AdyenDetails.details(of: details).jsonText, #"{"redirectResult":"abc"}"#)
    }

    func testDetailsWithNothingUsableFailClearly() {
        XCTAssertThrowsError(try AdyenDetails.details(of: PaymentActionDetails(payload: Sensitive("3ds-ok")))) {
            XCTAssertEqual(($0 as? PaymentFailure)?.kind, .provider)
        }
    }
}
