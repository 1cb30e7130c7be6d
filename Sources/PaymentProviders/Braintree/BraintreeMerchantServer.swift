/// The merchant server's Braintree calls, as the host app reaches them (the server holds the
/// private key). The host implements it over its backend; `BraintreeSandboxServer` (in the
/// CheckoutSandbox module) implements it in memory.
public protocol BraintreeMerchantServer: Sendable {
    /// `ClientToken.generate`, with the customer id when vaulted methods should appear.
    func clientToken(customerID: String?) async throws -> String

    /// `Transaction.sale`.
    func sale(_ request: BraintreeSaleRequest) async throws -> BraintreeSaleResult

    /// `Transaction.find`: the authoritative status of a transaction.
    func findTransaction(id: String) async throws -> BraintreeTransaction
}
