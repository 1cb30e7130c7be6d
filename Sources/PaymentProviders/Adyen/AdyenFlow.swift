/// Which of Adyen's two server-side integrations the provider drives.
public enum AdyenFlow: String, Sendable, Hashable, Codable {
    /// The merchant server creates a session (`POST /sessions`); the payments and details calls
    /// carry its `sessionData`, and the session-result lookup is authoritative.
    case sessions
    /// The merchant server makes every call (`/paymentMethods`, `/payments`,
    /// `/payments/details`); the `AUTHORISATION` webhook is authoritative.
    case advanced
}
