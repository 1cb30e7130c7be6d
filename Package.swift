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
    .target(name: "StateStore", swiftSettings: strict),
    .testTarget(name: "StateStoreTests", dependencies: ["StateStore"], swiftSettings: strict),
]

// MARK: - Benchmarks

let benchmarkProducts: [Product] = [
    .executable(name: "store-bench", targets: ["StoreBench"])
]
let benchmarkTargets: [Target] = [
    .executableTarget(
        name: "StoreBench",
        dependencies: ["StateStore"],
        path: "Benchmarks/StoreBench",
        swiftSettings: strict
    )
]

// MARK: - Examples

let exampleProducts: [Product] = [
    .executable(name: "counter-example", targets: ["CounterExample"])
]
let exampleTargets: [Target] = [
    .executableTarget(
        name: "CounterExample",
        dependencies: ["StateStore"],
        path: "Examples/CounterExample",
        swiftSettings: strict
    )
]

// MARK: - Checkout

let checkoutProducts: [Product] = [
    .library(name: "Checkout", targets: ["Checkout"])
]
let checkoutTargets: [Target] = [
    .target(name: "Checkout", dependencies: ["StateStore"], swiftSettings: strict),
    .testTarget(
        name: "CheckoutTests",
        dependencies: ["Checkout", "StateStore"],
        exclude: ["Resources"],
        swiftSettings: strict
    ),
]

// MARK: - Afterpay

let afterpayProducts: [Product] = []
let afterpayTargets: [Target] = []

// MARK: - Worldline

let worldlineProducts: [Product] = []
let worldlineTargets: [Target] = []

// MARK: - Cryptography shim (OpenSSL on Linux, Security/CommonCrypto on Apple platforms)

let cryptoProducts: [Product] = []
let cryptoTargets: [Target] = []

// MARK: - Package

let package = Package(
    name: "CheckoutEngine",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: stateStoreProducts + checkoutProducts + afterpayProducts + worldlineProducts + cryptoProducts
        + benchmarkProducts + exampleProducts,
    targets: stateStoreTargets + checkoutTargets + afterpayTargets + worldlineTargets + cryptoTargets
        + benchmarkTargets + exampleTargets
)
