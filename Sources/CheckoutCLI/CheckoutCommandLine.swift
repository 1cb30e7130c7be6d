import Foundation

/// The command line: which command, and its options.
enum CheckoutCommandLine {
    static let usage = """
        usage: checkout replay LOG [--to N] [--json] [--verify] [--no-color] [--max-line-bytes SIZE]
               checkout demo [--record PATH] [--guest] [--web bridge|parse] [--api cartTransfer|checkout]
                             [--provider sandbox|adyen|braintree|afterpay|worldline]
                             [--decline] [--challenge] [--conflict] [--expire] [--apple-pay]

        replay   prints each step of a recorded log: the action, the state change, the analytics
                 events; then the final state. --to N stops after step N; --json writes JSON
                 Lines; --verify checks the recorded fingerprints and exits 1 on divergence;
                 --max-line-bytes SIZE refuses longer lines (16M by default; K, M, G suffixes).
        demo     runs a whole checkout on the embedded sandbox backend and sandbox payment
                 provider, printing what happens; --record PATH writes its action log.

        """

    static func run(_ arguments: [String]) async throws -> Int32 {
        var options = try Options(arguments)
        guard let command = options.positional.first else {
            if options.flag("--help") || options.flag("-h") {
                print(usage, terminator: "")
                return 0
            }
            throw UsageError("no command given")
        }
        options.positional.removeFirst()
        switch command {
        case "replay":
            return try ReplayCommand(options: options).run()
        case "demo":
            return try await DemoCommand(options: options).run()
        case "help", "--help", "-h":
            print(usage, terminator: "")
            return 0
        default:
            throw UsageError("unknown command \"\(command)\"")
        }
    }
}

/// A mistake in how the command was called.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Options in the GNU style: `--flag`, `--name value`, `--name=value`, and positional arguments.
struct Options {
    var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    private var consumed: Set<String> = []

    /// Options that take a value.
    static let valued: Set<String> = ["--to", "--record", "--web", "--api", "--provider", "--max-line-bytes"]

    init(_ arguments: [String]) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                values[String(argument[..<equals])] = String(argument[argument.index(after: equals)...])
            } else if Self.valued.contains(argument) {
                guard index + 1 < arguments.count else { throw UsageError("\(argument) needs a value") }
                values[argument] = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix("-") && argument != "-" {
                flags.insert(argument)
            } else {
                positional.append(argument)
            }
            index += 1
        }
    }

    mutating func flag(_ name: String) -> Bool {
        consumed.insert(name)
        return flags.contains(name)
    }

    mutating func value(_ name: String) -> String? {
        consumed.insert(name)
        return values[name]
    }

    /// Fails on options no command asked about (a typo should not be silently ignored).
    func rejectUnknown() throws {
        let unknown = flags.union(values.keys).subtracting(consumed)
        if let first = unknown.sorted().first { throw UsageError("unknown option \(first)") }
    }
}
