// checkout: replay recorded checkout action logs, and run a demo checkout on the sandbox.
//
//     checkout replay LOG [--to N] [--json] [--verify] [--no-color] [--max-line-bytes SIZE]
//     checkout demo [--record PATH] [--guest] [--web bridge|parse] [--api cartTransfer|checkout]
//                   [--provider sandbox|adyen|braintree|afterpay|worldline]
//                   [--decline] [--challenge] [--conflict] [--expire] [--apple-pay]
//
// Bad input ends with one line naming the file, the line and the reason, and a non-zero exit.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let exitCode: Int32
do {
    exitCode = try await CheckoutCommandLine.run(arguments)
} catch let error as UsageError {
    FileHandle.standardError.write(Data("checkout: \(error.message)\n\(CheckoutCommandLine.usage)".utf8))
    exitCode = 64
} catch {
    FileHandle.standardError.write(Data("checkout: \(error)\n".utf8))
    exitCode = 2
}
exit(exitCode)
