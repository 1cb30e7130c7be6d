public import Foundation
import URLLoading

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

    /// Sends `request` with `URLSession.cancellableData(for:)` (URLLoading): a cancelled caller
    /// gets `URLError(.cancelled)`, and on Linux the load is not cancelled under
    /// FoundationNetworking, whose cancel races the load's end (a crash or a call that never
    /// returns).
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await session.cancellableData(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return (data, http)
    }
}
