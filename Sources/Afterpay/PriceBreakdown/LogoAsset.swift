/// The logo image a breakdown shows: which brand, which kind, which colours, and the asset name
/// the host app's image catalogue uses for it.
///
/// Names follow Afterpay's SDK: `badge-afterpay-mint-on-black`, `compact-badge-clearpay-black-on-mint`,
/// `lockup-afterpay-white`, and for Cash App Afterpay `lockup-cashappafterpay-preferred`.
public struct LogoAsset: Equatable, Hashable, Sendable {
    /// The brand drawn.
    public let brand: Brand
    /// The kind of logo actually used (Cash App Afterpay always gets ``LogoType/lockup``).
    public let type: LogoType
    /// The palette applied.
    public let palette: ColorPalette

    /// A logo for a brand, the kind asked for and a palette.
    public init(brand: Brand, requestedType: LogoType, palette: ColorPalette) {
        self.brand = brand
        self.type = brand == .cashAppAfterpay ? .lockup : requestedType
        self.palette = palette
    }

    /// The image asset name, e.g. `badge-afterpay-mint-on-black`.
    public var assetName: String {
        switch (type, brand) {
        case (.lockup, .cashAppAfterpay):
            return "lockup-\(brand.assetSlug)-\(palette.cashAppLockupSlug)"
        case (.lockup, _):
            return "lockup-\(brand.assetSlug)-\(palette.lockupSlug)"
        case (.badge, _):
            return "badge-\(brand.assetSlug)-\(palette.badgeSlug)"
        case (.compactBadge, _):
            return "compact-badge-\(brand.assetSlug)-\(palette.badgeSlug)"
        }
    }

    /// What a screen reader says for the logo: the brand's spoken name, e.g. `after pay`.
    public var accessibilityLabel: String {
        brand.accessibilityName
    }
}
