/// Which palette the logo uses, fixed or following the screen's light or dark appearance.
///
/// ```swift
/// let scheme = ColorScheme.dynamic(lightPalette: .blackOnWhite, darkPalette: .whiteOnBlack)
/// ```
public enum ColorScheme: Equatable, Hashable, Sendable {
    /// One palette in both appearances.
    case `static`(ColorPalette)
    /// A palette for light appearance and one for dark.
    case dynamic(lightPalette: ColorPalette, darkPalette: ColorPalette)

    /// The default: mint on black in both appearances.
    public static let `default` = ColorScheme.static(.default)

    /// The palette for an appearance.
    public func palette(isDarkMode: Bool) -> ColorPalette {
        switch self {
        case .static(let palette):
            return palette
        case .dynamic(let light, let dark):
            return isDarkMode ? dark : light
        }
    }
}
