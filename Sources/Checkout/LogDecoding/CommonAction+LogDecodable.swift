public import ActionLog
import StateStore

// The actions of any checkout, and the user they may carry.

extension CommonAction: LogDecodable {
    /// Decodes a common action from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        switch name {
        case "started":
            _ = try payload.casePayload()
            self = .started
        case "loadProgressChanged": self = .loadProgressChanged(try payload.require("_0").double())
        case "dismissTapped":
            _ = try payload.casePayload()
            self = .dismissTapped
        case "dismissConfirmed":
            _ = try payload.casePayload()
            self = .dismissConfirmed
        case "dismissCancelled":
            _ = try payload.casePayload()
            self = .dismissCancelled
        case "errorDismissed": self = .errorDismissed(id: try payload.require("id").int())
        case "retryTapped": self = .retryTapped(errorID: try payload.require("errorID").int())
        case "userChanged": self = .userChanged(try payload.require("_0").decode())
        case "dynamicContentLoaded":
            self = .dynamicContentLoaded(
                slotID: try payload.require("slotID").string(), content: try payload.member("content")?.string())
        case "relaunched": self = .relaunched(try payload.require("_0").decode())
        default: throw unknownCase(name, of: CommonAction.self)
        }
    }
}

extension CheckoutUser: LogDecodable {
    /// Decodes a user from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        switch name {
        case "guest":
            _ = try payload.casePayload()
            self = .guest
        case "loggedIn":
            self = .loggedIn(addressBook: try payload.require("addressBook").array(of: AddressBookEntry.self))
        default: throw unknownCase(name, of: CheckoutUser.self)
        }
    }
}

extension AddressBookEntry: LogDecodable {
    /// Decodes an address-book entry from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        self.init(
            id: try value.require("id").string(),
            address: try value.require("address").decode(),
            isDefault: try value.require("isDefault").bool())
    }
}
