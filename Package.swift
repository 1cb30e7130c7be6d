// swift-tools-version: 6.0
// CheckoutEngine: a unidirectional state engine and the checkout that runs on it.
//
// The design fixes zero package dependencies: only the toolchain's modules and, for
// cryptography, the platform's (OpenSSL's libcrypto on Linux, Security/CommonCrypto on Apple).
//
// Each module keeps its products and targets in its own section below, so that work on one
// module never touches another's lines.
import PackageDescription

/// Strict settings for every target (Swift 6 language mode comes with tools version 6).
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// MARK: - StateStore: the generic engine

let stateStoreProducts: [Product] = [
    .library(name: "StateStore", targets: ["StateStore"])
]
let stateStoreTargets: [Target] = [
    .target(name: "StateStore", dependencies: ["CAtomics"], swiftSettings: strict),
    // C11 atomics (static inline): the store's owner check, the recorder's lock-free queue.
    // `Synchronization.Atomic` needs macOS 15 / iOS 18, and ThreadSanitizer understands C11 atomics.
    .target(name: "CAtomics"),
    .testTarget(name: "StateStoreTests", dependencies: ["StateStore", "StoreTestSupport"], swiftSettings: strict),
    // The counter state, reducer and helpers the engine's and the log's tests share.
    .target(
        name: "StoreTestSupport",
        dependencies: ["StateStore"],
        path: "Tests/Support/StoreTestSupport",
        swiftSettings: strict
    ),
]

// MARK: - ActionLog: recording, reading and replaying action logs

let actionLogProducts: [Product] = [
    .library(name: "ActionLog", targets: ["ActionLog"])
]
let actionLogTargets: [Target] = [
    .target(
        name: "ActionLog",
        dependencies: ["StateStore", "CAtomics"],
        // Apple's privacy manifest: the module writes files and reads their metadata.
        resources: [.copy("PrivacyInfo.xcprivacy")],
        swiftSettings: strict
    ),
    .testTarget(
        name: "ActionLogTests",
        dependencies: ["StateStore", "ActionLog", "StoreTestSupport"],
        swiftSettings: strict
    ),
    // A child process the kill test starts and kills (SIGKILL) while it records.
    .executableTarget(
        name: "ActionLogKillChild",
        dependencies: ["StateStore", "ActionLog"],
        path: "Tests/Support/ActionLogKillChild",
        swiftSettings: strict
    ),
]

// MARK: - StateStoreTesting

let stateStoreTestingProducts: [Product] = [
    .library(name: "StateStoreTesting", targets: ["StateStoreTesting"])
]
let stateStoreTestingTargets: [Target] = [
    .target(name: "StateStoreTesting", dependencies: ["StateStore", "ActionLog"], swiftSettings: strict),
    .testTarget(
        name: "StateStoreTestingTests",
        dependencies: ["StateStore", "ActionLog", "StateStoreTesting"],
        exclude: ["__Snapshots__"],
        swiftSettings: strict
    ),
]

// MARK: - Benchmarks

let benchmarkProducts: [Product] = [
    .executable(name: "store-bench", targets: ["StoreBench"])
]
let benchmarkTargets: [Target] = [
    .executableTarget(
        name: "StoreBench",
        dependencies: [
            "StateStore", "ActionLog", "CAtomics", "Checkout", "CheckoutSandbox", "LogPrivacy",
        ],
        path: "Benchmarks/StoreBench",
        swiftSettings: strict
    )
]

// MARK: - Examples

let exampleProducts: [Product] = [
    .executable(name: "counter-example", targets: ["CounterExample"]),
    .executable(name: "checkout-host-example", targets: ["CheckoutHostExample"]),
    .executable(name: "web-checkout-host-example", targets: ["WebCheckoutHostExample"]),
]
let exampleTargets: [Target] = [
    .executableTarget(
        name: "CounterExample",
        dependencies: ["StateStore"],
        path: "Examples/CounterExample",
        swiftSettings: strict
    ),
    .executableTarget(
        name: "CheckoutHostExample",
        dependencies: ["StateStore", "ActionLog", "Checkout", "CheckoutSandbox"],
        path: "Examples/CheckoutHostExample",
        swiftSettings: strict
    ),
    .executableTarget(
        name: "WebCheckoutHostExample",
        dependencies: ["StateStore", "ActionLog", "Checkout", "CheckoutSandbox"],
        path: "Examples/WebCheckoutHostExample",
        swiftSettings: strict
    ),
]

