import Foundation
import XCTest

@testable import Worldline

final class AssetManagerTests: XCTestCase {
    private var server: StubServer!
    private let logo = "/templates/master/global/css/img/ppimages/pp_logo_1_v1.png"

    override func setUpWithError() throws {
        server = try StubServer.running()
    }

    private func cacheDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("worldline-assets-\(UUID().uuidString)")
    }

    func testImageIsFetchedOnceAndKeptOnDisk() async throws {
        let namespace = SessionFactory.uniqueCustomer()
        let directory = cacheDirectory()
        let session = try SessionFactory.session(
            customer: "c", server: server, assetNamespace: namespace, cacheDirectory: directory)
        let first = try await session.assets.image(atPath: logo)
        let second = try await session.assets.image(atPath: logo)
        XCTAssertEqual(String(decoding: first, as: UTF8.self), "PNG \(logo) version 1")
        XCTAssertEqual(first, second)
        let requests = try await server.requests(for: namespace)
        XCTAssertEqual(requests.map(\.path), ["/assets/\(namespace)\(logo)"])
        XCTAssertNil(requests[0].header("Authorization"), "the asset server gets no API credentials")
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(onDisk.count, 2, "the image and its validators: \(onDisk)")
    }

    func testNextSessionRevalidatesAndKeepsAnUnchangedImage() async throws {
        let namespace = SessionFactory.uniqueCustomer()
        let directory = cacheDirectory()
        let first = try SessionFactory.session(
            customer: "c", server: server, assetNamespace: namespace, cacheDirectory: directory)
        let original = try await first.assets.image(atPath: logo)
        let next = try SessionFactory.session(
            customer: "c", server: server, assetNamespace: namespace, cacheDirectory: directory)
        let cachedBeforeAsking = await next.assets.cachedImage(atPath: logo)
        XCTAssertEqual(cachedBeforeAsking, original)
        let revalidated = try await next.assets.image(atPath: logo)
        XCTAssertEqual(revalidated, original)
        let requests = try await server.requests(for: namespace)
        XCTAssertEqual(requests.count, 2)
        XCTAssertEqual(
            requests[1].header("If-None-Match"), "\"_templates_master_global_css_img_ppimages_pp_logo_1_v1.png-v1\"")
        XCTAssertNotNil(requests[1].header("If-Modified-Since"))
    }

    func testNewerImageOnTheServerReplacesTheCachedOne() async throws {
        let namespace = SessionFactory.uniqueCustomer()
        let directory = cacheDirectory()
        let first = try SessionFactory.session(
            customer: "c", server: server, assetNamespace: namespace, cacheDirectory: directory)
        _ = try await first.assets.image(atPath: logo)
        try await server.post("__assets/bump?namespace=\(namespace)&path=\(logo)")
        let next = try SessionFactory.session(
            customer: "c", server: server, assetNamespace: namespace, cacheDirectory: directory)
        let refreshed = try await next.assets.image(atPath: logo)
        XCTAssertEqual(String(decoding: refreshed, as: UTF8.self), "PNG \(logo) version 2")
        let third = try SessionFactory.session(
            customer: "c", server: server, assetNamespace: namespace, cacheDirectory: directory)
        let onDisk = await third.assets.cachedImage(atPath: logo)
        XCTAssertEqual(onDisk, refreshed, "the newer image was written to disk")
    }

    func testImageOnDiskIsUsedWhenTheServerIsUnreachable() async throws {
        let namespace = SessionFactory.uniqueCustomer()
        let directory = cacheDirectory()
        let online = try SessionFactory.session(
            customer: "c", server: server, assetNamespace: namespace, cacheDirectory: directory)
        let original = try await online.assets.image(atPath: logo)
        let offline = try Session(
            clientSessionId: "s", customerId: "c", baseURL: "http://127.0.0.1:9",
            assetBaseURL: "http://127.0.0.1:9/assets/\(namespace)",
            appIdentifier: "t", assetCacheDirectory: directory)
        let fromDisk = try await offline.assets.image(atPath: logo)
        XCTAssertEqual(fromDisk, original)
    }

    func testMissingImageIsATypedError() async throws {
        let session = try SessionFactory.session(
            customer: "c", server: server, assetNamespace: SessionFactory.uniqueCustomer())
        await XCTAssertThrowsWorldlineError(.httpStatus(404, body: "no such asset")) {
            try await session.assets.image(atPath: "/missing.png")
        }
    }

    func testPreloadFetchesEveryLogoOfTheItems() async throws {
        let namespace = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(
            customer: namespace + "-api", server: server, assetNamespace: namespace)
        let items = try await session.paymentItems(for: SessionFactory.context, groupPaymentProducts: true)
        await session.assets.preloadImages(for: items)
        let paths = try await server.requests(for: namespace).map(\.path)
        XCTAssertEqual(
            Set(paths),
            [
                "/assets/\(namespace)/templates/master/global/css/img/ppimages/group-card.png",
                "/assets/\(namespace)/templates/master/global/css/img/ppimages/pp_logo_809_v1.png",
                "/assets/\(namespace)\(logo)",
            ])
    }

    func testCacheFileNamesKeepPathsApart() {
        XCTAssertNotEqual(AssetManager.fileName(for: "a/b"), AssetManager.fileName(for: "a_b"))
        XCTAssertEqual(AssetManager.fileName(for: "/x/logo-1.png"), "_2Fx_2Flogo-1.png")
    }
}
