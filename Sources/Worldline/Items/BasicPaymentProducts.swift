/// The payment products the API offers for a context (`GET /{customerId}/products`).
///
/// A product that does not decode is skipped alone (the SDK drops the whole list); the reason is
/// kept in ``skippedProducts``.
public struct BasicPaymentProducts: Hashable, Sendable, Codable {
    /// The products, in the API's order (see ``sorted()``).
    public var paymentProducts: [BasicPaymentProduct]
    /// Products that were malformed and skipped, each naming the field at fault.
    public var skippedProducts: [WorldlineDecodingError]

    /// Creates a list.
    public init(paymentProducts: [BasicPaymentProduct], skippedProducts: [WorldlineDecodingError] = []) {
        self.paymentProducts = paymentProducts
        self.skippedProducts = skippedProducts
    }

    private enum CodingKeys: String, CodingKey { case paymentProducts, skippedProducts }

    /// Decodes `{"paymentProducts": [...]}`; the member is optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let lossy = try container.decodeLossyArray(BasicPaymentProduct.self, forKey: .paymentProducts)
        paymentProducts = lossy.elements
        skippedProducts =
            lossy.skipped
            + (try container.decodeIfPresent([WorldlineDecodingError].self, forKey: .skippedProducts) ?? [])
    }

    /// Encodes `{"paymentProducts": [...]}`, plus `skippedProducts` when there are any (ours).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(paymentProducts, forKey: .paymentProducts)
        if !skippedProducts.isEmpty { try container.encode(skippedProducts, forKey: .skippedProducts) }
    }

    /// The products by ascending display order.
    public func sorted() -> BasicPaymentProducts {
        BasicPaymentProducts(
            paymentProducts: sortedByDisplayOrder(paymentProducts) { $0.displayHints.displayOrder },
            skippedProducts: skippedProducts)
    }

    /// The first product with `identifier`, if any.
    public func paymentProduct(withIdentifier identifier: String) -> BasicPaymentProduct? {
        paymentProducts.first { $0.identifier == identifier }
    }

    /// Every account on file of every product.
    public var accountsOnFile: [AccountOnFile] { paymentProducts.flatMap(\.accountsOnFile) }

    /// Whether any product has an account on file.
    public var hasAccountsOnFile: Bool { paymentProducts.contains { $0.hasAccountsOnFile } }

    /// The logo path of the product with `identifier`, if any.
    public func logoPath(forPaymentProduct identifier: String) -> String? {
        paymentProduct(withIdentifier: identifier)?.displayHints.logoPath
    }
}