// MARK: - Checkout

let checkoutProducts: [Product] = [
    .library(name: "Checkout", targets: ["Checkout"])
]
let checkoutTargets: [Target] = [
    .target(name: "Checkout", dependencies: ["StateStore", "ActionLog", "URLLoading"], swiftSettings: strict),
    .testTarget(
        name: "CheckoutTests",
        dependencies: [
            "Checkout", "StateStore", "ActionLog", "CheckoutSandbox", "StoreTestSupport", "StateStoreTesting",
        ],
        exclude: ["Resources"],
        swiftSettings: strict
    ),
    // A child process the checkout's kill test kills (SIGKILL) mid-payment, then resumes from its log.
    .executableTarget(
        name: "CheckoutKillChild",
        dependencies: ["StateStore", "ActionLog", "Checkout", "PaymentProviders", "CheckoutSandbox"],
        path: "Tests/Support/CheckoutKillChild",
        swiftSettings: strict
    ),
]

// MARK: - Afterpay

let afterpayProducts: [Product] = [
    .library(name: "Afterpay", targets: ["Afterpay"])
]
let afterpayTargets: [Target] = [
    .target(name: "Afterpay", swiftSettings: strict),
    .testTarget(name: "AfterpayTests", dependencies: ["Afterpay"], swiftSettings: strict),
]

// MARK: - URLLoading: URLSession loads that are safe to cancel on Linux (Checkout's and Worldline's HTTP)

let urlLoadingTargets: [Target] = [
    .target(name: "URLLoading", swiftSettings: strict),
    .testTarget(
        name: "URLLoadingTests",
        dependencies: ["URLLoading", "StoreTestSupport"],
        exclude: ["Resources"],
        swiftSettings: strict
    ),
]

// MARK: - Worldline

let worldlineProducts: [Product] = [
    .library(name: "Worldline", targets: ["Worldline"])
]
let worldlineTargets: [Target] = [
    .target(
        name: "Worldline",
        dependencies: ["CheckoutCrypto", "URLLoading"],
        // Apple's privacy manifest: the module caches logos on disk and sends payment details.
        resources: [.copy("Resources/Localization"), .copy("PrivacyInfo.xcprivacy")],
        swiftSettings: strict
    ),
    .testTarget(
        name: "WorldlineTests",
        dependencies: ["Worldline", "CheckoutSandbox"],
        exclude: ["StubServer"],
        swiftSettings: strict
    ),
]

// MARK: - Cryptography shim (OpenSSL on Linux, Security/CommonCrypto on Apple platforms)

let cryptoProducts: [Product] = []
let cryptoTargets: [Target] = [
    // libcrypto's headers and link flags on Linux; Apple platforms use Security/CommonCrypto instead.
    .systemLibrary(
        name: "COpenSSL",
        path: "Sources/COpenSSL",
        pkgConfig: "openssl",
        providers: [.apt(["libssl-dev"])]
    ),
    .target(
        name: "CheckoutCrypto",
        dependencies: [.target(name: "COpenSSL", condition: .when(platforms: [.linux]))],
        swiftSettings: strict
    ),
    .testTarget(
        name: "CheckoutCryptoTests",
        dependencies: ["CheckoutCrypto"],
        exclude: ["Resources"],
        swiftSettings: strict
    ),
]

// MARK: - PaymentProviders: Adyen, Braintree, Afterpay, Worldline as checkout effects

let paymentProvidersProducts: [Product] = [
    .library(name: "PaymentProviders", targets: ["PaymentProviders"])
]
let paymentProvidersTargets: [Target] = [
    .target(
        name: "PaymentProviders",
        dependencies: ["StateStore", "ActionLog", "Checkout", "Afterpay", "Worldline"],
        swiftSettings: strict
    ),
    .testTarget(
        name: "PaymentProvidersTests",
        dependencies: [
            "StateStore", "ActionLog", "Checkout", "Afterpay", "Worldline", "PaymentProviders", "CheckoutSandbox",
            "StoreTestSupport",
        ],
        swiftSettings: strict
    ),
]

