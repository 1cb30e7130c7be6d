public import ActionLog
import StateStore

// The order placement's actions and the backend's order.

extension OrderAction: LogDecodable {
    /// Decodes an order placement action from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        switch name {
        case "placementKeyMade":
            self = .placementKeyMade(
                idempotencyKey: try payload.require("idempotencyKey").string(),
                paymentReference: try payload.require("paymentReference").string())
        case "retryDue":
            self = .retryDue(retry: try payload.require("retry").int())
        case "retryTapped":
            _ = try payload.casePayload()
            self = .retryTapped
        default:
            throw unknownCase(name, of: OrderAction.self)
        }
    }
}

extension PlacedOrder: LogDecodable {
    /// Decodes an order from a log line, as its `init(from:)` does (an empty id or number is left
    /// to `Decodable`, which names the field).
    public init(logValue value: LogValue) throws {
        let id = try value.require("id").string()
        let number = try value.require("number").string()
        guard !id.isEmpty, !number.isEmpty else { throw LogValue.Mismatch("an empty order id or number") }
        self.init(
            id: id, number: number, status: try value.require("status").rawValue(),
            total: try value.require("total").decode())
    }
}
