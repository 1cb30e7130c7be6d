// checkout: replay recorded checkout action logs, verify fleets of them, and run a demo checkout
// on the sandbox. `checkout help` lists the commands; `checkout help COMMAND` shows one's options
// and examples (CommandHelp.swift).
//
// Bad input ends with one line naming the file, the line and the reason, and a non-zero exit.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let exitCode: Int32
do {
    exitCode = try await CheckoutCommandLine.run(arguments)
} catch let error as UsageError {
    FileHandle.standardError.write(Data(error.report.utf8))
    exitCode = 64
} catch {
    FileHandle.standardError.write(Data("checkout: \(error)\n".utf8))
    exitCode = 2
}
exit(exitCode)
