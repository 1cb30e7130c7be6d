import Foundation
public import StateStore

/// What a web checkout page asks the app to pay with Apple Pay: the bridge event
/// `applepaypayment`, whose data is an Apple Pay JS `ApplePayPaymentRequest` without the
/// merchant's identifier (which is the app's, never the page's).
///
/// ```json
/// { "event": "applepaypayment", "data": {
///     "countryCode": "GB", "currencyCode": "GBP",
///     "total": { "label": "Poq Shop", "amount": "45.95" },
///     "lineItems": [ { "label": "Subtotal", "amount": "42.00" }, { "label": "Standard", "amount": "3.95" } ],
///     "merchantCapabilities": ["supports3DS"], "supportedNetworks": ["visa", "masterCard", "amex"],
///     "requiredShippingContactFields": ["postalAddress", "name", "email"],
///     "shippingMethods": [ { "identifier": "standard", "label": "Standard", "amount": "3.95" },
///                          { "identifier": "express", "label": "Express", "amount": "7.95" } ] } }
/// ```
///
/// ``decode(_:)`` reads the page's data as untrusted input: every problem is a ``BridgeRejection``
/// naming the field. The rules:
///
/// - `currencyCode`: an ISO 4217 code (``CurrencyDigits`` knows it); `countryCode`: two letters.
/// - `total`: `{label, amount}`, the amount greater than 0. Amounts are decimal strings or JSON
///   numbers read from their text, with no more decimal places than the currency has.
/// - `lineItems` (optional, at most 50): when present they are the total's breakdown and must add
///   up to it exactly; a line may be negative (a discount).
/// - `merchantCapabilities` (optional): ``WebApplePayMerchantCapability`` names; absent means the
///   host's default. `supportedNetworks` (optional, at most 50): names of 1 to 32 ASCII letters
///   and digits, as Apple Pay JS spells them (`visa`, `masterCard`), which the host maps to
///   `PKPaymentNetwork`.
/// - `requiredShippingContactFields` / `requiredBillingContactFields` (optional):
///   ``WebApplePayContactField`` names (billing: `postalAddress` and `name` only).
/// - `shippingMethods` (optional, at most 50): only when `postalAddress` is a required shipping
///   field; identifiers unique, amounts 0 or more; the first is the one selected.
/// - Labels and identifiers: 1 to 128 characters, not blank, no control characters. Other members
///   (`merchantIdentifier`, `applicationData`, …) are ignored.
public struct WebApplePayRequest: Sendable, Hashable, Codable {
    /// The merchant's country (ISO 3166-1 alpha-2, upper case).
    public var countryCode: String
    /// The currency of every amount (ISO 4217, upper case).
    public var currencyCode: String
    /// The total: its label (the merchant's name) and the amount the shopper authorises.
    public var total: WebApplePayLine
    /// The total's breakdown (empty: none).
    public var lineItems: [WebApplePayLine]
    /// What the card must support (empty: the host's default, 3-D Secure).
    public var merchantCapabilities: [WebApplePayMerchantCapability]
    /// The card networks the page takes, as Apple Pay JS names them (empty: the host's default).
    public var supportedNetworks: [String]
    /// The shipping contact the page needs.
    public var requiredShippingContactFields: [WebApplePayContactField]
    /// The billing contact the page needs (`postalAddress`, `name`).
    public var requiredBillingContactFields: [WebApplePayContactField]
    /// The shipping methods offered, the selected one first.
    public var shippingMethods: [WebApplePayShippingMethod]

    /// The bridge event name.
    public static let eventName = "applepaypayment"

    /// Creates a request.
    public init(
        countryCode: String, currencyCode: String, total: WebApplePayLine, lineItems: [WebApplePayLine] = [],
        merchantCapabilities: [WebApplePayMerchantCapability] = [], supportedNetworks: [String] = [],
        requiredShippingContactFields: [WebApplePayContactField] = [],
        requiredBillingContactFields: [WebApplePayContactField] = [],
        shippingMethods: [WebApplePayShippingMethod] = []
    ) {
        self.countryCode = countryCode
        self.currencyCode = currencyCode
        self.total = total
        self.lineItems = lineItems
        self.merchantCapabilities = merchantCapabilities
        self.supportedNetworks = supportedNetworks
        self.requiredShippingContactFields = requiredShippingContactFields
        self.requiredBillingContactFields = requiredBillingContactFields
        self.shippingMethods = shippingMethods
    }

    /// Whether the sheet asks for a delivery address (and so offers shipping methods).
    public var requiresShipping: Bool { requiredShippingContactFields.contains(.postalAddress) }

    /// The sheet's summary: the lines, then the total (``WalletSummaryItem/Kind/item`` lines and a
    /// ``WalletSummaryItem/Kind/total`` line), in ``currencyCode``.
    public var summaryItems: [WalletSummaryItem] {
        lineItems.map { $0.summaryItem(kind: .item, currencyCode: currencyCode) }
            + [total.summaryItem(kind: .total, currencyCode: currencyCode)]
    }

