public import StateStore

/// What a finished action produced (3-D Secure result, the redirect's return URL, SDK data).
public struct PaymentActionDetails: Sendable, Hashable, Codable {
    /// The action's result data for the provider. Secret.
    public var payload: Sensitive<String>
    /// The return URL the app was opened with after a redirect, if this came from one. Secret:
    /// it carries tokens.
    public var returnURL: Sensitive<String>?
    /// The status widget's payment-schedule checksum, set by the checkout when the provider
    /// uses a status widget (capture must carry the latest one).
    public var widgetChecksum: String?

    /// Creates details.
    public init(payload: Sensitive<String>, returnURL: Sensitive<String>? = nil, widgetChecksum: String? = nil) {
        self.payload = payload
        self.returnURL = returnURL
        self.widgetChecksum = widgetChecksum
    }
}
