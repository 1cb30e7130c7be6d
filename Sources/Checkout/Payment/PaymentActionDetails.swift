public import StateStore

/// What a finished action produced (3-D Secure result, the redirect's return URL, SDK data).
public struct PaymentActionDetails: Sendable, Hashable, Codable {
    /// The action's result data for the provider. Secret.
    public var payload: Sensitive<String>
    /// The return URL the app was opened with after a redirect, if this came from one. Secret:
    /// it carries tokens.
    public var returnURL: Sensitive<String>?

    /// Creates details.
    public init(payload: Sensitive<String>, returnURL: Sensitive<String>? = nil) {
        self.payload = payload
        self.returnURL = returnURL
    }
}
