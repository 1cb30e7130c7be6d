/// How the string and number leaves of free-form JSON (a bridge message, a custom event's data)
/// are classified: one class for every leaf, except the leaves under the paths listed.
///
/// A path names a leaf by its members from the JSON value's root, `.`-separated, with `[]` for
/// any element of an array: `data.total`, `data.items[].sku`. An entry covers the leaf at its
/// path and every leaf below it, and the longest entry that covers a leaf decides its class;
/// a leaf no entry covers has ``otherwise``. (A member name that holds `.` or `[` cannot be told
/// apart from a path's separators: avoid such names in registered data.)
///
/// ```swift
/// // A custom event whose data is all about the shopper except its SKU.
/// let policy = JSONDataPolicy.personal(.nameOrAddress, plainPaths: ["sku"])
/// policy.dataClass(at: "sku")            // .plain
/// policy.dataClass(at: "address.city")   // .personal(.nameOrAddress)
/// ```
///
/// What a walk of the JSON does with it: member names are the JSON's structure and are never
/// leaves (they are kept); `null` and Booleans carry no data; a string that is the redaction
/// marker (`[REDACTED]`) stands for a secret and is reported as one, never as text.
public struct JSONDataPolicy: Sendable, Hashable, CustomStringConvertible {
    /// What the policy is for, in inventories and reports (`bridge message`, `custom event data`).
    public var name: String
    /// The class of a leaf no path covers.
    public var otherwise: DataClass
    /// The classes of the leaves under these paths.
    public var paths: [String: DataClass]

    /// Creates a policy.
    public init(name: String, otherwise: DataClass, paths: [String: DataClass] = [:]) {
        self.name = name
        self.otherwise = otherwise
        self.paths = paths
    }

    /// Every leaf plain: data the host registered as not about a person.
    public static let plain = JSONDataPolicy(name: "plain", otherwise: .plain)

    /// Every leaf personal, of `kind`, except the leaves under `plainPaths`.
    public static func personal(_ kind: PersonalKind, plainPaths: some Sequence<String> = [String]()) -> JSONDataPolicy
    {
        var paths: [String: DataClass] = [:]
        for path in plainPaths { paths[path] = .plain }
        return JSONDataPolicy(name: "personal", otherwise: .personal(kind), paths: paths)
    }

    /// The class of the leaf at `path` (`""` is the root).
    public func dataClass(at path: String) -> DataClass {
        guard !paths.isEmpty else { return otherwise }
        var best: (length: Int, dataClass: DataClass)?
        for (entry, dataClass) in paths where Self.path(path, isCoveredBy: entry) {
            let length = entry.utf8.count
            if best.map({ length > $0.length }) ?? true { best = (length, dataClass) }
        }
        return best?.dataClass ?? otherwise
    }

    /// Whether `entry` names `path` or a member or element above it.
    static func path(_ path: String, isCoveredBy entry: String) -> Bool {
        if entry.isEmpty { return true }
        guard path.hasPrefix(entry) else { return false }
        let rest = path.utf8.dropFirst(entry.utf8.count)
        guard let next = rest.first else { return true }
        return next == UInt8(ascii: ".") || next == UInt8(ascii: "[")
    }

    /// The name, the class of other leaves, and the exceptions in path order:
    /// `custom event data: personal(nameOrAddress); sku: plain`.
    public var description: String {
        let exceptions = paths.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return (["\(name): \(otherwise)"] + exceptions).joined(separator: "; ")
    }
}
