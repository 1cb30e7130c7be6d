/// An error answer of Adyen's API (`{"status": 422, "errorCode": "137", "message": …,
/// "errorType": "validation"}`), or of the merchant server relaying it.
public struct AdyenAPIError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The HTTP status.
    public var status: Int
    /// Adyen's error code (`137`).
    public var errorCode: String
    /// What was wrong.
    public var message: String
    /// `validation`, `security`, `configuration`, `internal`.
    public var errorType: String

    /// Creates an error.
    public init(status: Int, errorCode: String, message: String, errorType: String) {
        self.status = status
        self.errorCode = errorCode
        self.message = message
        self.errorType = errorType
    }

    /// `422 137 (validation): Invalid amount specified`.
    public var description: String { "\(status) \(errorCode) (\(errorType)): \(message)" }
}
