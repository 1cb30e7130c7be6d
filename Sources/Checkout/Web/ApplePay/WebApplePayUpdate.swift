public import StateStore

/// A web page's answer to a shipping change in the Apple Pay sheet: the bridge event
/// `applepayupdate`, in the shape of Apple Pay JS's `ApplePayShippingContactUpdate` /
/// `ApplePayShippingMethodUpdate`, with the `requestId` of the change it answers, echoed as the
/// engine sent it with `applepayshippingcontactchanged` or `applepayshippingmethodchanged` (a
/// string of digits; a JSON number is read too).
///
/// ```json
/// { "event": "applepayupdate", "data": {
///     "requestId": "7",
///     "newTotal": { "label": "Poq Shop", "amount": "49.95" },
///     "newLineItems": [ { "label": "Subtotal", "amount": "42.00" }, { "label": "Express", "amount": "7.95" } ],
///     "newShippingMethods": [ { "identifier": "express", "label": "Express", "amount": "7.95" } ],
///     "errors": [ { "code": "shippingContactInvalid", "contactField": "postalCode", "message": "No delivery there" } ] } }
/// ```
///
/// The page owns the totals, so the engine shows what the page answers, after checking it as it
/// checks the request (``WebApplePayRequest``): `newTotal` is required and greater than 0;
/// `newLineItems`, when present, add up to it; amounts have no more decimal places than the
/// request's currency. `newShippingMethods` replaces the methods after a contact change (absent:
/// unchanged), the first being the one selected; after a method change it is ignored. `errors`
/// (at most 50) are Apple Pay JS `ApplePayError`s: `code` is `shippingContactInvalid`,
/// `billingContactInvalid`, `addressUnserviceable` or `unknown`, `contactField` an
/// `ApplePayErrorContactField` name, `message` at most 256 characters.
public struct WebApplePayUpdate: Sendable, Hashable, Codable {
    /// The id of the shipping change this answers.
    public var requestID: Int
    /// The new total.
    public var total: WebApplePayLine
    /// The new breakdown of the total (empty: none).
    public var lineItems: [WebApplePayLine]
    /// The new shipping methods (`nil`: unchanged).
    public var shippingMethods: [WebApplePayShippingMethod]?
    /// What the page says is wrong with the contact.
    public var errors: [WalletSheetError]

    /// The bridge event name.
    public static let eventName = "applepayupdate"

    /// Creates an update.
    public init(
        requestID: Int, total: WebApplePayLine, lineItems: [WebApplePayLine] = [],
        shippingMethods: [WebApplePayShippingMethod]? = nil, errors: [WalletSheetError] = []
    ) {
        self.requestID = requestID
        self.total = total
        self.lineItems = lineItems
        self.shippingMethods = shippingMethods
        self.errors = errors
    }

    /// The summary the sheet shows after the update, in `currencyCode`.
    public func summaryItems(currencyCode: String) -> [WalletSummaryItem] {
        lineItems.map { $0.summaryItem(kind: .item, currencyCode: currencyCode) }
            + [total.summaryItem(kind: .total, currencyCode: currencyCode)]
    }

    /// What is wrong with the update's amounts in `currencyCode` (the sheet's), or `nil`: a total
    /// of 0, or an amount with more decimal places than the currency has.
    public func problem(currencyCode: String) -> BridgeRejection? {
        let reader = PagePayloadReader(event: Self.eventName)
        do throws(BridgeRejection) {
            try WebApplePayRequest.checkTotal(
                total.amount, reader: reader, currencyCode: currencyCode, at: "data.newTotal.amount")
            for (index, line) in lineItems.enumerated() {
                try reader.check(line.amount, currencyCode: currencyCode, at: "data.newLineItems[\(index)].amount")
            }
            for (index, method) in (shippingMethods ?? []).enumerated() {
                try reader.check(
                    method.amount, currencyCode: currencyCode, at: "data.newShippingMethods[\(index)].amount")
            }
            return nil
        } catch {
            return error
        }
    }

