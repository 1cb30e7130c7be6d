#if canImport(Darwin)
import Foundation
#endif

/// Keeps action logs out of device backups (iCloud, the computer's): a log holds a customer's
/// checkout, and a backup would keep it beyond the app's retention and beyond an erasure.
enum BackupExclusion {
    /// Marks the file or directory at `path` as excluded from backups. On Apple platforms it sets
    /// `URLResourceValues.isExcludedFromBackup`; a directory so marked is excluded with all it
    /// holds. Best effort: a file system that does not keep the flag records all the same. Elsewhere
    /// (Linux) there is no such flag, and this does nothing.
    static func exclude(path: String) {
        #if canImport(Darwin)
        var url = URL(fileURLWithPath: path)
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        try? url.setResourceValues(values)
        #endif
    }
}
