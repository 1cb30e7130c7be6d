import Foundation

/// The command line: which command, and its options.
enum CheckoutCommandLine {
    static func run(_ arguments: [String]) async throws -> Int32 {
        var options: Options
        do {
            options = try Options(arguments)
        } catch var error as UsageError {
            // Said with the command's synopsis when the mistake follows a command's name.
            error.command = arguments.first.flatMap(CommandHelp.of)?.name
            throw error
        }
        guard let command = options.positional.first else {
            if options.flag("--version") {
                try options.rejectUnknown()
                print(CommandHelp.version)
                return 0
            }
            if options.flag("--help") || options.flag("-h") {
                print(CommandHelp.overview, terminator: "")
                return 0
            }
            throw UsageError("no command given")
        }
        options.positional.removeFirst()
        if command == "help" {
            guard let topic = options.positional.first else {
                print(CommandHelp.overview, terminator: "")
                return 0
            }
            try options.rejectUnknown()
            guard options.positional.count == 1, let help = CommandHelp.of(topic) else {
                throw UsageError("help takes one command: \(CommandHelp.all.map(\.name).joined(separator: ", "))")
            }
            print(help.text, terminator: "")
            return 0
        }
        if let help = CommandHelp.of(command), options.flag("--help") || options.flag("-h") {
            print(help.text, terminator: "")
            return 0
        }
        do {
            switch command {
            case "replay":
                return try ReplayCommand(options: options).run()
            case "verify":
                return try VerifyCommand(options: options).run()
            case "inspect":
                return try InspectCommand(options: options).run()
            case "demo":
                return try await DemoCommand(options: options).run()
            case "pseudonymise":
                return try PseudonymiseCommand(options: options).run()
            default:
                throw UsageError("unknown command \"\(command)\"")
            }
        } catch var error as UsageError {
            error.command = error.command ?? CommandHelp.of(command)?.name
            throw error
        }
    }
}

/// A mistake in how the command was called.
struct UsageError: Error {
    let message: String
    /// The command it was made with, whose synopsis is printed with it (the overview otherwise).
    var command: String?
    init(_ message: String) { self.message = message }

    /// What standard error shows: the message, then the command's synopsis (or the overview).
    var report: String {
        guard let help = command.flatMap(CommandHelp.of) else {
            return "checkout: \(message)\n" + CommandHelp.overview
        }
        return "checkout: \(message)\n" + help.synopsis
            + "(checkout help \(help.name) shows the options and examples)\n"
    }
}

/// Options in the GNU style: `--flag`, `--name value`, `--name=value`, and positional arguments.
struct Options {
    var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    private var consumed: Set<String> = []

    /// Options that take a value.
    static let valued: Set<String> = [
        "--to", "--record", "--web", "--api", "--provider", "--max-line-bytes", "--shard", "--shards", "--find",
        "--jobs", "-o", "--output", "--key-file", "--new-key",
    ]

    /// Reads the arguments. An option given twice is refused: one of the two would be ignored.
    init(_ arguments: [String]) throws {
        var index = 0
        func set(_ name: String, _ value: String) throws {
            guard values.updateValue(value, forKey: name) == nil else { throw UsageError("\(name) is given twice") }
        }
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                try set(String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
            } else if Self.valued.contains(argument) {
                guard index + 1 < arguments.count else { throw UsageError("\(argument) needs a value") }
                try set(argument, arguments[index + 1])
                index += 1
            } else if argument.hasPrefix("-") && argument != "-" {
                guard flags.insert(argument).inserted else { throw UsageError("\(argument) is given twice") }
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