    /// Reads the data of an `applepayupdate` message, or says what is wrong with it.
    public static func decode(_ data: JSONValue?) -> Result<WebApplePayUpdate, BridgeRejection> {
        let reader = PagePayloadReader(event: eventName)
        do throws(BridgeRejection) {
            let data = try reader.object(data, at: "data")
            let requestID = try reader.identifier(data["requestId"], at: "data.requestId")
            let total = try reader.line(data["newTotal"], at: "data.newTotal")
            if let problem = DecimalParsing.negativeProblem(total.amount) {
                throw reader.invalid("data.newTotal.amount", problem)
            }
            let lines = try reader.lines(data["newLineItems"], at: "data.newLineItems")
            try reader.checkSum(of: lines, total: total.amount, at: "data.newLineItems")
            let methods =
                reader.present(data["newShippingMethods"]) == nil
                ? nil : try reader.shippingMethods(data["newShippingMethods"], at: "data.newShippingMethods")
            var errors: [WalletSheetError] = []
            for (index, item) in try reader.array(data["errors"], at: "data.errors").enumerated() {
                errors.append(try sheetError(item, at: "data.errors[\(index)]", reader: reader))
            }
            return .success(
                WebApplePayUpdate(
                    requestID: requestID, total: total, lineItems: lines, shippingMethods: methods, errors: errors))
        } catch {
            return .failure(error)
        }
    }

    /// The `requestId` of an `applepayupdate` message's data, when it has a usable one, however
    /// wrong the rest is: so a malformed answer still ends the change it answers.
    public static func requestID(in data: JSONValue?) -> Int? {
        data?["requestId"].flatMap(PagePayloadReader.identifier)
    }

    /// The Apple Pay JS error codes.
    enum ErrorCode: String, CaseIterable {
        case shippingContactInvalid, billingContactInvalid, addressUnserviceable, unknown
    }

    /// Apple Pay JS's `ApplePayErrorContactField` names.
    enum ContactField: String, CaseIterable {
        case phoneNumber, emailAddress, name, phoneticName, postalAddress, addressLines, locality, subLocality
        case postalCode, administrativeArea, subAdministrativeArea, country, countryCode

        /// The wallet sheet's field, `nil` for the whole postal address.
        var walletField: WalletContactField? {
            switch self {
            case .phoneNumber: return .phoneNumber
            case .emailAddress: return .emailAddress
            case .name, .phoneticName: return .name
            case .postalAddress: return nil
            case .addressLines: return .street
            case .locality, .subLocality: return .city
            case .postalCode: return .postcode
            case .administrativeArea, .subAdministrativeArea: return .region
            case .country, .countryCode: return .countryCode
            }
        }
    }

    /// An `ApplePayError` as the wallet sheet's error.
    private static func sheetError(
        _ value: JSONValue, at path: String, reader: PagePayloadReader
    ) throws(BridgeRejection) -> WalletSheetError {
        let error = try reader.object(value, at: path)
        let code: ErrorCode = try reader.choice(error["code"], at: "\(path).code")
        let field: ContactField? =
            reader.present(error["contactField"]) == nil
            ? nil : try reader.choice(error["contactField"], at: "\(path).contactField")
        let message =
            try reader.optionalText(
                error["message"], at: "\(path).message", limit: PagePayloadReader.maximumMessageLength)
            ?? "The shop cannot use this contact."
        switch code {
        case .shippingContactInvalid:
            if let contact = field?.walletField, !contact.isPostalAddress {
                return .contactInvalid(field: contact, message: message)
            }
            return .shippingAddressInvalid(field: field?.walletField, message: message)
        case .billingContactInvalid:
            return .billingAddressInvalid(field: field?.walletField, message: message)
        case .addressUnserviceable:
            return .shippingAddressUnserviceable(message: message)
        case .unknown:
            return .pageError(message: message)
        }
    }
}
