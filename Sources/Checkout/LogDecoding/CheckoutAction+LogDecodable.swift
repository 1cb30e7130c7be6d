public import ActionLog
import StateStore

// The root of the action tree: `{"family": {"_0": action}}`. A replay decodes every line through
// here, so the whole tree beneath has a fast path (see Docs/ActionLogs.md, "Fast decoding").

extension CheckoutAction: LogDecodable {
    /// Decodes an action from a log line without `Decodable`'s containers; it returns what the
    /// synthesised `init(from:)` returns for the same JSON, or throws (the reader then decodes
    /// the line through `Decodable`).
    public init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        let action = try payload.require("_0")
        switch name {
        case "common": self = .common(try action.decode())
        case "bridge": self = .bridge(try action.decode())
        case "parse": self = .parse(try action.decode())
        case "native": self = .native(try action.decode())
        case "payment": self = .payment(try action.decode())
        case "result": self = .result(try action.decode())
        case "order": self = .order(try action.decode())
        case "wallet": self = .wallet(try action.decode())
        default: throw unknownCase(name, of: CheckoutAction.self)
        }
    }
}
