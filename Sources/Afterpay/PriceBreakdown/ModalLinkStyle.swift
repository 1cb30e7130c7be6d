/// What the more-info link after the breakdown looks like.
///
/// | Style | Shown |
/// | --- | --- |
/// | ``circledInfoIcon`` (default) | the text `ⓘ` (U+24D8) |
/// | ``moreInfoText`` | `More Info` (`Plus d'infos` in French) |
/// | ``learnMoreText`` | `Learn More` (`En savoir plus` in French) |
/// | ``circledQuestionIcon`` | an image: a circled question mark |
/// | ``circledLogo`` | an image: the brand's circled logo |
/// | ``custom(_:)`` | your text |
/// | ``none`` | no link at all |
public enum ModalLinkStyle: Equatable, Hashable, Sendable {
    /// A circled "i" (the default).
    case circledInfoIcon
    /// The words "More Info".
    case moreInfoText
    /// The words "Learn More".
    case learnMoreText
    /// A circled question mark image.
    case circledQuestionIcon
    /// The brand's circled logo image.
    case circledLogo
    /// Your own link text (plain text here; the host app styles it).
    case custom(String)
    /// No link.
    case none
}
