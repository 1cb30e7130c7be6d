// swift-tools-version: 6.0
// A host app that wants a store and nothing else: it depends on the StateStore product alone.
// scripts/check-engine-only-host.sh builds it and checks that no action-log, checkout or sandbox
// code was compiled for it.
import PackageDescription

let package = Package(
    name: "EngineOnlyHost",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "CheckoutEngine", path: "../../..")],
    targets: [
        .executableTarget(
            name: "EngineOnlyHost",
            dependencies: [.product(name: "StateStore", package: "CheckoutEngine")]
        )
    ]
)
