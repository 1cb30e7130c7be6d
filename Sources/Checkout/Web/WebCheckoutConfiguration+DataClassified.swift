public import ActionLog

extension WebCheckoutConfiguration: DataClassified {
    /// Visits the bridge build, its checksum and the reply function (plain: configuration) and
    /// the custom events' registrations (names plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&bridgeVersion, field: "bridgeVersion", as: .plain)
        visitor.visit(&bridgeIntegrity, field: "bridgeIntegrity", as: .plain)
        visitor.visit(&replyFunction, field: "replyFunction", as: .plain)
        visitor.visit(&customEvents, field: "customEvents", keys: .plain)
    }

    /// The policy of each custom event's data, registered under
    /// ``BridgeMessageDataPolicy/registrationName(ofCustomEvent:)``: a
    /// ``BridgeCustomEventRecording/record``ed event's data is plain, a
    /// ``BridgeCustomEventRecording/personal(plainPaths:)`` one's is personal but for its plain
    /// paths. A redacted event needs none: its data never reaches a log (and an event with no
    /// registration is classified personal, see ``BridgeMessageDataPolicy/customEventData(named:registrations:)``).
    ///
    /// Every personal leaf is of kind `PersonalKind.nameOrAddress`: replaced as a whole,
    /// equal to another once case and spacing are ignored.
    public var dataRegistrations: DataRegistrations {
        var policies: [String: JSONDataPolicy] = [:]
        for (name, recording) in customEvents.sorted(by: { $0.key < $1.key }) {
            let key = BridgeMessageDataPolicy.registrationName(ofCustomEvent: name)
            let policy: JSONDataPolicy
            switch recording {
            case .record:
                policy = JSONDataPolicy(name: BridgeMessageDataPolicy.customEventDataName, otherwise: .plain)
            case .personal(let plainPaths):
                policy = JSONDataPolicy(
                    name: BridgeMessageDataPolicy.customEventDataName, otherwise: .personal(.nameOrAddress),
                    paths: Dictionary(plainPaths.map { ($0, DataClass.plain) }, uniquingKeysWith: { first, _ in first })
                )
            case .redact:
                continue
            }
            // Two names that differ only in case: the one that keeps more private wins.
            if let existing = policies[key], existing.otherwise.isPersonal { continue }
            policies[key] = policy
        }
        return DataRegistrations(jsonPolicies: policies)
    }
}
