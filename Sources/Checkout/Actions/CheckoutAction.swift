/// Everything that can happen to a checkout: one `Codable`, comparable enum tree, so a log of
/// actions decodes without a registry and replays to the same state.
///
/// - ``common(_:)``: any checkout (start, dismiss, load progress, errors).
/// - ``bridge(_:)``: messages from a bridge-type web checkout page.
/// - ``parse(_:)``: navigations of a parse-type web checkout.
/// - ``native(_:)``: the user's edits in the native sections.
/// - ``payment(_:)``: every transition of the payment state machine, including provider results.
/// - ``result(_:)``: what the Checkout API answered (effects send these; a replay reads them from
///   the log).
public enum CheckoutAction: Sendable, Hashable, Codable {
    /// An action of any checkout.
    case common(CommonAction)
    /// A bridge-type web checkout action.
    case bridge(BridgeAction)
    /// A parse-type web checkout action.
    case parse(ParseAction)
    /// A native checkout action.
    case native(NativeAction)
    /// A payment action.
    case payment(PaymentAction)
    /// A Checkout API result.
    case result(CheckoutResultAction)
}

/// Actions of any checkout.
public enum CommonAction: Sendable, Hashable, Codable {
    /// The checkout screen appeared: load the checkout.
    case started
    /// The web page's load progress changed (`0...1`).
    case loadProgressChanged(Double)
    /// The user tapped the dismiss button.
    case dismissTapped
    /// The user confirmed leaving the checkout.
    case dismissConfirmed
    /// The user chose to stay in the checkout.
    case dismissCancelled
    /// The user dismissed an error.
    case errorDismissed(id: Int)
    /// The user tapped retry on an error.
    case retryTapped(errorID: Int)
    /// Dynamic content for a slot was loaded (or cleared with `nil`).
    case dynamicContentLoaded(slotID: String, content: String?)
}

/// Actions of a bridge-type web checkout.
public enum BridgeAction: Sendable, Hashable, Codable {
    /// The page posted a bridge message (the raw JSON string, as the web view delivered it).
    case messageReceived(String)
}

/// Actions of a parse-type web checkout.
public enum ParseAction: Sendable, Hashable, Codable {
    /// A page finished loading.
    case pageLoaded(ParsedPage)
}

/// A page a parse-type web checkout loaded, with anything the host extracted from it.
public struct ParsedPage: Sendable, Hashable, Codable {
    /// The page's URL.
    public var url: String
    /// The page's title.
    public var title: String?
    /// The order number the host's configured script read from the page, if any.
    public var extractedOrderNumber: String?
    /// The order summary the host's configured script read from the page, if any.
    public var extractedOrder: WebOrder?

    /// Creates a page.
    public init(url: String, title: String? = nil, extractedOrderNumber: String? = nil, extractedOrder: WebOrder? = nil)
    {
        self.url = url
        self.title = title
        self.extractedOrderNumber = extractedOrderNumber
        self.extractedOrder = extractedOrder
    }
}

/// The user's actions in the native sections.
public enum NativeAction: Sendable, Hashable, Codable {
    /// A guest entered their email address.
    case emailSubmitted(String)
    /// The user tapped the shipping contact section.
    case editShippingContactTapped
    /// The user tapped the billing contact section.
    case editBillingContactTapped
    /// The user picked an entry in the address book (selection mode).
    case addressBookEntrySelected(id: String)
    /// The user chose to enter a new address instead of picking one.
    case addNewAddressTapped
    /// The user submitted the address form.
    case addressFormSubmitted(Address)
    /// The user closed the address screen without choosing.
    case addressEditorClosed
    /// The user chose "same as shipping" for billing.
    case useShippingAsBillingTapped
    /// The user selected a shipping method.
    case shippingMethodSelected(id: String)
}

/// What the Checkout API answered. Every result carries the request id it answers; results of
/// requests the state no longer waits for are ignored.
public enum CheckoutResultAction: Sendable, Hashable, Codable {
    /// The checkout loaded.
    case checkoutLoaded(CheckoutDetails, requestID: Int)
    /// Loading the checkout failed.
    case checkoutLoadFailed(CheckoutAPIError, requestID: Int)
    /// The web checkout began.
    case webSessionLoaded(WebCheckoutSession, requestID: Int)
    /// Beginning the web checkout failed.
    case webSessionFailed(CheckoutAPIError, requestID: Int)
    /// The backend accepted an edit.
    case updateAccepted(CheckoutDetails, requestID: Int)
    /// The backend refused an edit, or the call failed.
    case updateFailed(CheckoutAPIError, requestID: Int)
    /// The expired checkout was rebuilt.
    case checkoutRestored(CheckoutDetails, requestID: Int)
    /// Rebuilding the expired checkout failed.
    case restoreFailed(CheckoutAPIError, requestID: Int)
    /// The checkout was fetched again after a conflict.
    case checkoutRefreshed(CheckoutDetails, requestID: Int)
    /// Fetching the checkout again failed.
    case refreshFailed(CheckoutAPIError, requestID: Int)
    /// The completed web checkout was recorded.
    case completionRecorded(requestID: Int)
    /// Recording the completed web checkout failed.
    case completionRecordFailed(CheckoutAPIError, requestID: Int)
}
