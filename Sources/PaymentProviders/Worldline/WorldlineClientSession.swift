public import StateStore

/// A client session, as Server API *Create Session* answers it.
public struct WorldlineClientSession: Sendable, Hashable {
    /// `clientSessionId`: authenticates the app's Client API calls. A credential: never logged.
    public var clientSessionId: Sensitive<String>
    /// `customerId`: the first path component of every Client API call.
    public var customerId: String
    /// `clientApiUrl`.
    public var clientApiURL: String
    /// `assetUrl`.
    public var assetURL: String

    /// Creates a client session.
    public init(clientSessionId: Sensitive<String>, customerId: String, clientApiURL: String, assetURL: String) {
        self.clientSessionId = clientSessionId
        self.customerId = customerId
        self.clientApiURL = clientApiURL
        self.assetURL = assetURL
    }
}
