import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import StateStoreTesting
import XCTest

/// The page's Apple Pay request and shipping updates are untrusted input: each problem is a typed
/// rejection naming the field, recorded, and nothing else changes (the page is told why).
final class WebApplePayRequestTests: XCTestCase {
    private typealias Run = WebApplePayRun

    /// `Run.request` with `member` replaced by `value` (JSON text; `nil` removes it).
    private static func request(_ member: String, _ value: String?) -> String {
        guard case .object(var members) = try? JSONParser.parse(Run.request) else { return Run.request }
        members.removeAll { $0.key == member }
        if let value, let parsed = try? JSONParser.parse(value) {
            members.append(JSONMember(key: member, value: parsed))
        }
        return JSONValue.object(members).jsonText
    }

    private static func total(_ amount: String) -> String { #"{"label":"Poq Shop","amount":\#(amount)}"# }

    private static func invalid(_ field: String, _ reason: String) -> BridgeRejection {
        .invalidField(event: "applepaypayment", field: field, reason: reason)
    }

    /// Hostile requests and the rejection each must get.
    private static let hostile: [(String?, BridgeRejection)] = [
        (nil, .missingField(event: "applepaypayment", field: "data")),
        (#""pay me""#, invalid("data", "a string, not an object")),
        (request("currencyCode", nil), .missingField(event: "applepaypayment", field: "data.currencyCode")),
        (request("currencyCode", #""XYZ""#), invalid("data.currencyCode", #""XYZ" is not an ISO 4217 currency"#)),
        (
            request("currencyCode", #""pounds sterling""#),
            invalid("data.currencyCode", "(15 characters) is not an ISO 4217 currency")
        ),
        (request("countryCode", #""GBR""#), invalid("data.countryCode", #""GBR" is not two letters"#)),
        (request("total", nil), .missingField(event: "applepaypayment", field: "data.total")),
        (
            request("total", total("\"-1\"")),
            invalid("data.total.amount", "-1 is negative; a price, cost or total is 0 or more")
        ),
        (request("total", total("0")), invalid("data.total.amount", "0 is not an amount to pay")),
        (request("total", total("\"12abc\"")), invalid("data.total.amount", #""12abc" is not a plain decimal amount"#)),
        (request("total", total("1e3")), invalid("data.total.amount", #""1e3" is not a plain decimal amount"#)),
        (request("total", total("\"NaN\"")), invalid("data.total.amount", #""NaN" is not a plain decimal amount"#)),
        (request("total", total("true")), invalid("data.total.amount", "a Boolean, not a decimal amount")),
        (
            request("total", total("45.955")),
            invalid("data.total.amount", "45.955 has more decimal places than GBP's 2")
        ),
        (
            request("total", total("\"99999999999999999999.99\"")),
            invalid("data.total.amount", "99999999999999999999.99 is too large an amount of GBP")
        ),
        (request("total", #"{"amount":"45.95"}"#), .missingField(event: "applepaypayment", field: "data.total.label")),
        (
            request("total", #"{"label":"\#(String(repeating: "x", count: 129))","amount":"45.95"}"#),
            invalid("data.total.label", "129 characters; at most 128")
        ),
        (
            request("total", #"{"label":"Poq\u0000Shop","amount":"45.95"}"#),
            invalid("data.total.label", "holds the control character U+0000")
        ),
        (
            request("total", #"{"label":"Poq\u2028Shop","amount":"45.95"}"#),
            invalid("data.total.label", "holds the control character U+2028")
        ),
        (request("total", #"{"label":"   ","amount":"45.95"}"#), invalid("data.total.label", "empty")),
        (
            request("total", total("\"49.95\"")),
            invalid("data.lineItems", "the lines add up to 45.95, not the total 49.95")
        ),
        (
            request(
                "lineItems",
                "[" + Array(repeating: #"{"label":"x","amount":"1"}"#, count: 51).joined(separator: ",") + "]"),
            invalid("data.lineItems", "51 items; at most 50")
        ),
        (request("lineItems", #"{"label":"x"}"#), invalid("data.lineItems", "an object, not an array")),
        (
            request("lineItems", #"[{"label":"Subtotal","amount":"42.001"},{"label":"Standard","amount":"3.949"}]"#),
            invalid("data.lineItems[0].amount", "42.001 has more decimal places than GBP's 2")
        ),
        (
            request(
                "shippingMethods",
                #"[{"identifier":"standard","label":"A","amount":"1"},{"identifier":"standard","label":"B","amount":"2"}]"#
            ),
            invalid("data.shippingMethods[1].identifier", #""standard" is offered twice"#)
        ),
        (
            request("shippingMethods", #"[{"identifier":"standard","label":"A","amount":"-1"}]"#),
            invalid("data.shippingMethods[0].amount", "-1 is negative; a price, cost or total is 0 or more")
        ),
        (
            request("requiredShippingContactFields", #"["email"]"#),
            invalid("data.shippingMethods", "offered, but postalAddress is not a required shipping contact field")
        ),
        (
            request("merchantCapabilities", #"["supportsBitcoin"]"#),
            invalid(
                "data.merchantCapabilities[0]",
                #""supportsBitcoin" is not one of supports3DS, supportsEMV, supportsCredit, supportsDebit"#)
        ),
        (
            request("requiredShippingContactFields", #"["postalAddress","phoneticName"]"#),
            invalid(
                "data.requiredShippingContactFields[1]",
                #""phoneticName" is not one of postalAddress, name, phone, email"#)
        ),
        (
            request("requiredBillingContactFields", #"["email"]"#),
            invalid("data.requiredBillingContactFields[0]", #""email" is not one of postalAddress, name"#)
        ),
        (
            request("supportedNetworks", #"["visa card"]"#),
            invalid("data.supportedNetworks[0]", "(9 characters) is not a network name")
        ),
        (
            request("supportedNetworks", #"["4111111111111111111111111111111111"]"#),
            invalid("data.supportedNetworks[0]", "34 characters; at most 32")
        ),
    ]

    func testEveryHostileRequestIsRejectedWithItsFieldAndReason() {
        for (data, expected) in Self.hostile {
            let value = data.flatMap { try? JSONParser.parse($0) }
            XCTAssertEqual(WebApplePayRequest.decode(value), .failure(expected), data ?? "no data")
        }
    }

    func testAHostileRequestIsRecordedTheRestOfTheStateIsUntouchedAndThePageIsToldWhy() async {
        for (data, expected) in Self.hostile {
            let run = Run()
            await run.start()
            let before = run.state
            await run.pageSends("applepaypayment", data)
            var withoutRejection = run.state
            XCTAssertEqual(withoutRejection.web.rejections, [expected], data ?? "no data")
            withoutRejection.web.rejections = []
            XCTAssertEqual(withoutRejection, before, "nothing else changes: \(data ?? "no data")")
            XCTAssertEqual(
                run.replies,
                [
                    PageReply(
                        name: "applepaycancelled",
                        payload: .object([
                            JSONMember(key: "message", value: .string(expected.description)),
                            JSONMember(key: "reason", value: .string("invalidRequest")),
                        ]))
                ])
            XCTAssertFalse(expected.description.contains("4111111111111111"), "a reason never repeats a long value")
        }
    }

    func testARequestReadsAmountsExactlyFromStringsOrNumbersAndIgnoresWhatIsNotItsOwn() throws {
        let request = try WebApplePayRequest.decode(try JSONParser.parse(Run.request)).get()
        XCTAssertEqual(request.countryCode, "GB")
        XCTAssertEqual(request.total, WebApplePayLine(label: "Poq Shop", amount: decimal("45.95")))
        XCTAssertEqual(
            request.lineItems,
            [
                WebApplePayLine(label: "Subtotal", amount: 42),
                WebApplePayLine(label: "Standard", amount: decimal("3.95")),
            ])
        XCTAssertEqual(request.merchantCapabilities, [.supports3DS])
        XCTAssertEqual(request.requiredBillingContactFields, [.postalAddress])
        XCTAssertTrue(request.requiresShipping)
        XCTAssertEqual(
            request.sheetShippingMethods.last, ShippingMethod(id: "express", name: "Express", price: money("7.95")))

        // The smallest request: a total, in yen (no decimals), with a discount line.
        let yen = try WebApplePayRequest.decode(
            try JSONParser.parse(
                #"{"countryCode":"jp","currencyCode":"jpy","total":{"label":"Shop","amount":1500},"lineItems":[{"label":"Items","amount":"1800"},{"label":"Coupon","amount":-300}]}"#
            )
        ).get()
        XCTAssertEqual(yen.currencyCode, "JPY")
        XCTAssertEqual(yen.countryCode, "JP")
        XCTAssertFalse(yen.requiresShipping)
        XCTAssertEqual(
            yen.summaryItems,
            [
                WalletSummaryItem(kind: .item, label: "Items", amount: money("1800", "JPY")),
                WalletSummaryItem(kind: .item, label: "Coupon", amount: money("-300", "JPY")),
                WalletSummaryItem(kind: .total, label: "Shop", amount: money("1500", "JPY")),
            ])
        // A number with more digits than a Double holds is kept digit for digit.
        let precise = try WebApplePayRequest.decode(
            try JSONParser.parse(
                #"{"countryCode":"KW","currencyCode":"KWD","total":{"label":"Shop","amount":12345678901234.567}}"#)
        ).get()
        XCTAssertEqual(precise.total.amount, decimal("12345678901234.567"))
    }

    func testAnUnreadableUpdateForTheAwaitedChangeKeepsTheSheetsTotalsWithTheReason() async throws {
        let run = Run()
        await run.start()
        await run.pageSends("applepaypayment", Run.request)
        let shown = try XCTUnwrap(run.state.walletSheet?.summaryItems)
        await run.send(.shippingMethodSelected(id: "express", requestID: 1))
        var id = try XCTUnwrap(run.requestID(of: "applepayshippingmethodchanged"))
        // Lines that do not add up: the answer names the change, so the sheet is answered at once.
        await run.pageSends(
            "applepayupdate",
            #"{"requestId":\#(id),"newTotal":{"label":"Poq Shop","amount":"40"},"newLineItems":[{"label":"Subtotal","amount":"42.00"},{"label":"Express","amount":"7.95"}]}"#
        )
        let sums = BridgeRejection.invalidField(
            event: "applepayupdate", field: "data.newLineItems", reason: "the lines add up to 49.95, not the total 40")
        XCTAssertEqual(run.state.web.rejections, [sums])
        XCTAssertEqual(
            run.answers.last,
            .shippingMethod(
                WalletSummaryUpdate(errors: [.inconsistentUpdate(detail: sums.description)], summaryItems: shown),
                requestID: 1))

        // An amount finer than the currency: read, then refused against the sheet's currency (the
        // request id as a JSON number is read too).
        await run.send(.shippingMethodSelected(id: "express", requestID: 2))
        id = try XCTUnwrap(run.requestID(of: "applepayshippingmethodchanged"))
        await run.pageSends(
            "applepayupdate", #"{"requestId":\#(id),"newTotal":{"label":"Poq Shop","amount":"49.951"}}"#)
        let digits = BridgeRejection.invalidField(
            event: "applepayupdate", field: "data.newTotal.amount",
            reason: "49.951 has more decimal places than GBP's 2")
        XCTAssertEqual(run.state.web.rejections.last, digits)
        XCTAssertEqual(
            run.answers.last,
            .shippingMethod(
                WalletSummaryUpdate(errors: [.inconsistentUpdate(detail: digits.description)], summaryItems: shown),
                requestID: 2))

        // No usable request id: recorded, and the sheet still waits (its timer answers it).
        await run.send(.shippingMethodSelected(id: "standard", requestID: 3))
        await run.pageSends("applepayupdate", #"{"requestId":"\#(id + 2)a","newTotal":{"label":"x","amount":"1"}}"#)
        XCTAssertEqual(
            run.state.web.rejections.last,
            .invalidField(
                event: "applepayupdate", field: "data.requestId", reason: "not a whole number from 1 to \(Int.max)"))
        XCTAssertEqual(run.answers.count, 2)
        await run.clock.advance(by: .seconds(20))
        XCTAssertEqual(
            run.answers.last,
            .shippingMethod(WalletSummaryUpdate(errors: [.updateTimedOut], summaryItems: shown), requestID: 3))
        XCTAssertEqual(run.state.walletSheet?.summaryItems, shown, "the sheet never showed an unchecked total")
    }

    func testThePagesUpdateErrorsReachTheSheetAsPassKitsFieldErrors() async throws {
        let run = Run()
        await run.start()
        await run.pageSends("applepaypayment", Run.request)
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        let id = try XCTUnwrap(run.requestID(of: "applepayshippingcontactchanged"))
        await run.pageSends(
            "applepayupdate",
            #"""
            {"requestId":\#(id),"newTotal":{"label":"Poq Shop","amount":"42.00"},"newShippingMethods":[],
             "errors":[{"code":"shippingContactInvalid","contactField":"postalCode","message":"We cannot find this postcode"},
                       {"code":"shippingContactInvalid","contactField":"phoneNumber","message":"A phone is needed"},
                       {"code":"addressUnserviceable","message":"No delivery to the Channel Islands"},
                       {"code":"unknown"}]}
            """#)
        XCTAssertEqual(
            run.answers.last,
            .shippingContact(
                WalletShippingContactUpdate(
                    errors: [
                        .shippingAddressInvalid(field: .postcode, message: "We cannot find this postcode"),
                        .contactInvalid(field: .phoneNumber, message: "A phone is needed"),
                        .shippingAddressUnserviceable(message: "No delivery to the Channel Islands"),
                        .pageError(message: "The shop cannot use this contact."),
                    ],
                    summaryItems: [WalletSummaryItem(kind: .total, label: "Poq Shop", amount: money("42"))],
                    shippingMethods: []),
                requestID: 1))
        XCTAssertTrue(run.state.web.rejections.isEmpty)
    }
}
