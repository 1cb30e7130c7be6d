// pseudonym-leak-check ORIGINAL EXPORT [ORIGINAL EXPORT ...]: exits 1 if an export holds a personal
// value of its original (see PersonalValueLeaks), naming where, never the value; 2 if a log cannot
// be read. Used by scripts/check-pseudonymised-examples.sh.
import Foundation
import PrivacyTestSupport

let arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty, arguments.count % 2 == 0 else {
    FileHandle.standardError.write(Data("usage: pseudonym-leak-check ORIGINAL EXPORT [ORIGINAL EXPORT ...]\n".utf8))
    exit(64)
}
var status: Int32 = 0
for index in stride(from: 0, to: arguments.count, by: 2) {
    let (original, export) = (arguments[index], arguments[index + 1])
    do {
        let leaks = try PersonalValueLeaks.leaks(original: original, export: export)
        for leak in leaks { print("\(export): \(leak)") }
        if !leaks.isEmpty { status = max(status, 1) }
    } catch {
        FileHandle.standardError.write(Data("pseudonym-leak-check: \(original) / \(export): \(error)\n".utf8))
        status = 2
    }
}
exit(status)
