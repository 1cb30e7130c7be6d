import Foundation

/// What the Client API learns about the app and device, sent base64-encoded in the
/// `X-GCS-ClientMetaInfo` header of every call and in ``PreparedPaymentRequest``.
///
/// The defaults describe this platform. `sdkIdentifier` and `sdkCreator` default to the values of
/// the Swift SDK v7 whose wire format this module speaks (including its spelling `Wordline
/// Connect`, quirk 12), since the platform may key on them; override them if your contract says
/// otherwise.
public struct ClientMetaInfo: Hashable, Sendable {
    /// `"<system>/<version>"`, e.g. `iOS/17.5` or `Linux/6.1.0`.
    public var platformIdentifier: String
    /// The SDK's identifier, e.g. `SwiftClientSDK/v7.0.0`.
    public var sdkIdentifier: String
    /// Who made the SDK.
    public var sdkCreator: String
    /// Screen width and height in pixels written together (`11702532` for 1170×2532); `0` without a screen.
    public var screenSize: String
    /// The device brand (`Apple`, or the system name elsewhere).
    public var deviceBrand: String
    /// The machine, e.g. `iPhone14,7` or `x86_64`.
    public var deviceType: String
    /// The app's identifier; `UNKNOWN` when empty.
    public var appIdentifier: String
    /// The customer's IP address, if the app knows it.
    public var ipAddress: String?
    /// Extra keys merged in (kept per session, unlike the SDK's process-wide singleton).
    public var additionalData: [String: String]

    /// Creates meta info with this platform's defaults.
    public init(
        appIdentifier: String?, ipAddress: String? = nil, additionalData: [String: String] = [:],
        platformIdentifier: String = ClientMetaInfo.currentPlatform, sdkIdentifier: String = "SwiftClientSDK/v7.0.0",
        sdkCreator: String = "Wordline Connect", screenSize: String = "0",
        deviceBrand: String = ClientMetaInfo.currentBrand, deviceType: String = ClientMetaInfo.currentMachine
    ) {
        self.appIdentifier = (appIdentifier?.isEmpty ?? true) ? "UNKNOWN" : (appIdentifier ?? "UNKNOWN")
        self.ipAddress = ipAddress
        self.additionalData = additionalData
        self.platformIdentifier = platformIdentifier
        self.sdkIdentifier = sdkIdentifier
        self.sdkCreator = sdkCreator
        self.screenSize = screenSize
        self.deviceBrand = deviceBrand
        self.deviceType = deviceType
    }

    /// The members as the JSON object's keys and values.
    public var dictionary: [String: String] {
        var result = additionalData
        result["platformIdentifier"] = platformIdentifier
        result["sdkIdentifier"] = sdkIdentifier
        result["sdkCreator"] = sdkCreator
        result["screenSize"] = screenSize
        result["deviceBrand"] = deviceBrand
        result["deviceType"] = deviceType
        result["appIdentifier"] = appIdentifier
        if let ipAddress, !ipAddress.isEmpty { result["ipAddress"] = ipAddress }
        return result
    }

    /// Standard base64 (with padding) of the compact JSON object (keys sorted, so the value is stable).
    public var base64Encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a [String: String] cannot fail; fall back to an empty object rather than trap.
        let data = (try? encoder.encode(dictionary)) ?? Data("{}".utf8)
        return data.base64EncodedString()
    }

    /// This system's name and version, e.g. `Linux/6.1.0`.
    public static var currentPlatform: String {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        #if os(iOS)
        let system = "iOS"
        #elseif os(macOS)
        let system = "macOS"
        #elseif os(tvOS)
        let system = "tvOS"
        #elseif os(watchOS)
        let system = "watchOS"
        #elseif os(Linux)
        let system = "Linux"
        #else
        let system = "Unknown"
        #endif
        return "\(system)/\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
    }

    /// `Apple` on Apple platforms, else the system's name.
    public static var currentBrand: String {
        #if canImport(Darwin)
        return "Apple"
        #else
        return "Linux"
        #endif
    }

    /// The machine's architecture name (`hw.machine` on Apple devices gives the model instead).
    public static var currentMachine: String {
        #if arch(x86_64)
        return "x86_64"
        #elseif arch(arm64)
        return "arm64"
        #else
        return "unknown"
        #endif
    }
}
