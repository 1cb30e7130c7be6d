import XCTest

@testable import Worldline

final class AccountOnFileTests: XCTestCase {
    private func account(_ template: [LabelTemplateItem], _ attributes: [(String, String?)]) -> AccountOnFile {
        AccountOnFile(
            identifier: "1", paymentProductId: "1", displayHints: AccountOnFileDisplayHints(labelTemplate: template),
            attributes: attributes.map { AccountOnFileAttribute(key: $0.0, value: $0.1, status: .readOnly) })
    }

    func testSampleAccountLabelUsesRelaxedMasks() throws {
        let account = try XCTUnwrap(
            Fixtures.products().paymentProduct(withIdentifier: "1")?.accountOnFile(withIdentifier: "1234"))
        XCTAssertEqual(account.label, "**** **** **** 1111 12/30")
        XCTAssertEqual(account.displayHints.logoPath, "/templates/master/global/css/img/ppimages/pp_logo_1_v1.png")
    }

    func testAttributeStatusesDecode() throws {
        let account = try XCTUnwrap(
            Fixtures.products().paymentProduct(withIdentifier: "1")?.accountOnFile(withIdentifier: "1234"))
        XCTAssertEqual(account.attribute(forField: "cardNumber")?.status, .readOnly)
        XCTAssertEqual(account.attribute(forField: "cardholderName")?.status, .canWrite)
        XCTAssertEqual(account.attribute(forField: "expiryDate")?.status, .mustWrite)
        XCTAssertEqual(account.attribute(forField: "expiryDate")?.mustWriteReason, "IN_THE_PAST")
        XCTAssertTrue(account.isReadOnly(field: "cardNumber"))
        XCTAssertFalse(account.isReadOnly(field: "cardholderName"))
        XCTAssertFalse(account.attribute(forField: "cardNumber")?.isEditingAllowed ?? true)
        XCTAssertTrue(account.attribute(forField: "expiryDate")?.isEditingAllowed ?? false)
    }

    func testLabelWithAnUnmaskedItemJoinsWithSingleSpaces() {
        let label = account(
            [
                LabelTemplateItem(attributeKey: "cardNumber", mask: "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"),
                LabelTemplateItem(attributeKey: "cardholderName"),
            ],
            [("cardNumber", "************7988"), ("cardholderName", "Rob")]
        ).label
        XCTAssertEqual(label, "**** **** **** 7988 Rob")
    }

    func testLabelSkipsItemsWithoutValue() {
        let label = account(
            [
                LabelTemplateItem(attributeKey: "cardNumber", mask: "{{9999}} {{9999}} {{9999}} {{9999}}"),
                LabelTemplateItem(attributeKey: "expiryDate", mask: "{{99}}/{{99}}"),
                LabelTemplateItem(attributeKey: "alias"),
            ],
            [("cardNumber", "5399********1234"), ("expiryDate", "1230"), ("alias", nil)]
        ).label
        XCTAssertEqual(label, "5399 **** **** 1234 12/30")
    }

    func testMaskWithoutBracesAndNoValueYieldsTheLiteral() {
        let account = account([LabelTemplateItem(attributeKey: "x", mask: "123451")], [])
        XCTAssertEqual(account.label, "123451")
    }

    func testValueLookupTakesFirstAttributeWithAValue() {
        let account = account([], [("alias", nil), ("alias", "Work card")])
        XCTAssertEqual(account.value(forField: "alias"), "Work card")
        XCTAssertEqual(account.value(forField: "missing"), "")
        XCTAssertTrue(account.hasValue(forField: "alias"))
        XCTAssertFalse(account.hasValue(forField: "missing"))
        XCTAssertEqual(account.maskedValue(forField: "alias"), "Work card")
    }
}
