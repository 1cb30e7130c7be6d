/// Why a Forms-mode submission (``BridgeFormSubmission``) was not accepted. Recorded in the state
/// as ``BridgeRejection/formSubmission(_:)``, and so in the log; nothing else changes.
///
/// A reason never repeats a value the page sent (a hidden form may hold anything, even card
/// data): a name it quotes only when it is a short identifier, otherwise only its length.
public enum BridgeFormRejection: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The URL's scheme is not ``BridgeFormSubmission/scheme``: not a submission at all (the
    /// navigation decision lets such a URL load; only a direct ``BridgeFormSubmission/decode(_:)``
    /// reports it).
    case notASubmission(scheme: String)
    /// The URL is not one the format allows (no `//` after the scheme, a fragment).
    case malformedURL(reason: String)
    /// The URL's host is not ``BridgeFormSubmission/host``.
    case wrongHost(String)
    /// The path does not name one event (missing, several segments, not a name).
    case invalidEvent(reason: String)
    /// A required query parameter is missing.
    case missingParameter(String)
    /// A query parameter appears more than once.
    case duplicatedParameter(String)
    /// The query holds a parameter the format does not have.
    case unexpectedParameter(String)
    /// The data was sent in the request's body (a `POST` form), which the format never reads.
    case dataInBody(method: String)
    /// A `%` not followed by two hexadecimal digits, at this byte of the URL (0-based).
    case invalidPercentEncoding(part: String, offset: Int)
    /// The URL or its data is larger than the format allows.
    case tooLarge(part: String, bytes: Int, limit: Int)
    /// The data is not UTF-8, not JSON, nested too deep, or not an object or null.
    case invalidData(reason: String)

    /// What was wrong, and where.
    public var description: String {
        switch self {
        case .notASubmission(let scheme): return "the scheme \(scheme) is not \(BridgeFormSubmission.scheme)"
        case .malformedURL(let reason): return "malformed URL: \(reason)"
        case .wrongHost(let host): return "the host \(host) is not \(BridgeFormSubmission.host)"
        case .invalidEvent(let reason): return "event: \(reason)"
        case .missingParameter(let name): return "missing parameter \(name)"
        case .duplicatedParameter(let name): return "parameter \(name) appears more than once"
        case .unexpectedParameter(let name): return "unexpected parameter \(name)"
        case .dataInBody(let method):
            return "a \(method) submission without data in its URL: the body is never read (use method=get)"
        case .invalidPercentEncoding(let part, let offset):
            return "invalid percent-encoding in \(part) at byte \(offset)"
        case .tooLarge(let part, let bytes, let limit): return "\(part) is \(bytes) bytes, more than \(limit)"
        case .invalidData(let reason): return "data: \(reason)"
        }
    }
}
