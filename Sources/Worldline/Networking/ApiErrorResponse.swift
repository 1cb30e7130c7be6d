/// The error body the Client API answers with when a call fails.
///
/// ```json
/// { "errorId": "99", "errors": [ { "code": "9007", "httpStatusCode": 403,
///   "id": "ACCESS_TO_MERCHANT_NOT_ALLOWED", "message": "You are not allowed to perform this call." } ] }
/// ```
public struct ApiErrorResponse: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The platform's id of this error occurrence (quote it to support).
    public var errorId: String
    /// What went wrong.
    public var errors: [ApiErrorItem]

    /// Creates an error body.
    public init(errorId: String, errors: [ApiErrorItem]) {
        self.errorId = errorId
        self.errors = errors
    }

    /// `errorId` and each error's code, status and message.
    public var description: String {
        let items = errors.map { "\($0.code) (\($0.httpStatusCode)): \($0.message)" }.joined(separator: "; ")
        return "API error \(errorId): \(items)"
    }
}
