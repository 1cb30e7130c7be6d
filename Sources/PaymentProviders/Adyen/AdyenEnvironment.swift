/// Where Adyen's SDK sends its calls: the test environment or one of the live regions.
///
/// The cases are the environments of Adyen's iOS SDK (`Environment.test`, `.liveEurope`,
/// `.liveAustralia`, `.liveUnitedStates`, `.liveApse`, `.liveIndia`); the raw values are the names
/// Adyen's other SDKs give the same regions (`live-eu`, `live-au`…), which is also how a
/// configuration file spells them. The host maps a case to the SDK's environment one to one:
///
/// ```swift
/// #if canImport(Adyen)
/// func sdkEnvironment(_ environment: AdyenEnvironment) -> Adyen.Environment {
///     switch environment {
///     case .test: return .test
///     case .liveEurope: return .liveEurope
///     case .liveAustralia: return .liveAustralia
///     case .liveUnitedStates: return .liveUnitedStates
///     case .liveApse: return .liveApse
///     case .liveIndia: return .liveIndia
///     }
/// }
/// #endif
/// ```
public enum AdyenEnvironment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Adyen's test environment: takes only `test_` client keys.
    case test = "test"
    /// Live, Europe.
    case liveEurope = "live-eu"
    /// Live, Australia.
    case liveAustralia = "live-au"
    /// Live, United States.
    case liveUnitedStates = "live-us"
    /// Live, Asia-Pacific South-East.
    case liveApse = "live-apse"
    /// Live, India.
    case liveIndia = "live-in"

    /// Whether this is a live region (it takes only `live_` client keys).
    public var isLive: Bool { self != .test }

    /// The prefix of the client keys this environment takes: `test_` or `live_`.
    public var clientKeyPrefix: String { isLive ? "live_" : "test_" }
}
