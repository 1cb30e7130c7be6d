/// The JSON body ``URLSessionCheckoutAPI`` posts to the cart-transfer begin endpoint: the cart's
/// id and currency, and one item per line.
///
/// ```json
/// {"cartId": "cart-1", "currencyCode": "GBP",
///  "items": [{"sku": "tee-navy-m", "quantity": 2, "lineId": "line-1", "productId": "tee-navy-m",
///             "title": "Navy T-shirt (M)", "unitPrice": "12"}]}
/// ```
///
/// `sku` is the line's ``CartLine/productID`` (a line is one product variant, so its product id
/// is what a merchant calls the SKU); `productId` repeats it under the line's own name. Unit
/// prices are decimal strings, as every amount the client sends.
struct CartTransferRequest: Encodable, Equatable {
    /// One cart line.
    struct Item: Encodable, Equatable {
        let sku: String
        let quantity: Int
        let lineId: String
        let productId: String
        let title: String
        let unitPrice: String
    }

    let cartId: String
    let currencyCode: String
    let items: [Item]

    init(cart: Cart) {
        cartId = cart.id
        currencyCode = cart.currencyCode
        items = cart.lines.map { line in
            Item(
                sku: line.productID, quantity: line.quantity, lineId: line.id, productId: line.productID,
                title: line.title, unitPrice: line.unitPrice.description)
        }
    }
}
