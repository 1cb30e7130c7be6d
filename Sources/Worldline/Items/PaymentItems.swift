/// What the payment selection screen shows: products and groups, with their accounts on file.
///
/// Built from the product list and (optionally) the group list. Products without a group are
/// shown themselves; products of a returned group are folded into that group, which takes the
/// place of the first of them and collects their accounts on file. A product whose group was not
/// returned is shown itself.
///
/// The SDK only compares a product's group with the *first* group of the list, so products of a
/// second group vanish (quirk 1 of the spec); we implement the intended rule instead.
///
/// ```swift
/// let items = PaymentItems(products: products, groups: groups).sorted()
/// items.paymentItems.map(\.identifier)  // ["809", "cards"]
/// ```
public struct PaymentItems: Hashable, Sendable, Codable {
    /// What to show, in order.
    public var paymentItems: [PaymentItem]
    /// Every product and every group (products first), for lookups by id.
    public var allPaymentItems: [PaymentItem]

    /// Folds `products` into `groups` (or lists every product when `groups` is nil).
    public init(products: BasicPaymentProducts, groups: BasicPaymentProductGroups?) {
        allPaymentItems =
            products.paymentProducts.map(PaymentItem.product)
            + (groups?.paymentProductGroups.map(PaymentItem.group) ?? [])
        guard let groups else {
            paymentItems = products.paymentProducts.map(PaymentItem.product)
            return
        }
        var items: [PaymentItem] = []
        var groupPositions: [String: Int] = [:]
        for product in products.paymentProducts {
            guard let groupId = product.paymentProductGroup,
                let group = groups.paymentProductGroup(withIdentifier: groupId)
            else {
                items.append(.product(product))
                continue
            }
            if let position = groupPositions[groupId], case .group(var folded) = items[position] {
                folded.accountsOnFile = Self.merging(folded.accountsOnFile, product.accountsOnFile)
                items[position] = .group(folded)
            } else {
                var folded = group
                folded.accountsOnFile = Self.merging(group.accountsOnFile, product.accountsOnFile)
                groupPositions[groupId] = items.count
                items.append(.group(folded))
            }
        }
        paymentItems = items
    }

    /// Creates items from ready lists.
    public init(paymentItems: [PaymentItem], allPaymentItems: [PaymentItem]) {
        self.paymentItems = paymentItems
        self.allPaymentItems = allPaymentItems
    }

    /// The items by ascending display order (items without one last, in their order).
    public func sorted() -> PaymentItems {
        PaymentItems(
            paymentItems: sortedByDisplayOrder(paymentItems) { $0.displayHints.displayOrder },
            allPaymentItems: allPaymentItems)
    }

    /// The first item (shown or folded) with `identifier`, if any.
    public func paymentItem(withIdentifier identifier: String) -> PaymentItem? {
        paymentItems.first { $0.identifier == identifier }
            ?? allPaymentItems.first { $0.identifier == identifier }
    }

    /// Every account on file of every shown item.
    public var accountsOnFile: [AccountOnFile] { paymentItems.flatMap(\.accountsOnFile) }

    /// Whether any shown item has an account on file.
    public var hasAccountsOnFile: Bool { paymentItems.contains { $0.hasAccountsOnFile } }

    /// The logo path of the item with `identifier`, if any.
    public func logoPath(forItem identifier: String) -> String? {
        paymentItem(withIdentifier: identifier)?.displayHints.logoPath
    }

    private static func merging(_ existing: [AccountOnFile], _ added: [AccountOnFile]) -> [AccountOnFile] {
        existing + added.filter { account in !existing.contains { $0.identifier == account.identifier } }
    }
}
