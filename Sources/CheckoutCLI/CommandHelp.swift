import ActionLog

/// What `checkout help COMMAND` and `checkout COMMAND --help` print: the command's synopsis, what
/// it does, its options and examples. A usage mistake prints the command's synopsis.
struct CommandHelp {
    /// The command's name.
    let name: String
    /// One line for the overview.
    let summary: String
    /// `usage: checkout …` lines.
    let synopsis: String
    /// What it does, its options and examples.
    let details: String

    /// The full help text.
    var text: String { synopsis + "\n" + details }

    /// The help of `command`, if it is one.
    static func of(_ command: String) -> CommandHelp? { all.first { $0.name == command } }

    /// `checkout 0.1.0 (action log format 1)`: the engine's version, the one the logs it writes
    /// carry in their headers, so that there is one version in one place.
    static var version: String {
        "checkout \(ActionLogFormat.engineVersion) (action log format \(ActionLogFormat.version))"
    }

    /// `checkout` alone, `checkout help` and `checkout --help`.
    static var overview: String {
        var text = "usage: checkout COMMAND [OPTIONS]\n\ncommands:\n"
        for command in all {
            text += "  " + command.name.padding(toLength: 13, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += "  help         a command's options and examples: checkout help COMMAND\n"
        text += "\ncheckout COMMAND --help shows the same; checkout --version prints the version.\n"
        return text
    }

    static let all: [CommandHelp] = [replay, inspect, verify, pseudonymise, demo]

    static let replay = CommandHelp(
        name: "replay",
        summary: "print each step of a recorded action log, or check it (--verify)",
        synopsis: """
            usage: checkout replay LOG [--to N | --verify] [--all] [--json] [--mask-personal] [--no-color]
                                  [--max-line-bytes SIZE]

            """,
        details: """
            Replays LOG through the current reducer with effects off, and prints each step: the
            action in words, the journey (view, section, total, payment) when it moves, the state
            changes that matter, the analytics events; then the final state of the log's kind.
            A log that holds personal data in clear says so in one line on standard error (a
            pseudonymised export says that it is one; --json carries it as "personalData").

            options:
              --to N                 stop after step N (0 is the initial state; at most the log's steps)
              --verify               only check the recorded fingerprints: exit 0 when they match,
                                     1 at the first divergence (not with --to: it checks the whole log)
              --all                  show bookkeeping too (request ids, in-flight counters, unchanged sections)
              --json                 JSON Lines instead of text (full fidelity)
              --mask-personal        show each personal value as a marker (‹email#1›; equal values
                                     share one), in the text, --json and --verify's diff: for screen
                                     sharing (the log itself is unchanged)
              --no-color             no colours (colours only on a terminal, never with NO_COLOR set)
              --max-line-bytes SIZE  refuse longer lines (16M by default; K, M, G suffixes)

            examples:
              checkout replay Examples/Logs/native-guest.jsonl
              checkout replay Examples/Logs/native-guest.jsonl --to 5
              checkout replay --verify session.jsonl
              checkout replay --json session.jsonl | jq -c 'select(.step) | .action'

            exit: 0 done, 1 diverged (--verify), 2 the log cannot be read, 64 a usage mistake.

            """)

    static let inspect = CommandHelp(
        name: "inspect",
        summary: "write a log's inspector: one self-contained HTML file to open in a browser",
        synopsis: """
            usage: checkout inspect LOG [-o FILE] [--mask-personal] [--max-line-bytes SIZE]

            """,
        details: """
            Replays LOG and writes one HTML file (no network, no external assets) in the spirit of
            Redux DevTools: the action list with search, a slider and keyboard stepping through
            time, the state at the chosen step, the diff against the step before, the analytics
            events, a timeline of the journey, and the divergence --verify finds, marked at its
            step. Secrets stay redacted, as they are in the log. A banner says when the log holds
            personal data in clear.

            options:
              -o, --output FILE      where to write it (NAME.html in the current directory by
                                     default; - for standard output)
              --mask-personal        a page with each personal value as a marker (‹email#1›),
                                     search included: none of the values is in the file
              --max-line-bytes SIZE  refuse longer lines (16M by default; K, M, G suffixes)

            examples:
              checkout inspect Examples/Logs/native-guest.jsonl
              checkout inspect session.jsonl --mask-personal -o /tmp/shared.html
              checkout inspect session.jsonl -o /tmp/session.html

            exit: 0 written, 2 the log cannot be read or the file cannot be written, 64 a usage mistake.

            """)

    static let verify = CommandHelp(
        name: "verify",
        summary: "check many logs (files or directories) against the current reducer, on every core",
        synopsis: """
            usage: checkout verify PATH... [--json] [--find ID] [--shard I/N | --shard auto [--shards N]]
                                   [--jobs N] [--no-color] [--max-line-bytes SIZE]
                   checkout verify --merge FILE... [--json] [--no-color]

            """,
        details: """
            Replays every log under each PATH (a log file, or a directory searched recursively for
            *.jsonl files, hidden entries and rotated parts NAME.K.jsonl left out) and prints one
            line per log, in path order, then a summary: logs, actions, the logs that diverged
            (with their first diverging step) and the ones that could not be read (with the reason).
            A log without a footer (the app was killed) is "open": its complete records are
            verified, and it does not fail the run.

            options:
              --json           JSON Lines: one object per log (with its app, log id, cart id, session
                               reference and order id when known, and "personalData": inClear,
                               pseudonymised or none), then {"summary": …}
              --find ID        print only the logs whose order id, cart id, session reference or
                               log id is ID (exit 1 when none is found)
              --shard I/N      verify only share I of N (0 ≤ I < N): the logs whose name (the path
                               below the directory given, or a file's own name) hashes to I
              --shard auto     take I (and N when it carries it) from the batch engine: Kubernetes
                               Indexed Jobs (JOB_COMPLETION_INDEX), Slurm arrays (SLURM_ARRAY_TASK_ID,
                               SLURM_ARRAY_TASK_MIN, SLURM_ARRAY_TASK_COUNT), AWS Batch array jobs
                               (AWS_BATCH_JOB_ARRAY_INDEX)
              --shards N       the number of shards when the engine's variables do not carry it
                               (Kubernetes: the Job's completions; AWS Batch: the array size)
              --merge FILE...  combine the --json outputs of all shards into the summary one run prints
              --jobs N         logs verified at once (default: the number of cores)
              --no-color       no colours (colours only on a terminal, never with NO_COLOR set)
              --max-line-bytes SIZE  refuse longer lines (16M by default; K, M, G suffixes)

            examples:
              checkout verify Examples/Logs
              checkout verify --json /data/logs > verify.jsonl
              checkout verify /data/logs --find WEB-1001
              checkout verify /data/logs --json --shard 2/8 > shard-2.jsonl
              checkout verify /data/logs --json --shard auto --shards 8 > shard-$JOB_COMPLETION_INDEX.jsonl
              checkout verify --merge shard-*.jsonl

            exit: 0 every log verified (or open), 1 a log diverged or could not be read (or --find
            found nothing), 2 a --merge input is not a complete shard output, 64 a usage mistake.

            """)

    static let demo = CommandHelp(
        name: "demo",
        summary: "run a whole checkout on the sandbox, printing what happens, and record it",
        synopsis: """
            usage: checkout demo [--record PATH [--force]] [--guest] [--decline] [--challenge] [--conflict]
                                 [--expire] [--provider sandbox|adyen|braintree|afterpay|worldline]
                                 [--sdk-session]
                   checkout demo --web bridge|forms|parse [--scripts] [--api cartTransfer|checkout]
                                 [--record PATH [--force]]

            """,
        details: """
            Plays a checkout as a host app's screens would, against the embedded sandbox backend
            and a sandbox payment provider, and prints each action, what it changed and the
            analytics events; then whether an order was placed.

            options:
              --record PATH     record the action log (it must not exist, unless --force)
              --force           overwrite PATH
              --guest           a guest: contact details first, then the address form
              --decline         the bank refuses; the shopper acknowledges and pays again
              --challenge       a 3-D Secure challenge first (not with --provider afterpay)
              --conflict        a price changes before paying (the 409 path)
              --expire          the cart expires (the 410 path)
              --provider NAME   pay with sandbox (the default), adyen, braintree, afterpay or worldline
              --sdk-session     with --provider adyen: Adyen's iOS SDK makes the session's payment
                                itself and reports didComplete; the session-result lookup decides
              --web MODE        the web checkout instead: bridge, forms or parse (none of the
                                native checkout's scenarios or providers apply to it)
              --scripts         with --web parse: the page's order-number, order-summary and
                                guest-email scripts are configured and answered
              --api TYPE        the web checkout's endpoints: cartTransfer (the default) or checkout
              --no-color        no colours (colours only on a terminal, never with NO_COLOR set)

            examples:
              checkout demo --guest
              checkout demo --provider adyen --challenge --record /tmp/adyen.jsonl
              checkout demo --web parse --api checkout
              checkout replay --verify /tmp/adyen.jsonl

            exit: 0 an order was placed, 1 no order, 2 the recording failed, 64 a usage mistake.

            """)

    static let pseudonymise = CommandHelp(
        name: "pseudonymise",
        summary: "export logs with personal data pseudonymised, proved to replay to the same decisions",
        synopsis: """
            usage: checkout pseudonymise LOG... -o OUT [--key-file FILE | --new-key FILE] [--json] [--force]
                                         [--max-line-bytes SIZE]
                   checkout pseudonymise --new-key FILE

            """,
        details: """
            Writes a copy of each LOG in which every personal value (names, email, phone,
            addresses, postcodes) is a pseudonym of the same shape that the checkout's rules treat
            the same way, and free text and URLs are scrubbed of them. The export is replayed
            beside the original and compared at every step (state with personal values masked,
            effects, analytics events); a pseudonym that changes a decision is redrawn, and a log
            whose decisions cannot be kept is refused naming the step, the decision and the field.
            The export is a valid log (checkout replay --verify passes on it) whose header says it
            is pseudonymised; it is written under a temporary name and renamed only once verified.
            Pseudonymised is not anonymous: order ids, cart ids, the log id and times are kept.

            LOG is a log file or a directory (searched as checkout verify searches it). One log
            file: OUT is the export. Several logs or a directory: OUT is a directory, each export
            keeping its log's path below the directory given.

            options:
              -o, --output OUT       where to write (refused if it is the log itself)
              --key-file FILE        derive pseudonyms from a kept key (mode 0600, at least 32
                                     bytes): the same pseudonyms across one customer's logs
              --new-key FILE         make a new kept key in FILE (mode 0600; never overwritten)
                                     and use it
              --json                 write each export's report as a JSON line
              --force                overwrite an existing export
              --max-line-bytes SIZE  refuse longer lines (16M by default; K, M, G suffixes)

            Without --key-file or --new-key each export uses a random key that is never written:
            its pseudonyms cannot be reversed or linked to another export's.

            examples:
              checkout pseudonymise Examples/Logs/native-guest.jsonl -o /tmp/native-guest.jsonl
              checkout pseudonymise Examples/Logs -o /tmp/exports --json
              checkout pseudonymise --new-key team.key
              checkout pseudonymise session.jsonl -o out.jsonl --key-file team.key --force

            exit: 0 every log exported, 1 a log refused (its decisions could not be kept, or it
            does not verify), 2 a log cannot be read or an export cannot be written, 64 a usage
            mistake.

            """)
}
