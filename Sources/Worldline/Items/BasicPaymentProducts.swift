/// The payment products the API offers for a context (`GET /{customerId}/products`).
///
/// A product that does not decode is skipped alone (the SDK drops the whole list); the reason is
/// kept in ``skippedProducts``.
public struct BasicPaymentProducts: Hashable, Sendable, Decodable {
    /// The products, in the API's order (see ``sorted()``).
    public var paymentProducts: [BasicPaymentProduct]
    /// Products that were malformed and skipped, each naming the field at fault.
    public var skippedProducts: [WorldlineDecodingError]

    /// Creates a list.
    public init(paymentProducts: [BasicPaymentProduct], skippedProducts: [WorldlineDecodingError] = []) {
        self.paymentProducts = paymentProducts
        self.skippedProducts = skippedProducts
    }

    private enum CodingKeys: String, CodingKey { case paymentProducts }

    /// Decodes `{"paymentProducts": [...]}`; the member is optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let lossy = try container.decodeLossyArray(BasicPaymentProduct.self, forKey: .paymentProducts)
        paymentProducts = lossy.elements
        skippedProducts = lossy.skipped
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
