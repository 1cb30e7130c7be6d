import XCTest

@testable import Worldline

final class PaymentItemsTests: XCTestCase {
    func testSampleProductsDecodeWithStringIdentifiersAndDefaults() throws {
        let products = try Fixtures.products()
        XCTAssertEqual(products.paymentProducts.map(\.identifier), ["1", "3", "809"])
        XCTAssertTrue(products.skippedProducts.isEmpty)
        let visa = try XCTUnwrap(products.paymentProduct(withIdentifier: "1"))
        XCTAssertEqual(visa.paymentMethod, "card")
        XCTAssertEqual(visa.paymentProductGroup, "cards")
        XCTAssertEqual(visa.maxAmount, 1_000_000)
        XCTAssertNil(visa.minAmount)
        XCTAssertTrue(visa.allowsTokenization)
        XCTAssertFalse(visa.supportsMandates)
        XCTAssertEqual(visa.displayHints.displayOrder, 20)
        XCTAssertEqual(
            products.logoPath(forPaymentProduct: "809"), "/templates/master/global/css/img/ppimages/pp_logo_809_v1.png")
        let mastercard = try XCTUnwrap(products.paymentProduct(withIdentifier: "3"))
        XCTAssertFalse(mastercard.autoTokenized, "absent flags default to false")
    }

    func testGroupedItemsFoldProductsIntoTheirGroupOnce() throws {
        let items = PaymentItems(products: try Fixtures.products(), groups: try Fixtures.groups())
        XCTAssertEqual(items.paymentItems.map(\.identifier), ["cards", "809"])
        XCTAssertEqual(items.allPaymentItems.map(\.identifier), ["1", "3", "809", "cards"])
    }

    func testSortedItemsFollowDisplayOrder() throws {
        let items = PaymentItems(products: try Fixtures.products(), groups: try Fixtures.groups()).sorted()
        XCTAssertEqual(items.paymentItems.map(\.identifier), ["809", "cards"])
    }

    func testUngroupedItemsShowEveryProduct() throws {
        let items = PaymentItems(products: try Fixtures.products(), groups: nil)
        XCTAssertEqual(items.paymentItems.map(\.identifier), ["1", "3", "809"])
        XCTAssertEqual(items.sorted().paymentItems.map(\.identifier), ["809", "3", "1"])
    }

    func testFoldedGroupCarriesTheAccountsOnFileOfItsProducts() throws {
        let items = PaymentItems(products: try Fixtures.products(), groups: try Fixtures.groups())
        let cards = try XCTUnwrap(items.paymentItem(withIdentifier: "cards"))
        XCTAssertEqual(cards.accountsOnFile.map(\.identifier), ["1234"])
        XCTAssertTrue(items.hasAccountsOnFile)
        XCTAssertEqual(items.accountsOnFile.map(\.identifier), ["1234"])
        XCTAssertEqual(cards.accountOnFile(withIdentifier: "1234")?.paymentProductId, "1")
    }

    func testProductsOfASecondGroupAreFoldedIntoThatGroupNotDropped() throws {
        // The SDK only looks at the first group, so products of "wallets" would vanish (quirk 1).
        let products = try Fixtures.decode(
            BasicPaymentProducts.self,
            json: """
                {"paymentProducts": [
                  {"id": 1, "paymentMethod": "card", "paymentProductGroup": "cards", "displayHints": {"logo": "a", "displayOrder": 2}},
                  {"id": 840, "paymentMethod": "redirect", "paymentProductGroup": "wallets", "displayHints": {"logo": "b"}},
                  {"id": 3, "paymentMethod": "card", "paymentProductGroup": "cards", "displayHints": {"logo": "c"}},
                  {"id": 7, "paymentMethod": "card", "paymentProductGroup": "unreturned", "displayHints": {"logo": "d"}}
                ]}
                """)
        let groups = try Fixtures.decode(
            BasicPaymentProductGroups.self,
            json: """
                {"paymentProductGroups": [
                  {"id": "cards", "displayHints": {"logo": "g1", "displayOrder": 1}},
                  {"id": "wallets", "displayHints": {"logo": "g2", "displayOrder": 3}}
                ]}
                """)
        let items = PaymentItems(products: products, groups: groups)
        XCTAssertEqual(items.paymentItems.map(\.identifier), ["cards", "wallets", "7"])
        XCTAssertEqual(items.sorted().paymentItems.map(\.identifier), ["cards", "wallets", "7"])
    }

    func testItemsWithoutDisplayOrderGoLastInTheirOriginalOrder() throws {
        let products = try Fixtures.decode(
            BasicPaymentProducts.self,
            json: """
                {"paymentProducts": [
                  {"id": 1, "paymentMethod": "card", "displayHints": {"logo": "a"}},
                  {"id": 2, "paymentMethod": "card", "displayHints": {"logo": "b", "displayOrder": 9}},
                  {"id": 3, "paymentMethod": "card", "displayHints": {"logo": "c"}},
                  {"id": 4, "paymentMethod": "card", "displayHints": {"logo": "d", "displayOrder": 1}}
                ]}
                """)
        XCTAssertEqual(products.sorted().paymentProducts.map(\.identifier), ["4", "2", "1", "3"])
    }
}
