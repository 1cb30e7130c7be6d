import Afterpay
import Foundation
import XCTest

final class CheckoutRedirectTests: XCTestCase {
    private func result(_ string: String, file: StaticString = #filePath, line: UInt = #line) -> CheckoutResult? {
        guard let url = URL(string: string) else {
            XCTFail("bad test URL \(string)", file: file, line: line)
            return nil
        }
        return CheckoutRedirect.result(for: url)
    }

    func testSuccessWithOrderTokenSucceeds() {
        XCTAssertEqual(
            result("https://merchant.example/confirm?status=SUCCESS&orderToken=002.abc"), .success(token: "002.abc"))
    }

    func testSuccessWithTokenSucceeds() {
        XCTAssertEqual(
            result("https://merchant.example/confirm?token=002.xyz&status=SUCCESS"), .success(token: "002.xyz"))
    }

    func testOrderTokenWinsOverToken() {
        XCTAssertEqual(
            result("https://portal.afterpay.com/x?status=SUCCESS&token=t&orderToken=o"), .success(token: "o"))
    }

    func testCancelledRedirectCancelsAsUserInitiated() {
        XCTAssertEqual(
            result("https://merchant.example/cancel?status=CANCELLED&orderToken=002.abc"),
            .cancelled(reason: .userInitiated))
    }

    func testSuccessWithoutATokenIsNotASuccess() {
        XCTAssertNil(result("https://portal.afterpay.com/checkout?status=SUCCESS"))
        XCTAssertNil(result("https://portal.afterpay.com/checkout?status=SUCCESS&orderToken="))
        let offHost = "https://merchant.example/confirm?status=SUCCESS"
        XCTAssertEqual(
            result(offHost), .cancelled(reason: .invalidURL(URL(string: offHost) ?? URL(fileURLWithPath: "/"))))
    }

    func testStatusIsMatchedExactly() {
        XCTAssertNil(result("https://portal.afterpay.com/checkout?status=success&orderToken=o"))
    }

    func testEveryCheckoutHostKeepsLoading() {
        let hosts = [
            "portal.afterpay.com", "portal.sandbox.afterpay.com", "api-plus.us-sandbox.afterpay.com",
            "api-plus.us.afterpay.com", "portal.clearpay.co.uk", "portal.sandbox.clearpay.co.uk",
            "checkout.clearpay.com", "checkout.sandbox.clearpay.com",
        ]
        XCTAssertEqual(CheckoutRedirect.checkoutHosts, Set(hosts))
        for host in hosts {
            XCTAssertNil(result("https://\(host)/checkout?token=002.abc"), host)
        }
        XCTAssertNil(result("https://PORTAL.Afterpay.com/checkout"), "hosts are case-insensitive")
    }

    func testOtherHostsCancelAsInvalid() {
        for string in [
            "https://evil.example/checkout", "https://portal.afterpay.com.evil.example/",
            "https://afterpay.com/", "http://portal.afterpay.com/checkout", "file:///etc/passwd",
        ] {
            guard let url = URL(string: string) else { return XCTFail(string) }
            XCTAssertEqual(CheckoutRedirect.result(for: url), .cancelled(reason: .invalidURL(url)), string)
        }
    }

    func testCheckoutResultRoundTripsThroughJSON() throws {
        let results: [CheckoutResult] = [
            .success(token: "t"), .cancelled(reason: .userInitiated), .cancelled(reason: .networkError("offline")),
            .cancelled(reason: .invalidURL(URL(fileURLWithPath: "/x"))), .cancelled(reason: .unretrievableUrl),
        ]
        let data = try JSONEncoder().encode(results)
        XCTAssertEqual(try JSONDecoder().decode([CheckoutResult].self, from: data), results)
    }
}
