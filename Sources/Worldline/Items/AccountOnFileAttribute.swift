/// One stored value of an account on file, e.g. the masked card number.
public struct AccountOnFileAttribute: Hashable, Sendable, Codable {
    /// Whether the customer may or must change a stored value.
    public enum Status: String, Hashable, Sendable, Codable {
        /// The value cannot be changed (e.g. the card number of a stored card).
        case readOnly = "READ_ONLY"
        /// The value may be changed.
        case canWrite = "CAN_WRITE"
        /// The value must be entered again (see ``AccountOnFileAttribute/mustWriteReason``).
        case mustWrite = "MUST_WRITE"
    }

    /// The field id the value belongs to, e.g. `cardNumber`.
    public var key: String
    /// The stored value, already masked by the platform where sensitive (`************1111`).
    public var value: String?
    /// Whether the value may be changed.
    public var status: Status
    /// Why a ``Status/mustWrite`` value must be entered again, e.g. `IN_THE_PAST`.
    public var mustWriteReason: String?

    /// Creates an attribute.
    public init(key: String, value: String?, status: Status, mustWriteReason: String? = nil) {
        self.key = key
        self.value = value
        self.status = status
        self.mustWriteReason = mustWriteReason
    }

    /// Whether the customer may change the value (status is not ``Status/readOnly``).
    public var isEditingAllowed: Bool { status != .readOnly }
}
