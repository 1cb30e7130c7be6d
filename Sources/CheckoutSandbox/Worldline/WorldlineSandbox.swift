public import Foundation
public import Worldline

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// An in-memory Client API serving the spec's sample data, for demos and tests without a network.
///
/// Plug it into a Worldline `Session` as its transport (``WorldlineSandbox/session(clientSessionId:customerId:encryptor:assetCacheDirectory:)``
/// does it for you). It answers every call of the Client API the way the platform would for a
/// Dutch shopper paying EUR 19.99:
///
/// - products Visa (`1`, with a stored card), MasterCard (`3`) and iDEAL (`809`); the group `cards`;
/// - product details for `1`, `3` and `809`, the `cards` group, iDEAL's directory, Apple Pay's networks;
/// - IIN lookups: numbers starting `4` are Visa (co-branded with Carte Bancaire, not allowed here),
///   `51`–`55` and `22`–`27` MasterCard, `34`/`37` American Express (known but not allowed in this
///   context), anything else unknown (HTTP 404);
/// - conversions between EUR and USD at 1.38 (the reference's example, `100` → `138`);
/// - the spec's public key (encrypting with it works; nobody can decrypt the result);
/// - any image path: a 1×1 PNG.
///
/// Calls without the `Authorization: GCS v1Client:<id>` header get the API's 403 error body, as the
/// platform would answer.
///
/// ```swift
/// let session = try WorldlineSandbox.session(encryptor: encryptor)
/// let items = try await session.paymentItems(for: context, groupPaymentProducts: true)
/// ```
public struct WorldlineSandbox: HTTPTransport {
    /// The sandbox's Client API URL (the `.invalid` domain never resolves).
    public static let baseURL = "https://clientapi.sandbox.worldline.invalid/client/v1"
    /// The sandbox's asset URL.
    public static let assetBaseURL = "https://assets.sandbox.worldline.invalid"

    /// Creates the sandbox. It has no state; one can be shared.
    public init() {}

    /// A session on the sandbox.
    public static func session(
        clientSessionId: String = SandboxSecret.make("sandbox-client-session"), customerId: String = "sandbox-customer",
        encryptor: (any PaymentRequestEncryptor)? = nil, assetCacheDirectory: URL? = nil
    ) throws(WorldlineError) -> Session {
        try Session(
            clientSessionId: clientSessionId, customerId: customerId, baseURL: baseURL, assetBaseURL: assetBaseURL,
            clientMetaInfo: ClientMetaInfo(appIdentifier: "WorldlineSandbox"), encryptor: encryptor,
            transport: WorldlineSandbox(),
            assetCacheDirectory: assetCacheDirectory
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("WorldlineSandboxAssets"))
    }

    /// Answers `request` in memory.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url else { throw URLError(.badURL) }
        if url.host == URL(string: Self.assetBaseURL)?.host {
            return try Self.response(url, 200, Self.onePixelPNG, headers: ["ETag": "\"sandbox-1\""])
        }
        let segments = url.path.split(separator: "/").map(String.init)
        guard segments.count >= 4, segments[0] == "client", segments[1] == "v1" else {
            return try Self.response(url, 404, Data("no such path".utf8))
        }
        guard request.value(forHTTPHeaderField: "Authorization")?.hasPrefix("GCS v1Client:") == true else {
            return try Self.response(url, 403, try Self.fixture("error_403"))
        }
        let query = Dictionary(
            (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map {
                ($0.name, $0.value ?? "")
            },
            uniquingKeysWith: { first, _ in first })
        let (status, body) = try Self.answer(
            method: request.httpMethod ?? "GET", route: Array(segments.dropFirst(3)), query: query,
            body: request.httpBody ?? Data())
        return try Self.response(url, status, body)
    }

