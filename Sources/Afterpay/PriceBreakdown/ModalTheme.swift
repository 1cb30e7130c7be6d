/// The colour theme of the more-info modal page.
public enum ModalTheme: String, Codable, Equatable, Hashable, Sendable, CaseIterable {
    /// The mint theme (the default); adds nothing to the modal's file name.
    case mint
    /// The white theme; adds `-theme-white` to the modal's file name.
    case white

    /// The file-name suffix for this theme.
    var fileNameSuffix: String {
        self == .white ? "-theme-white" : ""
    }
}
