/// Fetches the merchant's configuration from Afterpay, for a ``ConfigurationCache``.
///
/// Usually your own backend calls Afterpay's `GET /v2/configuration` with the merchant
/// credentials (which must never ship in the app) and relays the body. Tests implement this with
/// a fake that returns or throws on demand; the cache never touches the network itself.
///
/// ```swift
/// struct BackendConfigurationFetcher: ConfigurationFetching {
///     func fetchConfiguration() async throws -> ConfigurationResponse {
///         let (data, _) = try await URLSession.shared.data(from: backendURL)
///         return try ConfigurationResponse(jsonData: data)
///     }
/// }
/// ```
public protocol ConfigurationFetching: Sendable {
    /// Fetches the current configuration; throws when it cannot.
    func fetchConfiguration() async throws -> ConfigurationResponse
}