    private static func answer(
        method: String, route: [String], query: [String: String], body: Data
    ) throws -> (Int, Data) {
        switch (method, route.count, route.first) {
        case ("GET", 1, "products"): return (200, try fixture("products"))
        case ("GET", 1, "productgroups"): return (200, try fixture("productgroups"))
        case ("GET", 2, "products"):
            return ["1", "3", "809"].contains(route[1])
                ? (200, try fixture("product_\(route[1])")) : notFound("productId")
        case ("GET", 2, "productgroups"):
            return route[1] == "cards" ? (200, try fixture("productgroup_cards")) : notFound("paymentProductGroupId")
        case ("GET", 3, "products") where route[2] == "networks":
            return route[1] == "302" ? (200, try fixture("networks_302")) : notFound("productId")
        case ("GET", 3, "products") where route[2] == "directory":
            return route[1] == "809" ? (200, try fixture("directory_809")) : notFound("productId")
        case ("GET", 2, "crypto") where route[1] == "publickey": return (200, try fixture("publickey"))
        case ("GET", 3, "services") where route[1] == "convert": return convert(query)
        case ("GET", 2, "services") where route[1] == "privacypolicy":
            return (200, Data(#"{"htmlContent": "<p>Sandbox privacy policy</p>"}"#.utf8))
        case ("GET", 3, "payments") where route[2] == "thirdpartystatus":
            return (200, Data(#"{"thirdPartyStatus": "COMPLETED"}"#.utf8))
        case ("POST", 2, "services") where route[1] == "getIINdetails": return try iinDetails(body)
        default: return notFound("path")
        }
    }

    private static func iinDetails(_ body: Data) throws -> (Int, Data) {
        struct Request: Decodable { var bin: String }
        let bin = (try? JSONDecoder().decode(Request.self, from: body))?.bin ?? ""
        let two = Int(bin.prefix(2)) ?? 0
        switch bin {
        case _ where bin.hasPrefix("4"): return (200, try fixture("iin_supported"))
        case _ where (51...55).contains(two) || (22...27).contains(two):
            return (200, Data(#"{"paymentProductId": 3, "countryCode": "NL", "isAllowedInContext": true}"#.utf8))
        case _ where two == 34 || two == 37: return (200, try fixture("iin_not_allowed"))
        default: return (404, try fixture("iin_unknown_404"))
        }
    }

    /// EUR ↔ USD at 1.38, rounded half up, in integer minor units; the same currency unchanged.
    /// An amount whose conversion overflows 64 bits is a bad request, as the platform answers one
    /// out of its range (it used to trap the sandbox).
    private static func convert(_ query: [String: String]) -> (Int, Data) {
        guard let amount = Int64(query["amount"] ?? "") else { return badRequest("amount") }
        let converted: Int64?
        switch (query["source"], query["target"]) {
        case let (source, target) where source == target: converted = amount
        case ("EUR", "USD"): converted = scaled(amount, by: 138, plus: 50, over: 100)
        case ("USD", "EUR"): converted = scaled(amount, by: 100, plus: 69, over: 138)
        default: return badRequest("target")
        }
        guard let converted else { return badRequest("amount") }
        return (200, Data(#"{"convertedAmount": \#(converted)}"#.utf8))
    }

    /// `(amount × factor + offset) / divisor`, or `nil` when a step overflows.
    private static func scaled(_ amount: Int64, by factor: Int64, plus offset: Int64, over divisor: Int64) -> Int64? {
        let (product, productOverflow) = amount.multipliedReportingOverflow(by: factor)
        let (sum, sumOverflow) = product.addingReportingOverflow(offset)
        return productOverflow || sumOverflow ? nil : sum / divisor
    }

    private static func notFound(_ property: String) -> (Int, Data) {
        error(404, code: "1002", id: "UNKNOWN_\(property.uppercased())", property: property)
    }

    private static func badRequest(_ property: String) -> (Int, Data) {
        error(400, code: "21000020", id: "INVALID_VALUE", property: property)
    }

    private static func error(_ status: Int, code: String, id: String, property: String) -> (Int, Data) {
        let body = """
            {"errorId": "sandbox-\(status)", "errors": [{"category": "CONNECT_PLATFORM_ERROR", "code": "\(code)",
             "httpStatusCode": \(status), "id": "\(id)", "message": "\(id)", "propertyName": "\(property)"}]}
            """
        return (status, Data(body.utf8))
    }

    /// A resource of `Resources/WorldlineSandbox`; a missing one is a server error, never a crash.
    static func fixture(_ name: String) throws -> Data {
        guard
            let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "WorldlineSandbox")
        else {
            throw URLError(.fileDoesNotExist)
        }
        return try Data(contentsOf: url)
    }

    private static func response(
        _ url: URL, _ status: Int, _ body: Data, headers: [String: String] = [:]
    ) throws -> (Data, HTTPURLResponse) {
        var fields = headers
        fields["Content-Type"] = fields["Content-Type"] ?? "application/json"
        guard
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields)
        else { throw URLError(.badServerResponse) }
        return (body, response)
    }

    /// A transparent 1×1 PNG.
    static let onePixelPNG =
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")
        ?? Data()
}
