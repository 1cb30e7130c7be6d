public import ActionLog
import StateStore

// The user's edits in the native sections (the address they carry decodes in
// CheckoutDetails+LogDecodable.swift).

extension NativeAction: LogDecodable {
    /// Decodes a native action from a log line, as the synthesised `init(from:)` does.
    public init(logValue value: LogValue) throws {
        let (name, payload) = try value.singleMemberName()
        switch name {
        case "emailSubmitted": self = .emailSubmitted(try payload.require("_0").string())
        case "editShippingContactTapped":
            _ = try payload.casePayload()
            self = .editShippingContactTapped
        case "editBillingContactTapped":
            _ = try payload.casePayload()
            self = .editBillingContactTapped
        case "addressBookEntrySelected": self = .addressBookEntrySelected(id: try payload.require("id").string())
        case "addNewAddressTapped":
            _ = try payload.casePayload()
            self = .addNewAddressTapped
        case "addressFormSubmitted": self = .addressFormSubmitted(try payload.require("_0").decode())
        case "addressEditorClosed":
            _ = try payload.casePayload()
            self = .addressEditorClosed
        case "useShippingAsBillingTapped":
            _ = try payload.casePayload()
            self = .useShippingAsBillingTapped
        case "shippingMethodSelected": self = .shippingMethodSelected(id: try payload.require("id").string())
        default: throw unknownCase(name, of: NativeAction.self)
        }
    }
}
