/// What a payment product and a payment product group have in common: enough to show them in a
/// selection list.
public protocol BasicPaymentItem: Sendable {
    /// The item's id: a product id such as `"1"` or a group id such as `"cards"`.
    var identifier: String { get }
    /// How to show the item in a list.
    var displayHints: PaymentItemDisplayHints { get }
    /// Stored accounts the customer can pay with through this item.
    var accountsOnFile: [AccountOnFile] { get }
    /// Whether the item is a group of products (which cannot be paid with directly).
    var isPaymentProductGroup: Bool { get }
}

extension BasicPaymentItem {
    /// The first account on file with `identifier`, if any.
    public func accountOnFile(withIdentifier identifier: String) -> AccountOnFile? {
        accountsOnFile.first { $0.identifier == identifier }
    }

    /// Whether the item has stored accounts.
    public var hasAccountsOnFile: Bool { !accountsOnFile.isEmpty }
}

/// The SDK's sort: ascending display order; items without one keep an unspecified place.
///
/// The SDK's comparator answers false when either side lacks a display order, which is not a
/// strict weak ordering. We keep ordered items in order and put unordered ones after them, in
/// their original order, so the result is deterministic.
func sortedByDisplayOrder<Item>(_ items: [Item], displayOrder: (Item) -> Int?) -> [Item] {
    let indexed = items.enumerated().map { (offset: $0.offset, item: $0.element, order: displayOrder($0.element)) }
    return indexed.sorted { lhs, rhs in
        switch (lhs.order, rhs.order) {
        case (let left?, let right?): return left != right ? left < right : lhs.offset < rhs.offset
        case (.some, .none): return true
        case (.none, .some): return false
        case (.none, .none): return lhs.offset < rhs.offset
        }
    }.map(\.item)
}
