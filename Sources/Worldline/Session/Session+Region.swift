extension Session {
    /// The Ingenico-era data centre of a merchant account (SDK v5's `Region`).
    ///
    /// Legacy: new integrations use the Client API and asset URLs that the server's Create Session
    /// call returns. These are the fixed URLs the v5 SDK built from region and ``Environment``.
    public enum Region: String, Hashable, Sendable, Codable, CaseIterable {
        /// Europe (`ams1`, assets `pay1`).
        case eu = "EU"
        /// United States (`us`, assets `pay2`).
        case us = "US"
        /// Amsterdam (`ams2`, assets `pay3`).
        case ams = "AMS"
        /// Paris (`par`, assets `pay4`).
        case par = "PAR"

        /// The Client API base URL of this region in `environment`.
        public func clientAPIURL(in environment: Environment) -> String {
            let host: String
            switch self {
            case .eu: host = "ams1"
            case .us: host = "us"
            case .ams: host = "ams2"
            case .par: host = "par"
            }
            switch (self, environment) {
            case (_, .production): return "https://\(host).api-ingenico.com/client/v1"
            case (.par, .preProduction): return "https://par-preprod.api-ingenico.com/client/v1"
            case (_, .preProduction): return "https://\(host).preprod.api-ingenico.com/client/v1"
            case (_, .sandbox): return "https://\(host).sandbox.api-ingenico.com/client/v1"
            }
        }

        /// The asset base URL of this region in `environment`.
        public func assetURL(in environment: Environment) -> String {
            let pay: String
            switch self {
            case .eu: pay = "pay1"
            case .us: pay = "pay2"
            case .ams: pay = "pay3"
            case .par: pay = "pay4"
            }
            switch environment {
            case .production: return "https://assets.\(pay).secured-by-ingenico.com"
            case .preProduction: return "https://assets.\(pay).preprod.secured-by-ingenico.com"
            case .sandbox: return "https://assets.\(pay).sandbox.secured-by-ingenico.com"
            }
        }
    }

    /// Which platform a merchant account lives on (SDK v5's `Environment`): production,
    /// pre-production or the sandbox. Nested in ``Session`` so that it never clashes with SwiftUI's
    /// `Environment`.
    public enum Environment: String, Hashable, Sendable, Codable, CaseIterable {
        /// Live payments.
        case production = "PROD"
        /// The merchant's pre-production platform.
        case preProduction = "PREPROD"
        /// The sandbox (test data, no money moves).
        case sandbox = "SANDBOX"
    }
}
