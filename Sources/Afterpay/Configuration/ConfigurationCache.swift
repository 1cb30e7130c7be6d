public import Foundation

/// Keeps the merchant's configuration fresh: the last good one with its fetch time, a refresh
/// once a day, and a bundled fallback for when the very first fetch fails.
///
/// Afterpay's guidance: the configuration "can be cached and should be updated once per day", and
/// an app should ship an initial version matching the live configuration in case the first load
/// fails. This actor implements exactly that, with an injectable clock so tests need no sleeps.
///
/// ```swift
/// let cache = ConfigurationCache(
///     fetcher: BackendConfigurationFetcher(),
///     locale: Locale(identifier: "en_AU"),
///     environment: .production,
///     fallback: ConfigurationResponse(
///         minimumAmount: Money(amount: "1.00", currency: "AUD"),
///         maximumAmount: Money(amount: "2000.00", currency: "AUD")))
/// if let entry = await cache.current() {
///     Afterpay.setConfiguration(entry.configuration)
/// }
/// ```
///
/// Rules of ``current()``:
/// - a configuration fetched less than ``refreshInterval`` ago is returned as it is (``Entry/Source/cached``);
/// - otherwise it is fetched; a good response replaces the last good one (``Entry/Source/fetched``);
/// - when fetching fails, or the response is invalid, the last good configuration is returned
///   (``Entry/Source/stale``), or when there has never been one the fallback
///   (``Entry/Source/fallback``), or nil without a fallback; the error is kept in ``lastError``;
/// - after a failure, no new fetch is attempted for ``retryInterval``, so a screen asking on every
///   render does not hammer the backend;
/// - concurrent callers share one fetch;
/// - a clock that went backwards (fetch time in the future) counts as due for a refresh.
public actor ConfigurationCache {
    /// A configuration and where it came from.
    public struct Entry: Equatable, Sendable {
        /// Where a configuration came from.
        public enum Source: Equatable, Sendable {
            /// Fetched by this call.
            case fetched
            /// Fetched earlier, within the refresh interval.
            case cached
            /// The last good configuration, kept because refreshing it failed.
            case stale
            /// The bundled fallback: no fetch has succeeded yet.
            case fallback
        }

        /// The configuration to use.
        public let configuration: Configuration
        /// Where it came from.
        public let source: Source
        /// When it was fetched; nil for the fallback.
        public let fetchedAt: Date?
    }

    /// Why the latest refresh failed.
    public enum RefreshError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The fetcher threw; carries its description.
        case fetchFailed(String)
        /// The fetched response is not a valid configuration.
        case invalidResponse(ConfigurationResponseError)

        /// A sentence saying what failed.
        public var description: String {
            switch self {
            case .fetchFailed(let reason): return "Fetching the Afterpay configuration failed: \(reason)"
            case .invalidResponse(let error): return "The fetched Afterpay configuration is invalid: \(error)"
            }
        }
    }

    /// How long a fetched configuration is used before it is refreshed (a day by default).
    public let refreshInterval: TimeInterval
    /// How long to wait after a failed fetch before trying again.
    public let retryInterval: TimeInterval

    private let fetcher: any ConfigurationFetching
    private let locale: Locale
    private let environment: Configuration.Environment
    private let consumerLocale: Locale?
    private let fallback: ConfigurationResponse?
    private let now: @Sendable () -> Date

    private var lastGood: (stored: StoredConfiguration, configuration: Configuration)?
    private var lastFailureAt: Date?
    private var inFlight: Task<StoredConfiguration, any Error>?

    /// The reason the latest refresh failed; nil after a successful one.
    public private(set) var lastError: RefreshError?

    /// A cache for one merchant locale and environment.
    ///
    /// - Parameters:
    ///   - fetcher: Fetches the response.
    ///   - locale: The merchant locale the configurations are built with.
    ///   - environment: The environment they are built with.
    ///   - consumerLocale: The consumer locale they carry, if known.
    ///   - fallback: The bundled response used until a fetch succeeds.
    ///   - stored: A configuration persisted from a previous launch; it counts as the last good
    ///     one (with its original fetch time) when it is still valid.
    ///   - refreshInterval: How long a fetched configuration is fresh; one day by default.
    ///   - retryInterval: How long to wait after a failed fetch; five minutes by default.
    ///   - now: The clock; tests pass a fake one.
    public init(
        fetcher: any ConfigurationFetching,
        locale: Locale,
        environment: Configuration.Environment,
        consumerLocale: Locale? = nil,
        fallback: ConfigurationResponse? = nil,
        stored: StoredConfiguration? = nil,
        refreshInterval: TimeInterval = 24 * 60 * 60,
        retryInterval: TimeInterval = 5 * 60,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.fetcher = fetcher
        self.locale = locale
        self.environment = environment
        self.consumerLocale = consumerLocale
        self.fallback = fallback
        self.refreshInterval = refreshInterval
        self.retryInterval = retryInterval
        self.now = now
        if let stored, let configuration = try? Self.build(stored.response, locale, environment, consumerLocale) {
            self.lastGood = (stored, configuration)
        }
    }

    /// The last good response and its fetch time, for the app to persist.
    public var stored: StoredConfiguration? {
        lastGood?.stored
    }

    /// The configuration to use now, refreshing it first when it is due (see the type's rules).
    public func current() async -> Entry? {
        let time = now()
        if let lastGood, !isDue(lastGood.stored.fetchedAt, at: time) {
            return Entry(configuration: lastGood.configuration, source: .cached, fetchedAt: lastGood.stored.fetchedAt)
        }
        if let lastFailureAt, time >= lastFailureAt, time.timeIntervalSince(lastFailureAt) < retryInterval {
            return fallbackEntry()
        }
        do {
            try await refresh()
        } catch {
            return fallbackEntry()
        }
        guard let lastGood else { return fallbackEntry() }
        return Entry(configuration: lastGood.configuration, source: .fetched, fetchedAt: lastGood.stored.fetchedAt)
    }

    /// Fetches now, whatever the age of the last good configuration, and keeps the result when
    /// it is valid.
    ///
    /// - Throws: ``RefreshError`` when the fetch fails or its response is invalid; the last good
    ///   configuration is kept.
    @discardableResult
    public func refresh() async throws(RefreshError) -> StoredConfiguration {
        let task: Task<StoredConfiguration, any Error>
        if let inFlight {
            task = inFlight
        } else {
            let fetcher = self.fetcher
            let now = self.now
            task = Task {
                let response = try await fetcher.fetchConfiguration()
                return StoredConfiguration(response: response, fetchedAt: now())
            }
            inFlight = task
        }
        let stored: StoredConfiguration
        do {
            stored = try await task.value
        } catch {
            finish(task, failure: .fetchFailed("\(error)"))
            throw .fetchFailed("\(error)")
        }
        do {
            let configuration = try Self.build(stored.response, locale, environment, consumerLocale)
            if inFlight == task {
                inFlight = nil
            }
            lastGood = (stored, configuration)
            lastError = nil
            lastFailureAt = nil
            return stored
        } catch {
            finish(task, failure: .invalidResponse(error))
            throw .invalidResponse(error)
        }
    }

    private func finish(_ task: Task<StoredConfiguration, any Error>, failure: RefreshError) {
        if inFlight == task {
            inFlight = nil
        }
        lastError = failure
        lastFailureAt = now()
    }

    private func isDue(_ fetchedAt: Date, at time: Date) -> Bool {
        time < fetchedAt || time.timeIntervalSince(fetchedAt) >= refreshInterval
    }

    private func fallbackEntry() -> Entry? {
        if let lastGood {
            return Entry(configuration: lastGood.configuration, source: .stale, fetchedAt: lastGood.stored.fetchedAt)
        }
        guard let fallback, let configuration = try? Self.build(fallback, locale, environment, consumerLocale) else {
            return nil
        }
        return Entry(configuration: configuration, source: .fallback, fetchedAt: nil)
    }

    private static func build(
        _ response: ConfigurationResponse, _ locale: Locale, _ environment: Configuration.Environment,
        _ consumerLocale: Locale?
    ) throws(ConfigurationResponseError) -> Configuration {
        try Configuration(response: response, locale: locale, environment: environment, consumerLocale: consumerLocale)
    }
}
