/// What the Checkout API answered. Every result carries the request id it answers; results of
/// requests the state no longer waits for are ignored.
public enum CheckoutResultAction: Sendable, Hashable, Codable {
    /// The checkout loaded.
    indirect case checkoutLoaded(CheckoutDetails, requestID: Int)
    /// Loading the checkout failed.
    case checkoutLoadFailed(CheckoutAPIError, requestID: Int)
    /// The web checkout began.
    case webSessionLoaded(WebCheckoutSession, requestID: Int)
    /// Beginning the web checkout failed.
    case webSessionFailed(CheckoutAPIError, requestID: Int)
    /// The backend accepted an edit.
    indirect case updateAccepted(CheckoutDetails, requestID: Int)
    /// The backend refused an edit, or the call failed.
    case updateFailed(CheckoutAPIError, requestID: Int)
    /// The expired checkout was rebuilt.
    indirect case checkoutRestored(CheckoutDetails, requestID: Int)
    /// Rebuilding the expired checkout failed.
    case restoreFailed(CheckoutAPIError, requestID: Int)
    /// The checkout was fetched again after a conflict.
    indirect case checkoutRefreshed(CheckoutDetails, requestID: Int)
    /// Fetching the checkout again failed.
    case refreshFailed(CheckoutAPIError, requestID: Int)
    /// The completed web checkout was recorded.
    case completionRecorded(requestID: Int)
    /// Recording the completed web checkout failed.
    case completionRecordFailed(CheckoutAPIError, requestID: Int)
    /// The backend placed the order (or, for a key it had seen, returned the order it placed).
    case orderPlaced(PlacedOrder, requestID: Int)
    /// Placing the order failed.
    case orderPlacementFailed(CheckoutAPIError, requestID: Int)
    /// The backend updated a pending order's status.
    case orderStatusUpdated(PlacedOrder, requestID: Int)
    /// Updating a pending order's status failed.
    case orderStatusUpdateFailed(CheckoutAPIError, requestID: Int)
}
