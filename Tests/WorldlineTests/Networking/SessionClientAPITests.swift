import Foundation
import XCTest

@testable import Worldline

final class SessionClientAPITests: XCTestCase {
    private var server: StubServer!
    private let context = SessionFactory.context

    override func setUpWithError() throws {
        server = try StubServer.running()
    }

    func testProductsCallSendsTheTwoHeadersAndTheSDKQuery() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        let products = try await session.paymentProducts(for: context)
        XCTAssertEqual(products.paymentProducts.map(\.identifier), ["1", "3", "809"])
        let requests = try await server.requests(for: customer)
        let request = try XCTUnwrap(requests.first)
        XCTAssertEqual(requests.count, 1)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/client/v1/\(customer)/products")
        XCTAssertEqual(
            request.queryPairs,
            ["countryCode=NL", "currencyCode=EUR", "amount=1999", "hide=fields", "isRecurring=false", "locale=en_US"])
        XCTAssertEqual(request.header("Authorization"), "GCS v1Client:51d29012e6ce4b81afa6cc7551ef4e36")
        XCTAssertNil(request.header("Content-Type"), "a GET has no body")
        let metaInfo = try XCTUnwrap(request.header("X-GCS-ClientMetaInfo"))
        let decoded = try JSONDecoder().decode(
            [String: String].self, from: try XCTUnwrap(Data(base64Encoded: metaInfo)))
        XCTAssertEqual(decoded["appIdentifier"], "WorldlineTests/1.0")
        XCTAssertEqual(decoded["sdkIdentifier"], "SwiftClientSDK/v7.0.0")
        XCTAssertEqual(
            Set(decoded.keys),
            [
                "platformIdentifier", "sdkIdentifier", "sdkCreator", "screenSize", "deviceBrand", "deviceType",
                "appIdentifier",
            ])
    }

    func testPaymentItemsAreGroupedAndSorted() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        let grouped = try await session.paymentItems(for: context, groupPaymentProducts: true)
        XCTAssertEqual(grouped.paymentItems.map(\.identifier), ["809", "cards"])
        XCTAssertEqual(
            grouped.paymentItem(withIdentifier: "cards")?.accountsOnFile.first?.label, "**** **** **** 1111 12/30")
        let ungrouped = try await session.paymentItems(for: context, groupPaymentProducts: false)
        XCTAssertEqual(ungrouped.paymentItems.map(\.identifier), ["809", "3", "1"])
        let requests = try await server.requests(for: customer)
        XCTAssertEqual(
            requests.map { $0.path.components(separatedBy: "/").last ?? "" }, ["products", "productgroups", "products"])
        XCTAssertEqual(
            requests[1].queryPairs,
            ["countryCode=NL", "locale=en_US", "currencyCode=EUR", "amount=1999", "hide=fields", "isRecurring=false"])
    }

    func testEmptyListsGiveEmptyItemsRatherThanNoAnswer() async throws {
        // The SDK never calls back for an empty list (quirk 2); here the call simply returns.
        let session = try SessionFactory.session(customer: "nothing-" + SessionFactory.uniqueCustomer(), server: server)
        let items = try await session.paymentItems(for: context, groupPaymentProducts: true)
        XCTAssertTrue(items.paymentItems.isEmpty)
        XCTAssertTrue(items.allPaymentItems.isEmpty)
        XCTAssertFalse(items.hasAccountsOnFile)
    }

    func testGroupsNeedALocaleAndFailWithoutARequest() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        var noLocale = context
        noLocale.locale = nil
        await XCTAssertThrowsWorldlineError(.localeWasNil) { try await session.paymentProductGroups(for: noLocale) }
        await XCTAssertThrowsWorldlineError(.localeWasNil) {
            try await session.paymentProductGroup(withId: "cards", context: noLocale)
        }
        await XCTAssertThrowsWorldlineError(.localeWasNil) {
            try await session.paymentProductNetworks(forProductId: "302", context: noLocale)
        }
        let requests = try await server.requests(for: customer)
        XCTAssertTrue(requests.isEmpty)
        let products = try await session.paymentProducts(for: noLocale)
        XCTAssertEqual(products.paymentProducts.count, 3, "products do not need a locale")
        let lastQuery = try await server.requests(for: customer).last?.queryPairs ?? []
        XCTAssertFalse(lastQuery.contains { $0.hasPrefix("locale=") })
    }

    func testProductDetailIsFetchedOnceAndCachedPerContext() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        let first = try await session.paymentProduct(withId: "1", context: context)
        let second = try await session.paymentProduct(withId: "1", context: context)
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.fields.count, 4)
        var dutch = context
        dutch.locale = "nl_NL"
        _ = try await session.paymentProduct(withId: "1", context: dutch)
        let requests = try await server.requests(for: customer)
        XCTAssertEqual(requests.count, 2, "the same context is served from the cache")
        XCTAssertEqual(requests[0].path, "/client/v1/\(customer)/products/1")
        XCTAssertEqual(
            requests[0].queryPairs,
            ["countryCode=NL", "currencyCode=EUR", "amount=1999", "isRecurring=false", "locale=en_US"])
        let keys = await session.cacheKeys.products
        XCTAssertEqual(keys, ["1-1999-EUR-NL-NO-en_US", "1-1999-EUR-NL-NO-nl_NL"])
    }

    func testCacheKeyMatchesTheSDKWithoutLocale() {
        let context = PaymentContext(
            amountOfMoney: PaymentAmountOfMoney(totalAmount: 3, currencyCode: "EUR"), isRecurring: true,
            countryCode: "NL", locale: nil)
        XCTAssertEqual(Session.cacheKey("1", context), "1-3-EUR-NL-YES")
    }

    func testForceBasicFlowIsSentOnlyWhenSet() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        var basic = context
        basic.forceBasicFlow = true
        _ = try await session.paymentProduct(withId: "809", context: basic)
        let query = try await server.requests(for: customer).first?.queryPairs ?? []
        XCTAssertEqual(
            query,
            [
                "countryCode=NL", "currencyCode=EUR", "amount=1999", "isRecurring=false", "forceBasicFlow=true",
                "locale=en_US",
            ])
    }

    func testProductGroupDetailIsCached() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        let group = try await session.paymentProductGroup(withId: "cards", context: context)
        _ = try await session.paymentProductGroup(withId: "cards", context: context)
        XCTAssertEqual(group.fields.map(\.identifier), ["cardNumber"])
        let requests = try await server.requests(for: customer)
        XCTAssertEqual(requests.map(\.path), ["/client/v1/\(customer)/productgroups/cards"])
        XCTAssertEqual(
            requests[0].queryPairs,
            ["countryCode=NL", "locale=en_US", "currencyCode=EUR", "amount=1999", "isRecurring=false"])
    }

    func testDirectoryIsCachedPerProductCountryAndCurrency() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        let entries = try await session.directory(forProductId: "809", countryCode: "NL", currencyCode: "EUR")
        _ = try await session.directory(forProductId: "809", countryCode: "NL", currencyCode: "EUR")
        _ = try await session.directory(forProductId: "809", countryCode: "BE", currencyCode: "EUR")
        XCTAssertEqual(entries.directoryEntries.map(\.issuerName), ["ABN Amro Bank", "ASN Bank"])
        let requests = try await server.requests(for: customer)
        XCTAssertEqual(requests.count, 2)
        XCTAssertEqual(requests[0].path, "/client/v1/\(customer)/products/809/directory")
        XCTAssertEqual(requests[0].queryPairs, ["countryCode=NL", "currencyCode=EUR"])
        let keys = await session.cacheKeys.directories
        XCTAssertEqual(keys, ["809-BE-EUR", "809-NL-EUR"])
        let byDocumentedName = try await session.directory(
            forPaymentProductId: "809", countryCode: "NL", currencyCode: "EUR")
        XCTAssertEqual(byDocumentedName, entries, "served from the same cache")
        let stillTwo = try await server.requests(for: customer)
        XCTAssertEqual(stillTwo.count, 2)
        await session.clearCaches()
        _ = try await session.directory(forProductId: "809", countryCode: "NL", currencyCode: "EUR")
        let afterClearing = try await server.requests(for: customer)
        XCTAssertEqual(afterClearing.count, 3)
    }

    func testConvertAmountSendsMinorUnits() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        let converted = try await session.convert(amountInCents: 100, source: "EUR", target: "USD")
        XCTAssertEqual(converted.convertedAmount, 138)
        let request = try await server.requests(for: customer).first
        XCTAssertEqual(request?.path, "/client/v1/\(customer)/services/convert/amount")
        XCTAssertEqual(request?.queryPairs, ["source=EUR", "target=USD", "amount=100"])
    }

    func testPublicKeyAndNetworks() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        let key = try await session.publicKey()
        XCTAssertFalse(key.keyId.isEmpty)
        XCTAssertEqual(Data(base64Encoded: key.publicKey)?.count, 294, "an RSA-2048 SubjectPublicKeyInfo")
        let networks = try await session.paymentProductNetworks(forProductId: "302", context: context)
        XCTAssertEqual(networks.networks, ["amex", "discover", "masterCard", "visa"])
        let paths = try await server.requests(for: customer).map(\.path)
        XCTAssertEqual(
            paths, ["/client/v1/\(customer)/crypto/publickey", "/client/v1/\(customer)/products/302/networks"])
    }

    func testUndecodableSuccessBodyIsADecodingErrorNamingTheCall() async throws {
        let session = try SessionFactory.session(customer: SessionFactory.uniqueCustomer(), server: server)
        do {
            _ = try await session.paymentProductNetworks(forProductId: "303", context: context)
            XCTFail("expected a decoding error")
        } catch .decoding(let error, let endpoint) {
            XCTAssertTrue(endpoint.hasSuffix("/products/303/networks"), endpoint)
            XCTAssertEqual(error.reason, .wrongType(expected: "an object"))
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testErrorBodyIsCarriedByEveryCall() async throws {
        let session = try SessionFactory.session(customer: "forbidden", server: server)
        let expected = WorldlineError.api(
            ApiErrorResponse(
                errorId: "99",
                errors: [
                    ApiErrorItem(
                        code: "9007", httpStatusCode: 403, message: "You are not allowed to perform this call.",
                        category: "CONNECT_PLATFORM_ERROR", id: "ACCESS_TO_MERCHANT_NOT_ALLOWED")
                ]), httpStatusCode: 403)
        let context = context
        await XCTAssertThrowsWorldlineError(expected) { try await session.paymentProducts(for: context) }
        await XCTAssertThrowsWorldlineError(expected) { try await session.paymentProductGroups(for: context) }
        await XCTAssertThrowsWorldlineError(expected) {
            try await session.paymentItems(for: context, groupPaymentProducts: true)
        }
        await XCTAssertThrowsWorldlineError(expected) {
            try await session.paymentProduct(withId: "1", context: context)
        }
        await XCTAssertThrowsWorldlineError(expected) {
            try await session.paymentProductGroup(withId: "cards", context: context)
        }
        await XCTAssertThrowsWorldlineError(expected) {
            try await session.paymentProductNetworks(forProductId: "302", context: context)
        }
        await XCTAssertThrowsWorldlineError(expected) {
            try await session.iinDetails(forPartialCreditCardNumber: "41111111", context: context)
        }
        await XCTAssertThrowsWorldlineError(expected) {
            try await session.convert(amountInCents: 100, source: "EUR", target: "USD")
        }
        await XCTAssertThrowsWorldlineError(expected) {
            try await session.directory(forProductId: "809", countryCode: "NL", currencyCode: "EUR")
        }
        await XCTAssertThrowsWorldlineError(expected) { try await session.publicKey() }
        let pending = await session.iinLookupPending
        XCTAssertFalse(pending, "an API error does not leave the IIN lookup pending")
        let cached = await session.cacheKeys
        XCTAssertTrue(
            cached.products.isEmpty && cached.groups.isEmpty && cached.directories.isEmpty, "failures are not cached")
    }

    func testUnknownProductCarriesThePropertyName() async throws {
        let session = try SessionFactory.session(customer: SessionFactory.uniqueCustomer(), server: server)
        do {
            _ = try await session.paymentProduct(withId: "4242", context: context)
            XCTFail("expected an API error")
        } catch .api(let body, let status) {
            XCTAssertEqual(status, 404)
            XCTAssertEqual(body.errors.first?.propertyName, "productId")
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testErrorStatusWithoutAnErrorBodyKeepsTheStatusAndBody() async throws {
        let session = try SessionFactory.session(customer: "broken", server: server)
        await XCTAssertThrowsWorldlineError(.httpStatus(500, body: "<html>Internal Server Error</html>")) {
            try await session.publicKey()
        }
    }

    func testEmptySuccessBodyIsAnEmptyResponseError() async throws {
        let session = try SessionFactory.session(customer: "empty", server: server)
        await XCTAssertThrowsWorldlineError(.emptyResponse) { try await session.publicKey() }
    }

    func testIINNotFoundWithoutJSONBodyIsADecodingError() async throws {
        let session = try SessionFactory.session(customer: SessionFactory.uniqueCustomer(), server: server)
        do {
            _ = try await session.iinDetails(forPartialCreditCardNumber: "88881234", context: context)
            XCTFail("expected a decoding error")
        } catch .decoding(let error, let endpoint) {
            XCTAssertTrue(endpoint.hasPrefix("POST "), endpoint)
            guard case .notJSON = error.reason else { return XCTFail("expected notJSON, got \(error)") }
        } catch {
            XCTFail("unexpected \(error)")
        }
        let pending = await session.iinLookupPending
        XCTAssertFalse(pending)
    }

    func testCancelledCallIsATransportErrorAndLeavesNoPendingLookup() async throws {
        let session = try SessionFactory.session(customer: SessionFactory.uniqueCustomer(), server: server)
        let context = context
        let task = Task { try await session.iinDetails(forPartialCreditCardNumber: "77772222", context: context) }
        while await !session.iinLookupPending { await Task.yield() }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected the cancelled lookup to fail")
        } catch {
            guard case .transport = error as? WorldlineError else { return XCTFail("unexpected \(error)") }
        }
        let pending = await session.iinLookupPending
        XCTAssertFalse(pending)
        try await server.post("__release_iin?bin=77772222")
    }

    func testMalformedProductIsSkippedAloneAndAMalformedDetailNamesTheField() async throws {
        let session = try SessionFactory.session(customer: "malformed", server: server)
        let items = try await session.paymentItems(for: context, groupPaymentProducts: false)
        XCTAssertEqual(items.paymentItems.map(\.identifier), ["3", "1"])
        let products = try await session.paymentProducts(for: context)
        XCTAssertEqual(
            products.skippedProducts.map(\.description), ["paymentProducts[1].paymentMethod: required field is missing"]
        )
        do {
            _ = try await session.paymentProduct(withId: "1", context: context)
            XCTFail("expected a decoding error")
        } catch .decoding(let error, _) {
            XCTAssertEqual(
                error, WorldlineDecodingError(path: "fields[0].displayHints.formElement", reason: .missingField))
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testUnreachableServerIsATransportError() async throws {
        // Port 9 (discard) on localhost has no listener in the test environment.
        let session = try Session(
            clientSessionId: "s", customerId: "c", baseURL: "http://127.0.0.1:9", assetBaseURL: "http://127.0.0.1:9",
            appIdentifier: "t")
        do {
            _ = try await session.publicKey()
            XCTFail("expected a transport error")
        } catch .transport {
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testApplePayIsRemovedUnlessTheAppOffersIt() async throws {
        let customer = "applepay-" + SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        let products = try await session.paymentProducts(for: context)
        XCTAssertEqual(products.paymentProducts.map(\.identifier), ["1", "3", "809"])
        let offering = try SessionFactory.session(customer: customer, server: server, offersApplePay: true)
        let withApplePay = try await offering.paymentProducts(for: context)
        XCTAssertEqual(withApplePay.paymentProducts.map(\.identifier), ["1", "3", "809", "302"])
        XCTAssertEqual(
            withApplePay.paymentProduct(withIdentifier: "302")?.paymentProduct302SpecificData?.networks,
            ["visa", "masterCard"])
        let items = try await offering.paymentItems(for: context, groupPaymentProducts: false)
        XCTAssertEqual(items.paymentItems.first?.identifier, "302", "display order 1")
    }
}

/// Asserts that `body` throws exactly `expected`.
func XCTAssertThrowsWorldlineError<T>(
    _ expected: WorldlineError, file: StaticString = #filePath, line: UInt = #line,
    _ body: () async throws -> T
) async {
    do {
        _ = try await body()
        XCTFail("expected \(expected), got a result", file: file, line: line)
    } catch {
        XCTAssertEqual(error as? WorldlineError, expected, file: file, line: line)
    }
}
