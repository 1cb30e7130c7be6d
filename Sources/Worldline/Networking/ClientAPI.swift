import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Builds Client API requests (`<baseURL>/<customerId>/…` with the two headers) and turns their
/// answers into models or ``WorldlineError``s.
struct ClientAPI: Sendable {
    let baseURL: URL
    let customerId: String
    let clientSessionId: String
    let encodedClientMetaInfo: String
    let transport: any HTTPTransport
    /// Receives one line per call: method, path and query, status, size, time. Never a header
    /// (the session id authenticates) and never a body (the IIN lookup sends card digits).
    var log: (@Sendable (String) -> Void)? = nil

    /// The Client API's path; the SDK accepts nothing else.
    static let apiVersionPath = "client/v1"

    /// Normalises a base URL to end in `/client/v1`: an empty path gets it appended, `client`
    /// gets `/v1`; any other path is refused (the SDK traps there; we throw).
    static func normalizedBaseURL(_ text: String) throws(WorldlineError) -> URL {
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", components.host?.isEmpty == false
        else { throw .unsupportedBaseURL(text) }
        let path = components.path.split(separator: "/").joined(separator: "/")
        switch path {
        case "", "client", apiVersionPath: components.path = "/" + apiVersionPath
        default: throw .unsupportedBaseURL(text)
        }
        components.query = nil
        guard let url = components.url else { throw .unsupportedBaseURL(text) }
        return url
    }

    var headers: [String: String] {
        ["Authorization": "GCS v1Client:\(clientSessionId)", "X-GCS-ClientMetaInfo": encodedClientMetaInfo]
    }

    /// `<baseURL>/<customerId>/<path…>?<query>`. Each path component is percent-encoded on its
    /// own, so an id can never add a path segment (`a/b` stays one segment, `a%2Fb`).
    func url(path: [String], query: [(String, String)]) throws(WorldlineError) -> URL {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        var text = baseURL.absoluteString
        for component in [customerId] + path {
            guard let encoded = component.addingPercentEncoding(withAllowedCharacters: allowed) else {
                throw .transport("cannot encode the path component \(component)")
            }
            text += "/" + encoded
        }
        guard var components = URLComponents(string: text) else {
            throw .transport("cannot build a URL for \(path.joined(separator: "/"))")
        }
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        guard let result = components.url else {
            throw .transport("cannot build a URL for \(path.joined(separator: "/"))")
        }
        return result
    }

    func get<T: Decodable>(
        _ type: T.Type, path: [String], query: [(String, String)] = []
    ) async throws(WorldlineError) -> T {
        var request = URLRequest(url: try url(path: path, query: query))
        request.httpMethod = "GET"
        return try await send(request, as: type, extraAcceptedStatus: nil)
    }

    func post<T: Decodable>(
        _ type: T.Type, path: [String], body: Data, extraAcceptedStatus: Int? = nil
    ) async throws(WorldlineError) -> T {
        var request = URLRequest(url: try url(path: path, query: []))
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return try await send(request, as: type, extraAcceptedStatus: extraAcceptedStatus)
    }

    private func send<T: Decodable>(
        _ request: URLRequest, as type: T.Type, extraAcceptedStatus: Int?
    ) async throws(WorldlineError) -> T {
        var request = request
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let endpoint = "\(request.httpMethod ?? "GET") \(request.url?.path ?? "")"
        let data: Data
        let response: HTTPURLResponse
        let clock = ContinuousClock()
        let start = clock.now
        do {
            (data, response) = try await transport.send(request)
        } catch {
            log?("\(Self.logLine(request)) -> failed: \(error)")
            throw .transport(String(describing: error))
        }
        let status = response.statusCode
        if let log {
            let elapsed = start.duration(to: clock.now).components
            let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
            log("\(Self.logLine(request)) -> \(status), \(data.count) bytes, \(milliseconds) ms")
        }
        guard (200...299).contains(status) || status == extraAcceptedStatus else {
            if let body = try? WorldlineJSON.decode(ApiErrorResponse.self, from: data) {
                throw .api(body, httpStatusCode: status)
            }
            throw .httpStatus(status, body: String(String(decoding: data, as: UTF8.self).prefix(512)))
        }
        guard !data.isEmpty else { throw .emptyResponse }
        do {
            return try WorldlineJSON.decode(type, from: data)
        } catch {
            throw .decoding(error, endpoint: endpoint)
        }
    }

    /// `METHOD path?query`, without headers or body.
    private static func logLine(_ request: URLRequest) -> String {
        let query = request.url?.query.map { "?\($0)" } ?? ""
        return "\(request.httpMethod ?? "GET") \(request.url?.path ?? "")\(query)"
    }
}
