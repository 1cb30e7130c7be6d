public import Foundation

/// The more-info link as the host should draw it: its content, where it goes, and what a screen
/// reader says.
public struct MoreInfoLink: Equatable, Hashable, Sendable {
    /// What the link shows.
    public enum Content: Equatable, Hashable, Sendable {
        /// Text, e.g. `ⓘ`, `More Info`, or a custom text.
        case text(String)
        /// The circled question mark image.
        case circledQuestionIcon
        /// The brand's circled logo image.
        case circledLogo(Brand)
    }

    /// What the link shows.
    public let content: Content
    /// The modal it opens.
    public let url: URL
    /// What a screen reader says for it: the text for text links, the localized "More Info" for
    /// images and the info icon.
    public let accessibilityLabel: String

    /// A link; nil for ``ModalLinkStyle/none``.
    init?(style: ModalLinkStyle, url: URL, brand: Brand, strings: AfterpayStrings) {
        switch style {
        case .circledInfoIcon:
            content = .text("\u{24D8}")
            accessibilityLabel = strings.moreInfo
        case .moreInfoText:
            content = .text(strings.moreInfo)
            accessibilityLabel = strings.moreInfo
        case .learnMoreText:
            content = .text(strings.learnMore)
            accessibilityLabel = strings.learnMore
        case .circledQuestionIcon:
            content = .circledQuestionIcon
            accessibilityLabel = strings.moreInfo
        case .circledLogo:
            content = .circledLogo(brand)
            accessibilityLabel = strings.moreInfo
        case .custom(let text):
            content = .text(text)
            accessibilityLabel = text
        case .none:
            return nil
        }
        self.url = url
    }
}
