/// The card networks of a wallet product such as Apple Pay (`GET /{customerId}/products/{id}/networks`).
public struct PaymentProductNetworks: Hashable, Sendable, Codable {
    /// Network names, e.g. `visa`, `masterCard`.
    public var networks: [String]

    /// Creates a network list.
    public init(networks: [String]) {
        self.networks = networks
    }
}
