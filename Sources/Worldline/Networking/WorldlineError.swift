/// Why a ``Session`` call failed.
///
/// ```swift
/// do {
///     let product = try await session.paymentProduct(withId: "1", context: context)
/// } catch .api(let body, let status) {
///     print(status, body.errorId, body.errors.first?.code ?? "")
/// } catch {
///     print(error)
/// }
/// ```
public enum WorldlineError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The API answered with an error status and its error body.
    case api(ApiErrorResponse, httpStatusCode: Int)
    /// The API answered with an error status and a body that is not an error body (first 512
    /// characters kept).
    case httpStatus(Int, body: String)
    /// The API answered with a body that does not decode; names the call and the field.
    case decoding(WorldlineDecodingError, endpoint: String)
    /// The request did not reach the API or its answer did not come back.
    case transport(String)
    /// The API answered with an empty body where one was expected.
    case emptyResponse
    /// The call needs ``PaymentContext/locale`` and it is nil.
    case localeWasNil
    /// The base URL is not the Client API's (`…/client/v1`).
    case unsupportedBaseURL(String)
    /// ``Session/prepare(_:)`` was called on a session created without an encryptor.
    case encryptorMissing
    /// ``Session/prepare(_:)`` was called with a request that has no payment product.
    case paymentProductMissing
    /// The encryptor failed; the message says why (e.g. the key is not RSA-2048).
    case encryption(String)

    /// A sentence for logs (never contains customer input).
    public var description: String {
        switch self {
        case .api(let body, let status): return "HTTP \(status): \(body)"
        case .httpStatus(let status, let body): return "HTTP \(status) without an error body: \(body)"
        case .decoding(let error, let endpoint): return "Undecodable answer from \(endpoint): \(error)"
        case .transport(let message): return "Network failure: \(message)"
        case .emptyResponse: return "Response was empty."
        case .localeWasNil: return "Locale was nil."
        case .unsupportedBaseURL(let url):
            return "\(url) is not a Client API base URL; this SDK is only compatible with client/v1."
        case .encryptorMissing: return "The session has no payment request encryptor."
        case .paymentProductMissing: return "The payment request has no payment product."
        case .encryption(let message): return "Encryption failed: \(message)"
        }
    }
}
