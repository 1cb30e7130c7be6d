public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches logos and tooltip images from the asset server and keeps them on disk.
///
/// An image is downloaded once and written to ``cacheDirectory`` with its `ETag` and
/// `Last-Modified`. The first time a session asks for it again, a conditional request
/// (`If-None-Match` / `If-Modified-Since`) asks the server whether it has a newer one: `304` keeps
/// the file, `200` replaces it. After that the session answers from memory without a request.
/// When the server cannot be reached, a file on disk is used as it is.
///
/// ```swift
/// let logo = try await session.assets.image(atPath: product.displayHints.logoPath)
/// ```
public actor AssetManager {
    /// The asset server, e.g. `https://assets.pay1.secured-by-ingenico.com`.
    public nonisolated let assetBaseURL: URL
    /// Where images are kept between launches.
    public nonisolated let cacheDirectory: URL

    private let transport: any HTTPTransport
    private var checkedThisSession: [String: Data] = [:]
    private var inFlight: [String: Task<Result<Data, WorldlineError>, Never>] = [:]

    init(assetBaseURL: URL, cacheDirectory: URL, transport: any HTTPTransport) {
        self.assetBaseURL = assetBaseURL
        self.cacheDirectory = cacheDirectory
        self.transport = transport
    }

    /// The default cache folder: `<caches>/CheckoutEngine/Worldline/Assets`.
    public static var defaultCacheDirectory: URL {
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return caches.appendingPathComponent("CheckoutEngine").appendingPathComponent("Worldline")
            .appendingPathComponent("Assets")
    }

    /// The image at `path` (relative to the asset base URL, e.g. a product's `logoPath`).
    ///
    /// - Throws: ``WorldlineError`` when the image is neither on disk nor downloadable.
    public func image(atPath path: String) async throws(WorldlineError) -> Data {
        if let data = checkedThisSession[path] { return data }
        // Concurrent asks for one image share one request.
        let task = inFlight[path] ?? Task { await self.load(path) }
        inFlight[path] = task
        let result = await task.value
        inFlight[path] = nil
        if case .success(let data) = result { checkedThisSession[path] = data }
        return try result.get()
    }

    /// The image at `path` as it is on disk, without any request; nil if never downloaded.
    public func cachedImage(atPath path: String) -> Data? {
        checkedThisSession[path] ?? readCache(path)?.data
    }

    /// Downloads (or revalidates) the logos of `items` and their accounts on file; failures are
    /// ignored, as a missing logo must not stop a checkout.
    public func preloadImages(for items: PaymentItems) async {
        var paths = items.paymentItems.map(\.displayHints.logoPath)
        paths += items.accountsOnFile.compactMap(\.displayHints.logoPath)
        for path in Set(paths).sorted() { _ = try? await image(atPath: path) }
    }

    // MARK: Network

    private struct Cached: Sendable {
        var data: Data
        var metadata: Metadata
    }

    private struct Metadata: Codable, Sendable {
        var etag: String?
        var lastModified: String?
    }

    /// The asset's URL: the base URL's path followed by `path` (percent-encoded where needed).
    nonisolated func assetURL(path: String) -> URL? {
        var base = assetBaseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let separator = path.hasPrefix("/") ? "" : "/"
        guard let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) else { return nil }
        return URL(string: base + separator + encoded)
    }

    private func makeRequest(path: String, cached: Cached?) -> URLRequest? {
        guard let url = assetURL(path: path) else { return nil }
        var request = URLRequest(url: url)
        if let etag = cached?.metadata.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let modified = cached?.metadata.lastModified {
            request.setValue(modified, forHTTPHeaderField: "If-Modified-Since")
        }
        request.cachePolicy = .reloadIgnoringLocalCacheData
        return request
    }

    private func load(_ path: String) async -> Result<Data, WorldlineError> {
        let cached = readCache(path)
        guard let request = makeRequest(path: path, cached: cached) else {
            return cached.map { .success($0.data) } ?? .failure(.transport("no valid URL for the asset path \(path)"))
        }
        do {
            let (data, response) = try await transport.send(request)
            switch response.statusCode {
            case 304:
                if let cached { return .success(cached.data) }
                return .failure(.httpStatus(304, body: "not modified, but nothing is cached"))
            case 200...299 where !data.isEmpty:
                store(
                    data, etag: response.value(forHTTPHeaderField: "ETag"),
                    lastModified: response.value(forHTTPHeaderField: "Last-Modified"), forPath: path)
                return .success(data)
            default:
                if let cached { return .success(cached.data) }
                if data.isEmpty, (200...299).contains(response.statusCode) { return .failure(.emptyResponse) }
                return .failure(
                    .httpStatus(response.statusCode, body: String(decoding: data.prefix(512), as: UTF8.self)))
            }
        } catch {
            // Offline: an image on disk is better than none.
            if let cached { return .success(cached.data) }
            return .failure(.transport(String(describing: error)))
        }
    }

    // MARK: Disk

    private func fileURL(_ path: String) -> URL {
        cacheDirectory.appendingPathComponent(Self.fileName(for: path))
    }

    /// A file name that keeps paths apart: anything but letters, digits, `.` and `-` becomes
    /// `_` plus its hex code, so `a/b` and `a_b` do not collide.
    static func fileName(for path: String) -> String {
        var name = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || scalar == "." || scalar == "-"
            {
                name.unicodeScalars.append(scalar)
            } else {
                name += "_" + String(byte, radix: 16, uppercase: true)
            }
        }
        return name
    }

    private func readCache(_ path: String) -> Cached? {
        let url = fileURL(path)
        guard let data = try? Data(contentsOf: url) else { return nil }
        let metadataData = try? Data(contentsOf: url.appendingPathExtension("meta"))
        let metadata = metadataData.flatMap { try? JSONDecoder().decode(Metadata.self, from: $0) }
        return Cached(data: data, metadata: metadata ?? Metadata())
    }

    /// Writes a downloaded image and its validators; a full disk only costs the cache.
    func store(_ data: Data, etag: String?, lastModified: String?, forPath path: String) {
        let url = fileURL(path)
        try? FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        try? data.write(to: url, options: .atomic)
        if let metadata = try? JSONEncoder().encode(Metadata(etag: etag, lastModified: lastModified)) {
            try? metadata.write(to: url.appendingPathExtension("meta"), options: .atomic)
        }
    }
}
