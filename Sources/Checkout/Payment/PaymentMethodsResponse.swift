public import StateStore

/// A provider's whole payment-methods answer, as its drop-in SDK reads it: Adyen's `/paymentMethods`
/// response in the advanced flow (the SDK decodes its `PaymentMethods` from that JSON), kept in
/// ``PaymentSession/paymentMethodsResponse`` for the host.
///
/// The answer is a `JSONValue`: members keep their order and numbers their text, so the log records
/// it and a replay reads it back byte for byte. The exception is the members the provider names as
/// secret when it builds the value (Adyen's `storedPaymentMethods`: a saved card's expiry date and
/// holder name, the stored method's id, a wallet's email): they are `Sensitive`, and a log holds the
/// redaction marker in their place, in the same position.
///
/// ```swift
/// let response = PaymentMethodsResponse(json: answer, secretMembers: ["storedPaymentMethods"])
/// response.redactedJSON.jsonText  // {"paymentMethods":[…],"storedPaymentMethods":"[REDACTED]"}
/// response.json.jsonText          // the answer as it came, stored methods included
/// ```
///
/// Read back from a log, ``isRedacted`` is `true` when a secret member was written (its value is
/// unknown); an answer without secret members reads back equal to the one recorded.
public struct PaymentMethodsResponse: Sendable, Hashable {
    /// The answer with each secret member's value replaced by the redaction marker: what a log
    /// holds, a snapshot shows and a replay reads back.
    public let redactedJSON: JSONValue
    /// The secret members with their values, in their order. Secret.
    let secretMembers: Sensitive<[JSONMember]>

    /// Keeps `json`, with its top-level members named in `secretMembers` secret.
    public init(json: JSONValue, secretMembers names: Set<String>) {
        guard case .object(let members) = json else {
            self.init(redactedJSON: json, secretMembers: Sensitive([]))
            return
        }
        var redacted: [JSONMember] = []
        var secret: [JSONMember] = []
        for member in members {
            if names.contains(member.key) {
                secret.append(member)
                redacted.append(JSONMember(key: member.key, value: .string(Sensitive<String>.redactionMarker)))
            } else {
                redacted.append(member)
            }
        }
        self.init(redactedJSON: .object(redacted), secretMembers: Sensitive(secret))
    }

    /// Reads back what a log holds: the members holding the redaction marker are the secret ones,
    /// whose values are unknown.
    public init(redactedJSON: JSONValue) {
        let marker = JSONValue.string(Sensitive<String>.redactionMarker)
        if case .object(let members) = redactedJSON, members.contains(where: { $0.value == marker }) {
            self.init(redactedJSON: redactedJSON, secretMembers: .redacted)
        } else {
            self.init(redactedJSON: redactedJSON, secretMembers: Sensitive([]))
        }
    }

    private init(redactedJSON: JSONValue, secretMembers: Sensitive<[JSONMember]>) {
        self.redactedJSON = redactedJSON
        self.secretMembers = secretMembers
    }

    /// Whether a secret member's value is unknown (the answer was read back from a log).
    public var isRedacted: Bool { secretMembers.isRedacted }

    /// The whole answer: the secret members in clear in their places, or (when ``isRedacted``) the
    /// redaction marker there. Hand it to the drop-in SDK, never to a log.
    public var json: JSONValue {
        guard let secrets = secretMembers.value, !secrets.isEmpty, case .object(let members) = redactedJSON else {
            return redactedJSON
        }
        var remaining = secrets[...]
        return .object(
            members.map { member in
                guard let next = remaining.first, next.key == member.key else { return member }
                remaining = remaining.dropFirst()
                return next
            })
    }
}

extension PaymentMethodsResponse: Codable {
    /// Decodes ``redactedJSON`` (see ``init(redactedJSON:)``).
    public init(from decoder: any Decoder) throws {
        self.init(redactedJSON: try decoder.singleValueContainer().decode(JSONValue.self))
    }

    /// Encodes ``redactedJSON``: the secret members as the redaction marker.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(redactedJSON)
    }
}