// MARK: - CheckoutSandbox: in-memory backends, sandbox providers and demo scripts (never shipped)

// The CLI, the examples, the tests and SwiftUI previews link it; a shipping app never does, and no
// shipping library depends on it.
let checkoutSandboxProducts: [Product] = [
    .library(name: "CheckoutSandbox", targets: ["CheckoutSandbox"])
]
let checkoutSandboxTargets: [Target] = [
    .target(
        name: "CheckoutSandbox",
        dependencies: ["StateStore", "Checkout", "Afterpay", "Worldline", "PaymentProviders"],
        resources: [.copy("Resources/WorldlineSandbox")],
        swiftSettings: strict
    ),
    .testTarget(
        name: "CheckoutSandboxTests",
        dependencies: ["StateStore", "Checkout", "Afterpay", "Worldline", "PaymentProviders", "CheckoutSandbox"],
        swiftSettings: strict
    ),
]

// MARK: - The checkout command-line tool (replay logs, run the demo)

let cliProducts: [Product] = [
    .executable(name: "checkout", targets: ["CheckoutCLI"])
]
let cliTargets: [Target] = [
    .executableTarget(
        name: "CheckoutCLI",
        dependencies: ["StateStore", "ActionLog", "Checkout", "CheckoutSandbox", "LogPrivacy"],
        swiftSettings: strict
    ),
    .testTarget(
        name: "CheckoutCLITests",
        dependencies: [
            "StateStore", "ActionLog", "StateStoreTesting", "Checkout", "PaymentProviders", "CheckoutSandbox",
            "StoreTestSupport", "LogPrivacy", "PrivacyTestSupport",
        ],
        exclude: ["__Snapshots__"],
        swiftSettings: strict
    ),
]

// MARK: - LogPrivacy: pseudonyms for the personal data a log holds

// Beside ActionLog rather than inside it, so that ActionLog stays free of cryptography.
let logPrivacyProducts: [Product] = [
    .library(name: "LogPrivacy", targets: ["LogPrivacy"]),
    .executable(name: "pseudonym-leak-check", targets: ["PseudonymLeakCheck"]),
]
let logPrivacyTargets: [Target] = [
    .target(name: "LogPrivacy", dependencies: ["ActionLog", "CheckoutCrypto"], swiftSettings: strict),
    .testTarget(
        name: "LogPrivacyTests",
        dependencies: ["LogPrivacy", "ActionLog", "CheckoutCrypto"],
        swiftSettings: strict
    ),
    // Finds an original's personal values in its export, independently of the export (tests, CI).
    .target(
        name: "PrivacyTestSupport",
        dependencies: ["ActionLog", "Checkout"],
        path: "Tests/Support/PrivacyTestSupport",
        swiftSettings: strict
    ),
    // scripts/check-pseudonymised-examples.sh runs it on every example log's export.
    .executableTarget(
        name: "PseudonymLeakCheck",
        dependencies: ["PrivacyTestSupport"],
        path: "Tests/Support/PseudonymLeakCheck",
        swiftSettings: strict
    ),
]

// MARK: - Package

let package = Package(
    name: "CheckoutEngine",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: stateStoreProducts + actionLogProducts + stateStoreTestingProducts + checkoutProducts + afterpayProducts
        + worldlineProducts
        + cryptoProducts
        + benchmarkProducts + exampleProducts + cliProducts + paymentProvidersProducts
        + checkoutSandboxProducts
        + logPrivacyProducts,
    targets: stateStoreTargets + actionLogTargets + stateStoreTestingTargets + checkoutTargets + afterpayTargets
        + urlLoadingTargets + worldlineTargets
        + cryptoTargets
        + benchmarkTargets + exampleTargets + cliTargets + paymentProvidersTargets
        + checkoutSandboxTargets
        + logPrivacyTargets
)
