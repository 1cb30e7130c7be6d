/// The privacy policy to show for a product (`GET /{customerId}/services/privacypolicy`).
public struct PrivacyPolicyResponse: Hashable, Sendable, Codable {
    /// The policy as HTML, if the platform has one.
    public var htmlContent: String?

    /// Creates a response.
    public init(htmlContent: String?) {
        self.htmlContent = htmlContent
    }
}
