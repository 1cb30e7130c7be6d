import Afterpay
import Foundation
import XCTest

final class ConfigurationCacheTests: XCTestCase {
    private static func response(_ maximum: String) -> ConfigurationResponse {
        ConfigurationResponse(
            minimumAmount: Money(amount: "1.00", currency: "AUD"),
            maximumAmount: Money(amount: maximum, currency: "AUD"))
    }

    private let clock = FakeClock()

    private func cache(
        _ fetcher: ScriptedFetcher, fallback: ConfigurationResponse? = nil, stored: StoredConfiguration? = nil
    ) -> ConfigurationCache {
        let clock = self.clock
        return ConfigurationCache(
            fetcher: fetcher, locale: Locale(identifier: "en_AU"), environment: .sandbox,
            fallback: fallback, stored: stored, now: { clock.now })
    }

    func testFirstCallFetchesAndKeepsTheFetchTime() async {
        let fetcher = ScriptedFetcher([.success(Self.response("2000.00"))])
        let cache = cache(fetcher)
        let entry = await cache.current()
        XCTAssertEqual(entry?.source, .fetched)
        XCTAssertEqual(entry?.configuration.maximumAmount, 2000)
        XCTAssertEqual(entry?.fetchedAt, clock.now)
        let stored = await cache.stored
        XCTAssertEqual(stored, StoredConfiguration(response: Self.response("2000.00"), fetchedAt: clock.now))
    }

    func testConfigurationIsReusedForADay() async {
        let fetcher = ScriptedFetcher([.success(Self.response("2000.00")), .success(Self.response("3000.00"))])
        let cache = cache(fetcher)
        _ = await cache.current()
        clock.advance(by: 24 * 60 * 60 - 1)
        let sameDay = await cache.current()
        XCTAssertEqual(sameDay?.source, .cached)
        XCTAssertEqual(sameDay?.configuration.maximumAmount, 2000)
        let calls = await fetcher.calls
        XCTAssertEqual(calls, 1)
    }

    func testConfigurationIsRefreshedAfterADay() async {
        let fetcher = ScriptedFetcher([.success(Self.response("2000.00")), .success(Self.response("3000.00"))])
        let cache = cache(fetcher)
        _ = await cache.current()
        clock.advance(by: 24 * 60 * 60)
        let nextDay = await cache.current()
        XCTAssertEqual(nextDay?.source, .fetched)
        XCTAssertEqual(nextDay?.configuration.maximumAmount, 3000)
        XCTAssertEqual(nextDay?.fetchedAt, clock.now)
    }

    func testFallbackIsUsedWhenTheFirstFetchFails() async {
        let fetcher = ScriptedFetcher([.failure(.init())])
        let cache = cache(fetcher, fallback: Self.response("1500.00"))
        let entry = await cache.current()
        XCTAssertEqual(entry?.source, .fallback)
        XCTAssertEqual(entry?.configuration.maximumAmount, 1500)
        XCTAssertNil(entry?.fetchedAt)
        let error = await cache.lastError
        XCTAssertEqual(error, .fetchFailed("offline"))
    }

    func testNoFallbackAndNoFetchGivesNothing() async {
        let cache = cache(ScriptedFetcher([.failure(.init())]))
        let entry = await cache.current()
        XCTAssertNil(entry)
    }

    func testLastGoodConfigurationIsKeptWhenARefreshFails() async {
        let fetcher = ScriptedFetcher([.success(Self.response("2000.00")), .failure(.init())])
        let cache = cache(fetcher, fallback: Self.response("1500.00"))
        _ = await cache.current()
        let fetchedAt = clock.now
        clock.advance(by: 2 * 24 * 60 * 60)
        let entry = await cache.current()
        XCTAssertEqual(entry?.source, .stale)
        XCTAssertEqual(entry?.configuration.maximumAmount, 2000)
        XCTAssertEqual(entry?.fetchedAt, fetchedAt)
    }

    func testInvalidResponseIsAFailedRefresh() async {
        let fetcher = ScriptedFetcher([.success(Self.response("not a number"))])
        let cache = cache(fetcher, fallback: Self.response("1500.00"))
        let entry = await cache.current()
        XCTAssertEqual(entry?.source, .fallback)
        let error = await cache.lastError
        XCTAssertEqual(error, .invalidResponse(.invalidConfiguration(.invalidMaximum("not a number"))))
        let stored = await cache.stored
        XCTAssertNil(stored)
    }

    func testAfterAFailureFetchingWaitsForTheRetryInterval() async {
        let fetcher = ScriptedFetcher([.failure(.init()), .success(Self.response("2000.00"))])
        let cache = cache(fetcher, fallback: Self.response("1500.00"))
        _ = await cache.current()
        clock.advance(by: 60)
        let soon = await cache.current()
        XCTAssertEqual(soon?.source, .fallback)
        var calls = await fetcher.calls
        XCTAssertEqual(calls, 1)
        clock.advance(by: 5 * 60)
        let later = await cache.current()
        XCTAssertEqual(later?.source, .fetched)
        calls = await fetcher.calls
        XCTAssertEqual(calls, 2)
        let error = await cache.lastError
        XCTAssertNil(error)
    }

    func testStoredConfigurationFromALastLaunchIsUsedUntilItIsADayOld() async {
        let stored = StoredConfiguration(response: Self.response("2500.00"), fetchedAt: clock.now)
        let fetcher = ScriptedFetcher([.success(Self.response("3000.00"))])
        let cache = cache(fetcher, stored: stored)
        clock.advance(by: 60 * 60)
        let entry = await cache.current()
        XCTAssertEqual(entry?.source, .cached)
        XCTAssertEqual(entry?.configuration.maximumAmount, 2500)
        clock.advance(by: 24 * 60 * 60)
        let refreshed = await cache.current()
        XCTAssertEqual(refreshed?.configuration.maximumAmount, 3000)
    }

    func testClockGoingBackwardsForcesARefresh() async {
        let fetcher = ScriptedFetcher([.success(Self.response("2000.00")), .success(Self.response("3000.00"))])
        let cache = cache(fetcher)
        _ = await cache.current()
        clock.advance(by: -60)
        let entry = await cache.current()
        XCTAssertEqual(entry?.source, .fetched)
        XCTAssertEqual(entry?.configuration.maximumAmount, 3000)
    }

    func testRefreshFetchesEvenWhenFresh() async throws {
        let fetcher = ScriptedFetcher([.success(Self.response("2000.00")), .success(Self.response("3000.00"))])
        let cache = cache(fetcher)
        _ = await cache.current()
        let stored = try await cache.refresh()
        XCTAssertEqual(stored.response, Self.response("3000.00"))
        let entry = await cache.current()
        XCTAssertEqual(entry?.configuration.maximumAmount, 3000)
    }

    func testConcurrentCallersShareOneFetch() async {
        let fetcher = ScriptedFetcher([.success(Self.response("2000.00")), .success(Self.response("3000.00"))])
        await fetcher.holdNextFetch()
        let cache = cache(fetcher)
        async let first = cache.current()
        await fetcher.waitUntilStarted()
        async let second = cache.current()
        for _ in 0..<100 { await Task.yield() }
        await fetcher.release()
        let results = await [first, second]
        XCTAssertEqual(results.map { $0?.configuration.maximumAmount }, [2000, 2000])
        let calls = await fetcher.calls
        XCTAssertEqual(calls, 1)
    }
}
