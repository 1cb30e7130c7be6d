public import Foundation

/// Which more-info modal the link opens, and how the link looks.
///
/// Two ways to choose the modal, as in Afterpay's SDK: name a hosted modal file directly
/// (``init(modalId:modalLinkStyle:)``), or let the locale pick it with a theme and cross-border
/// trade flag (``init(modalTheme:isCbtEnabled:modalLinkStyle:)``). Not every combination of
/// locale, theme and cross-border trade exists on Afterpay's server.
///
/// ```swift
/// let options = MoreInfoOptions(modalTheme: .white, isCbtEnabled: true)
/// // en_AU merchant, English consumer: https://static.afterpay.com/modal/en_AU-theme-white-cbt.html
/// ```
public struct MoreInfoOptions: Equatable, Hashable, Sendable {
    /// The hosted modal's file name without `.html`, when given explicitly.
    public let modalId: String?
    /// The modal's theme when the locale picks the modal.
    public let modalTheme: ModalTheme
    /// Whether the modal describes cross-border trade.
    public let isCbtEnabled: Bool
    /// How the link looks.
    public let modalLinkStyle: ModalLinkStyle

    /// Options naming a hosted modal file, e.g. `modalId: "en_US-custom"` opens
    /// `https://static.afterpay.com/modal/en_US-custom.html`. A nil id uses the locale's modal.
    public init(modalId: String? = nil, modalLinkStyle: ModalLinkStyle = .circledInfoIcon) {
        self.modalId = modalId
        self.modalTheme = .mint
        self.isCbtEnabled = false
        self.modalLinkStyle = modalLinkStyle
    }

    /// Options letting the locale pick the modal, with a theme and cross-border trade.
    public init(modalTheme: ModalTheme, isCbtEnabled: Bool = false, modalLinkStyle: ModalLinkStyle = .circledInfoIcon) {
        self.modalId = nil
        self.modalTheme = modalTheme
        self.isCbtEnabled = isCbtEnabled
        self.modalLinkStyle = modalLinkStyle
    }

    /// Where Afterpay hosts its modals.
    public static let modalBaseURL = URL(string: "https://static.afterpay.com/modal/") ?? URL(fileURLWithPath: "/")

    /// The modal's file name: `<modalId>.html`, or `<language>_<REGION>[-theme-white][-cbt].html`
    /// from the display language (`en` when there is none), the merchant region, the theme and
    /// cross-border trade.
    public func modalFileName(context: AfterpayContext) -> String {
        if let modalId {
            return modalId + ".html"
        }
        let language = context.displayLanguage?.languageCode ?? MerchantLocale.enGB.languageCode
        let region = context.merchant.regionCode
        return "\(language)_\(region)\(modalTheme.fileNameSuffix)\(isCbtEnabled ? "-cbt" : "").html"
    }

    /// The modal's full URL, e.g. `https://static.afterpay.com/modal/en_AU.html`.
    public func modalURL(context: AfterpayContext) -> URL {
        Self.modalBaseURL.appendingPathComponent(modalFileName(context: context))
    }
}
