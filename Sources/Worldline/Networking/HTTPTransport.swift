public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Sends one HTTP request and returns the body and response.
///
/// ``Session`` uses ``URLSessionTransport`` by default. `WorldlineSandbox` (in the CheckoutSandbox
/// module, never linked by a shipping app) answers in memory (demos, tests without a network); a
/// test can also hold an answer back to see what happens while a call is in flight.
public protocol HTTPTransport: Sendable {
    /// Sends `request`; throws when no response comes back (an HTTP error status is a response).
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// The real transport: a `URLSession` (FoundationNetworking on Linux).
public struct URLSessionTransport: HTTPTransport {
    /// The URL session requests go through.
    public let session: URLSession

    /// Creates a transport over `session`.
    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// Sends `request` with `URLSession.data(for:)`.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return (data, http)
    }
}
