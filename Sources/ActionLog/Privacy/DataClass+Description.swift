extension DataClass: CustomStringConvertible {
    /// `plain`, `secret`, or `personal(kind)` (`personal(email)`): how inventories and reports
    /// name a class.
    public var description: String {
        switch self {
        case .plain: return "plain"
        case .secret: return "secret"
        case .personal(let kind): return "personal(\(kind.rawValue))"
        }
    }

    /// Whether the class is ``personal(_:)``, of any kind.
    public var isPersonal: Bool {
        if case .personal = self { return true }
        return false
    }
}
