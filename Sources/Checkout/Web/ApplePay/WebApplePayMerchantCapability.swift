/// What a web page's Apple Pay request lets the shopper's card do (Apple Pay JS's
/// `ApplePayMerchantCapability` names; PassKit's `PKMerchantCapability`).
public enum WebApplePayMerchantCapability: String, Sendable, Hashable, Codable, CaseIterable {
    /// 3-D Secure (`.threeDSecure`): required by every Apple Pay request.
    case supports3DS
    /// EMV (`.emv`), for China UnionPay.
    case supportsEMV
    /// Credit cards (`.credit`).
    case supportsCredit
    /// Debit cards (`.debit`).
    case supportsDebit
}
