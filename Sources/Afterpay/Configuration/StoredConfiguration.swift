public import Foundation

/// The last good configuration response and when it was fetched, in a form an app can persist
/// (it is `Codable`) and hand back to a new ``ConfigurationCache`` on the next launch.
public struct StoredConfiguration: Codable, Equatable, Hashable, Sendable {
    /// The response as fetched.
    public let response: ConfigurationResponse
    /// When it was fetched.
    public let fetchedAt: Date

    /// A stored response and its fetch time.
    public init(response: ConfigurationResponse, fetchedAt: Date) {
        self.response = response
        self.fetchedAt = fetchedAt
    }
}
