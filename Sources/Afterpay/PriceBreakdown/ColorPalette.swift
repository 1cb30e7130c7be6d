/// The colours of a logo: foreground on background.
///
/// | Palette | Badge colours | Lockup colour |
/// | --- | --- | --- |
/// | ``default`` | mint on black | mint |
/// | ``alt`` | black on mint | black |
/// | ``darkMono`` | white on black | white |
/// | ``lightMono`` | black on white | black |
public enum ColorPalette: String, Codable, Equatable, Hashable, Sendable, CaseIterable {
    /// Mint on black.
    case `default`
    /// Black on mint.
    case alt
    /// White on black, for dark backgrounds.
    case darkMono
    /// Black on white, for light backgrounds.
    case lightMono

    /// Mint on black; the same as ``default``.
    public static let mintOnBlack = ColorPalette.default
    /// Black on mint; the same as ``alt``.
    public static let blackOnMint = ColorPalette.alt
    /// White on black; the same as ``darkMono``.
    public static let whiteOnBlack = ColorPalette.darkMono
    /// Black on white; the same as ``lightMono``.
    public static let blackOnWhite = ColorPalette.lightMono

    /// The slug in badge asset names, e.g. `mint-on-black`.
    var badgeSlug: String {
        switch self {
        case .default: return "mint-on-black"
        case .alt: return "black-on-mint"
        case .darkMono: return "white-on-black"
        case .lightMono: return "black-on-white"
        }
    }

    /// The slug in lockup asset names: the palette's foreground colour only.
    var lockupSlug: String {
        switch self {
        case .default: return "mint"
        case .alt, .lightMono: return "black"
        case .darkMono: return "white"
        }
    }

    /// The slug in Cash App Afterpay lockup names, which have their own palette names.
    var cashAppLockupSlug: String {
        switch self {
        case .default: return "preferred"
        case .alt: return "alt"
        case .darkMono: return "darkMono"
        case .lightMono: return "lightMono"
        }
    }
}