    /// The sheet's shipping methods, in ``currencyCode``.
    public var sheetShippingMethods: [ShippingMethod] {
        shippingMethods.map { $0.shippingMethod(currencyCode: currencyCode) }
    }

    /// Reads the data of an `applepaypayment` message, or says what is wrong with it.
    ///
    /// ```swift
    /// WebApplePayRequest.decode(try JSONParser.parse(#"{"countryCode":"GB","currencyCode":"GBP","total":{"label":"Shop","amount":"-1"}}"#))
    /// // .failure(.invalidField(event: "applepaypayment", field: "data.total.amount",
    /// //                        reason: "-1 is negative; a price, cost or total is 0 or more"))
    /// ```
    public static func decode(_ data: JSONValue?) -> Result<WebApplePayRequest, BridgeRejection> {
        do throws(BridgeRejection) {
            return .success(try read(data))
        } catch {
            return .failure(error)
        }
    }

    private static func read(_ value: JSONValue?) throws(BridgeRejection) -> WebApplePayRequest {
        let reader = PagePayloadReader(event: eventName)
        let data = try reader.object(value, at: "data")
        let currency = try reader.text(data["currencyCode"], at: "data.currencyCode").uppercased()
        guard currency.count == 3, CurrencyDigits.digits(for: currency) != nil else {
            throw reader.invalid(
                "data.currencyCode", "\(PagePayloadReader.quoted(currency)) is not an ISO 4217 currency")
        }
        let country = try reader.text(data["countryCode"], at: "data.countryCode").uppercased()
        guard country.unicodeScalars.count == 2, country.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
            throw reader.invalid("data.countryCode", "\(PagePayloadReader.quoted(country)) is not two letters")
        }
        let total = try reader.line(data["total"], at: "data.total")
        try checkTotal(total.amount, reader: reader, currencyCode: currency, at: "data.total.amount")
        let lines = try reader.lines(data["lineItems"], at: "data.lineItems")
        for (index, line) in lines.enumerated() {
            try reader.check(line.amount, currencyCode: currency, at: "data.lineItems[\(index)].amount")
        }
        try reader.checkSum(of: lines, total: total.amount, at: "data.lineItems")
        var capabilities: [WebApplePayMerchantCapability] = []
        for (index, item) in try reader.array(data["merchantCapabilities"], at: "data.merchantCapabilities")
            .enumerated()
        {
            let capability: WebApplePayMerchantCapability = try reader.choice(
                item, at: "data.merchantCapabilities[\(index)]")
            if !capabilities.contains(capability) { capabilities.append(capability) }
        }
        var networks: [String] = []
        for (index, item) in try reader.array(data["supportedNetworks"], at: "data.supportedNetworks").enumerated() {
            let place = "data.supportedNetworks[\(index)]"
            let network = try reader.text(item, at: place, limit: 32)
            guard
                network.unicodeScalars.allSatisfy({
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
                })
            else { throw reader.invalid(place, "\(PagePayloadReader.quoted(network)) is not a network name") }
            if !networks.contains(network) { networks.append(network) }
        }
        let shippingFields: [WebApplePayContactField] = try contactFields(
            data["requiredShippingContactFields"], at: "data.requiredShippingContactFields", reader: reader,
            allowed: WebApplePayContactField.allCases)
        let billingFields = try contactFields(
            data["requiredBillingContactFields"], at: "data.requiredBillingContactFields", reader: reader,
            allowed: [.postalAddress, .name])
        let methods = try reader.shippingMethods(data["shippingMethods"], at: "data.shippingMethods")
        for (index, method) in methods.enumerated() {
            try reader.check(method.amount, currencyCode: currency, at: "data.shippingMethods[\(index)].amount")
        }
        if !methods.isEmpty, !shippingFields.contains(.postalAddress) {
            throw reader.invalid(
                "data.shippingMethods", "offered, but postalAddress is not a required shipping contact field")
        }
        return WebApplePayRequest(
            countryCode: country, currencyCode: currency, total: total, lineItems: lines,
            merchantCapabilities: capabilities, supportedNetworks: networks,
            requiredShippingContactFields: shippingFields, requiredBillingContactFields: billingFields,
            shippingMethods: methods)
    }

    /// Checks a total: greater than 0, and payable in `currencyCode`.
    static func checkTotal(
        _ amount: Decimal, reader: PagePayloadReader, currencyCode: String, at path: String
    ) throws(BridgeRejection) {
        if let problem = DecimalParsing.negativeProblem(amount) { throw reader.invalid(path, problem) }
        guard amount > 0 else { throw reader.invalid(path, "0 is not an amount to pay") }
        try reader.check(amount, currencyCode: currencyCode, at: path)
    }

    private static func contactFields(
        _ value: JSONValue?, at path: String, reader: PagePayloadReader, allowed: [WebApplePayContactField]
    ) throws(BridgeRejection) -> [WebApplePayContactField] {
        var fields: [WebApplePayContactField] = []
        for (index, item) in try reader.array(value, at: path, limit: 8).enumerated() {
            let field: WebApplePayContactField = try reader.choice(item, at: "\(path)[\(index)]", among: allowed)
            if !fields.contains(field) { fields.append(field) }
        }
        return fields
    }
}
