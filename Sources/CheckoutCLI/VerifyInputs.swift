import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The logs `checkout verify PATH...` verifies, in path order.
///
/// - A file given is a log, whatever its name.
/// - A directory given is searched recursively for `*.jsonl` files. Left out: hidden entries
///   (names starting with `.`), other names (`.json`, `.txt`, compressed logs), rotated parts
///   (`NAME.K.jsonl` beside `NAME.jsonl`: the replay follows them from the first part), and
///   directories reached through a symbolic link (no loops); a symbolic link to a file counts.
/// - A path that does not exist, or a directory that cannot be listed, is kept as an input: its
///   verdict says it cannot be read, so nothing is left out silently.
/// - A log reached twice (a directory and a file in it) is verified once.
struct VerifyInputs {
    /// One log: its path, and the name that decides its shard (see ``Shard``).
    struct Log {
        var path: String
        var shardKey: String
        /// Why it cannot be listed, when it is a directory that cannot be.
        var listingError: String?
    }

    private(set) var logs: [Log] = []
    private var seen: Set<String> = []

    init(_ arguments: [String]) {
        for argument in arguments {
            let root = Self.trimmingTrailingSlashes(argument)
            if Self.kind(of: root, following: true) == .directory {
                walk(root: root, relative: "")
            } else {
                add(Log(path: root, shardKey: Self.lastComponent(of: root)))
            }
        }
        logs.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    private mutating func add(_ log: Log) {
        if seen.insert(log.path).inserted { logs.append(log) }
    }

    private mutating func walk(root: String, relative: String) {
        let directory = relative.isEmpty ? root : "\(root)/\(relative)"
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
            add(Log(path: directory, shardKey: relative, listingError: "\(directory): cannot list: \(reason)"))
            return
        }
        let siblings = Set(names)
        for name in names.sorted() where !name.hasPrefix(".") {
            let below = relative.isEmpty ? name : "\(relative)/\(name)"
            let path = "\(root)/\(below)"
            switch Self.kind(of: path, following: false) {
            case .directory:
                walk(root: root, relative: below)
            case .file where name.hasSuffix(".jsonl") && !Self.isRotatedPart(name, siblings: siblings):
                add(Log(path: path, shardKey: below))
            case .link where name.hasSuffix(".jsonl") && !Self.isRotatedPart(name, siblings: siblings):
                // A link to a file is a log; a link to a directory is not followed.
                if Self.kind(of: path, following: true) != .directory { add(Log(path: path, shardKey: below)) }
            default:
                break
            }
        }
    }

    /// `NAME.K.jsonl` (K from 1) beside `NAME.jsonl`: a part the recorder rotated into.
    static func isRotatedPart(_ name: String, siblings: Set<String>) -> Bool {
        let stem = name.dropLast(".jsonl".count)
        guard let dot = stem.lastIndex(of: "."), dot > stem.startIndex else { return false }
        let number = stem[stem.index(after: dot)...]
        guard !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber), number.first != "0"
        else { return false }
        return siblings.contains(String(stem[..<dot]) + ".jsonl")
    }

    private enum Kind { case file, directory, link, other, missing }

    private static func kind(of path: String, following: Bool) -> Kind {
        var info = stat()
        guard (following ? stat(path, &info) : lstat(path, &info)) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        case S_IFLNK: return .link
        default: return .other
        }
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }

    private static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
