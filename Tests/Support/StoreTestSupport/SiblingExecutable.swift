public import Foundation

/// The executable product `name` (a child process a kill test starts), or `nil` when it is not
/// found: `swift test` runs the test bundle from the build folder, beside the other products.
public func siblingExecutable(named name: String, besides bundle: Bundle) -> URL? {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        Bundle.main.bundleURL.deletingLastPathComponent(),
        bundle.bundleURL.deletingLastPathComponent(),
    ]
    for directory in candidates {
        let url = directory.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
}
