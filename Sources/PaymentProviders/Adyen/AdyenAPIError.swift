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

    private enum CodingKeys: String, CodingKey {
        case status, errorCode, message, errorType
    }

    /// Decodes Adyen's error answer.
    ///
    /// - Throws: `DecodingError` naming `status` when it is a fraction or does not fit `Int`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decodeExactInteger(Int.self, forKey: .status)
        errorCode = try container.decode(String.self, forKey: .errorCode)
        message = try container.decode(String.self, forKey: .message)
        errorType = try container.decode(String.self, forKey: .errorType)
    }
}
