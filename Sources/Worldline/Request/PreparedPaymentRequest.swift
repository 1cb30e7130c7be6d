/// An encrypted payment request, ready for the merchant's server.
///
/// The server passes ``encryptedFields`` on as the encrypted customer input of its Server API
/// Create Payment call, with ``encodedClientMetaInfo``.
public struct PreparedPaymentRequest: Hashable, Sendable, Codable {
    /// The compact JWE of the customer's input.
    public var encryptedFields: String
    /// Base64 of the client meta info JSON (the same as the `X-GCS-ClientMetaInfo` header).
    public var encodedClientMetaInfo: String

    /// Creates a prepared request.
    public init(encryptedFields: String, encodedClientMetaInfo: String) {
        self.encryptedFields = encryptedFields
        self.encodedClientMetaInfo = encodedClientMetaInfo
    }
}
