import Foundation

/// A deterministic share of `checkout verify`'s logs: shard `index` of `count` (from 0).
///
/// A log belongs to the shard its *name* hashes to: the 64-bit FNV-1a hash of the UTF-8 bytes of
/// its path below the directory given on the command line (or, for a file given itself, its file
/// name), modulo `count`. That is stable across machines and runs: it depends neither on where
/// the fleet is mounted, nor on the order a file system lists it, nor on the other logs (a log
/// added later never moves another to a different shard), and FNV-1a has no per-process seed
/// (Swift's `Hasher` does). Every log is in exactly one shard of `count`.
struct Shard: Equatable {
    let index: Int
    let count: Int

    /// `I/N`, as `--shard` takes it.
    var description: String { "\(index)/\(count)" }

    /// Whether the log named `key` is in this shard.
    func contains(key: String) -> Bool {
        Self.hash(key) % UInt64(count) == UInt64(index)
    }

    /// FNV-1a, 64 bits, over the key's UTF-8 bytes.
    static func hash(_ key: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The largest shard count taken (a batch engine's array is far smaller).
    static let maximumCount = 1_000_000

    /// `--shard I/N`.
    static func parse(_ text: String, shards: Int?) throws -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw UsageError("--shard is I/N (share I of N, from 0) or auto, got \"\(text)\"")
        }
        if shards != nil {
            throw UsageError("--shards goes with --shard auto; --shard \(text) already says how many shards")
        }
        return try make(index: index, count: count, source: "--shard \(text)")
    }

    static func make(index: Int, count: Int, source: String) throws -> Shard {
        guard (1...maximumCount).contains(count) else {
            throw UsageError("\(source): the shard count must be from 1 to \(maximumCount), got \(count)")
        }
        guard (0..<count).contains(index) else {
            throw UsageError(
                "\(source): shard \(index) is not one of 0 to \(count - 1) (shards are numbered from 0)")
        }
        return Shard(index: index, count: count)
    }

    /// `--shard auto`: the array-job index the batch engine gives this task, and the count from
    /// its variables or `--shards N`.
    ///
    /// - Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX` (0 to completions - 1); the count is the
    ///   Job's `completions`, which the pod is not told: `--shards N`.
    /// - Slurm job arrays: `SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_MIN`,
    ///   `SLURM_ARRAY_TASK_COUNT` and, for `--array=A-B:S`, `SLURM_ARRAY_TASK_STEP`; the shard is
    ///   (id - min) / step. An array that is not evenly stepped (`--array=1,4,9`) is refused.
    /// - AWS Batch array jobs: `AWS_BATCH_JOB_ARRAY_INDEX` (0 to size - 1); the size is not in
    ///   the environment: `--shards N`.
    ///
    /// A variable set to the empty string counts as unset. Variables of two engines at once, a
    /// value that is not a number, or a count that disagrees with `--shards` are refused.
    static func automatic(environment: [String: String], shards: Int?) throws -> Shard {
        func variable(_ name: String) throws -> Int? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value >= 0 else {
                throw UsageError("--shard auto: \(name) is \"\(text)\", not a number from 0")
            }
            return value
        }
        let kubernetes = try variable("JOB_COMPLETION_INDEX")
        let slurm = try variable("SLURM_ARRAY_TASK_ID")
        let aws = try variable("AWS_BATCH_JOB_ARRAY_INDEX")
        let found = [
            kubernetes.map { "JOB_COMPLETION_INDEX=\($0)" }, slurm.map { "SLURM_ARRAY_TASK_ID=\($0)" },
            aws.map { "AWS_BATCH_JOB_ARRAY_INDEX=\($0)" },
        ].compactMap { $0 }
        guard found.count <= 1 else {
            throw UsageError(
                "--shard auto found the indexes of more than one batch engine (\(found.joined(separator: ", "))): "
                    + "give --shard I/N")
        }
        // The engines whose tasks are told their index but not the count.
        let countless = [
            (
                kubernetes, "Kubernetes", "JOB_COMPLETION_INDEX", "the number of completions",
                "the Job's spec.completions"
            ),
            (aws, "AWS Batch", "AWS_BATCH_JOB_ARRAY_INDEX", "the array's size", "the job's arrayProperties.size"),
        ]
        for case (let index?, let engine, let name, let missing, let hint) in countless {
            guard let shards else {
                throw UsageError(
                    "--shard auto: \(engine) gives \(name)=\(index) but not \(missing): add --shards N (\(hint))")
            }
            return try make(index: index, count: shards, source: "--shard auto (\(name))")
        }
        if let id = slurm {
            return try slurmShard(id: id, variable: variable, shards: shards)
        }
        throw UsageError(
            "--shard auto found no array-job index: none of JOB_COMPLETION_INDEX (Kubernetes Indexed Jobs), "
                + "SLURM_ARRAY_TASK_ID (Slurm job arrays) or AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch array jobs) "
                + "is set; give --shard I/N")
    }

    private static func slurmShard(
        id: Int, variable: (String) throws -> Int?, shards: Int?
    ) throws -> Shard {
        guard let minimum = try variable("SLURM_ARRAY_TASK_MIN") else {
            throw UsageError(
                "--shard auto: Slurm gives SLURM_ARRAY_TASK_ID=\(id) but not SLURM_ARRAY_TASK_MIN, "
                    + "so the shard it stands for is unknown: give --shard I/N")
        }
        let step = try variable("SLURM_ARRAY_TASK_STEP") ?? 1
        let given = try variable("SLURM_ARRAY_TASK_COUNT")
        guard let count = given ?? shards else {
            throw UsageError(
                "--shard auto: Slurm gives SLURM_ARRAY_TASK_ID=\(id) but not SLURM_ARRAY_TASK_COUNT: add --shards N")
        }
        if let given, let shards, given != shards {
            throw UsageError(
                "--shard auto: --shards \(shards) contradicts SLURM_ARRAY_TASK_COUNT=\(given)")
        }
        guard step >= 1, id >= minimum, (id - minimum) % step == 0 else {
            throw UsageError(
                "--shard auto: SLURM_ARRAY_TASK_ID=\(id) is not SLURM_ARRAY_TASK_MIN=\(minimum) plus a multiple "
                    + "of SLURM_ARRAY_TASK_STEP=\(step): use an evenly stepped array (--array=0-N or A-B:S)")
        }
        let index = (id - minimum) / step
        guard index < count else {
            throw UsageError(
                "--shard auto: SLURM_ARRAY_TASK_ID=\(id) is task \(index) from SLURM_ARRAY_TASK_MIN=\(minimum) "
                    + "(step \(step)), past the array's \(count) tasks: use an evenly stepped array (--array=0-N or A-B:S)"
            )
        }
        return try make(
            index: index, count: count,
            source: "--shard auto (SLURM_ARRAY_TASK_ID=\(id), SLURM_ARRAY_TASK_MIN=\(minimum))")
    }
}
