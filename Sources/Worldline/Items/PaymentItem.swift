/// An entry of the payment selection list: a product on its own, or a group of products.
public enum PaymentItem: BasicPaymentItem, Hashable {
    /// A product shown by itself.
    case product(BasicPaymentProduct)
    /// A group standing for all its products (e.g. `cards`).
    case group(BasicPaymentProductGroup)

    /// The product or group id.
    public var identifier: String {
        switch self {
        case .product(let product): return product.identifier
        case .group(let group): return group.identifier
        }
    }

    /// The product's or group's display hints.
    public var displayHints: PaymentItemDisplayHints {
        switch self {
        case .product(let product): return product.displayHints
        case .group(let group): return group.displayHints
        }
    }

    /// The item's accounts on file (for a folded group: its own and its products').
    public var accountsOnFile: [AccountOnFile] {
        switch self {
        case .product(let product): return product.accountsOnFile
        case .group(let group): return group.accountsOnFile
        }
    }

    /// The product, when the item is one.
    public var product: BasicPaymentProduct? {
        if case .product(let product) = self { return product }
        return nil
    }

    /// The group, when the item is one.
    public var group: BasicPaymentProductGroup? {
        if case .group(let group) = self { return group }
        return nil
    }
}
