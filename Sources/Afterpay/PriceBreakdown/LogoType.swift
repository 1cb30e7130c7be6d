/// Which Afterpay logo sits beside the breakdown text.
///
/// In the Cash App Afterpay region (en_US merchants) the lockup is always used, whatever is asked.
public enum LogoType: String, Codable, Equatable, Hashable, Sendable, CaseIterable {
    /// The rounded badge (the default).
    case badge
    /// The word mark on its own; only the palette's foreground colour is applied.
    case lockup
    /// A smaller badge for tight layouts.
    case compactBadge
}
