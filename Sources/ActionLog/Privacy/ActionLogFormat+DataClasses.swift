extension ActionLogFormat {
    /// A member of a log line around the recorded values (the header, each record, the footer),
    /// with its class: what a log holds besides the state and the actions.
    public struct EnvelopeField: Sendable, Hashable {
        /// The line it is on: `header`, `record` or `footer`.
        public var line: String
        /// The member's name in the line (`logId`, `t`).
        public var member: String
        /// Its class.
        public var dataClass: DataClass

        /// Creates a field.
        public init(line: String, member: String, dataClass: DataClass) {
            self.line = line
            self.member = member
            self.dataClass = dataClass
        }
    }

    /// Every envelope member a log line can hold, and its class. All are plain: they describe
    /// the recording, not the customer, and every export keeps them. They still link logs to one
    /// another and to a moment (`logId`, `created`, `t`), which is why a pseudonymised log is
    /// still personal data; `fp` and `crc` are derived from the line and the state, so an export
    /// recomputes them over what it wrote. (`state` and `action` are classified by their types.)
    public static let envelopeFields: [EnvelopeField] = [
        EnvelopeField(line: "header", member: "format", dataClass: .plain),
        EnvelopeField(line: "header", member: "formatVersion", dataClass: .plain),
        EnvelopeField(line: "header", member: "engine", dataClass: .plain),
        EnvelopeField(line: "header", member: "app", dataClass: .plain),
        EnvelopeField(line: "header", member: "schema", dataClass: .plain),
        EnvelopeField(line: "header", member: "logId", dataClass: .plain),
        EnvelopeField(line: "header", member: "created", dataClass: .plain),
        EnvelopeField(line: "header", member: "part", dataClass: .plain),
        EnvelopeField(line: "header", member: "firstSeq", dataClass: .plain),
        EnvelopeField(line: "header", member: "privacy.scheme", dataClass: .plain),
        EnvelopeField(line: "header", member: "privacy.keyId", dataClass: .plain),
        EnvelopeField(line: "header", member: "fp", dataClass: .plain),
        EnvelopeField(line: "record", member: "seq", dataClass: .plain),
        EnvelopeField(line: "record", member: "t", dataClass: .plain),
        EnvelopeField(line: "record", member: "fp", dataClass: .plain),
        EnvelopeField(line: "footer", member: "end.count", dataClass: .plain),
        EnvelopeField(line: "footer", member: "end.fp", dataClass: .plain),
        EnvelopeField(line: "footer", member: "end.next", dataClass: .plain),
        EnvelopeField(line: "every line", member: "crc", dataClass: .plain),
    ]
}
