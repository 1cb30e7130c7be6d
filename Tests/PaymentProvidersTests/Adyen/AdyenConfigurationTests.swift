import CheckoutSandbox
import Foundation
import PaymentProviders
import StateStore
import XCTest

/// The environment and client key, checked as Adyen checks them, and kept out of every output.
final class AdyenConfigurationTests: XCTestCase {
    private let testKey = AdyenFixtures.clientKey
    private let liveKey = "live_7XQ4PKLMNBV2CD3FGHJ5RSTW6YZAB8CD"

    private func configuration(
        _ environment: AdyenEnvironment, key: String
    ) throws(AdyenConfigurationError)
        -> AdyenConfiguration
    {
        try AdyenConfiguration(
            environment: environment, clientKey: key, merchantAccount: "PoqShopECOM", returnURL: "poqshop://adyen")
    }

    func testTheEnvironmentsAreTheSDKsTestAndLiveRegions() {
        XCTAssertEqual(
            AdyenEnvironment.allCases.map(\.rawValue),
            ["test", "live-eu", "live-au", "live-us", "live-apse", "live-in"])
        XCTAssertEqual(AdyenEnvironment.allCases.filter { !$0.isLive }, [.test])
    }

    func testATestKeyWorksOnlyWithTheTestEnvironment() throws {
        let configuration = try configuration(.test, key: testKey)
        XCTAssertEqual(configuration.environment, .test)
        XCTAssertEqual(configuration.clientKey.value, testKey)
        for environment in AdyenEnvironment.allCases where environment.isLive {
            XCTAssertThrowsError(try self.configuration(environment, key: testKey)) { error in
                XCTAssertEqual(
                    error as? AdyenConfigurationError,
                    .clientKeyForAnotherEnvironment(keyPrefix: "test", environment: environment))
                XCTAssertEqual((error as? AdyenConfigurationError)?.field, "clientKey")
                XCTAssertTrue(
                    "\(error)".hasPrefix("clientKey: a test_ key cannot be used with environment"), "\(error)")
            }
        }
    }

    func testALiveKeyWorksWithEveryLiveRegionAndNotWithTest() throws {
        for environment in AdyenEnvironment.allCases where environment.isLive {
            XCTAssertEqual(try configuration(environment, key: liveKey).environment, environment)
        }
        XCTAssertThrowsError(try configuration(.test, key: liveKey)) { error in
            XCTAssertEqual(
                error as? AdyenConfigurationError,
                .clientKeyForAnotherEnvironment(keyPrefix: "live", environment: .test))
        }
    }

    func testAKeyWithAnotherPrefixIsForNoEnvironment() {
        XCTAssertThrowsError(try configuration(.liveEurope, key: "prod_7XQ4PKLMNBV2CD3F")) { error in
            XCTAssertEqual(
                error as? AdyenConfigurationError,
                .clientKeyForAnotherEnvironment(keyPrefix: "prod", environment: .liveEurope))
        }
    }

    func testMalformedKeysAreRefusedWithoutRepeatingThem() {
        let malformed = [
            "", "test_", "test_short", "TEST_L6HTEOAXQBCZJHKN", "test-L6HTEOAXQBCZJHKN", "test_L6HTEOAX QBCZJHKN",
            "test_L6HTEOAX_QBCZJHKN", "tes_L6HTEOAXQBCZJHKN", "testtesttest_L6HTEOAXQBCZJHKN", "test_L6HTÉOAXQBCZJHKN",
            "test_" + String(repeating: "A", count: 129), "L6HTEOAXQBCZJHKNU4NLN6EI7IE6VRRW",
        ]
        for key in malformed {
            XCTAssertThrowsError(try configuration(.test, key: key), "\(key)") { error in
                XCTAssertEqual(error as? AdyenConfigurationError, .malformedClientKey(length: key.count), key)
                XCTAssertTrue("\(error)".hasPrefix("clientKey: not an Adyen client key"))
                if key.count > 5 { XCTAssertFalse("\(error)".contains(key), "the error repeats the key") }
            }
        }
        XCTAssertNoThrow(try configuration(.test, key: "test_" + String(repeating: "A", count: 128)))
        XCTAssertNoThrow(try configuration(.test, key: "test_12345678"))
    }

    func testTheKeyNeverShowsInADescriptionADumpOrAnEncoding() throws {
        let configuration = try configuration(.test, key: testKey)
        var dumped = ""
        dump(configuration, to: &dumped)
        let encoded = String(decoding: try JSONEncoder().encode(configuration), as: UTF8.self)
        for text in ["\(configuration)", String(reflecting: configuration), dumped, encoded] {
            XCTAssertFalse(text.contains(testKey), text)
        }
        XCTAssertTrue(encoded.contains(#""clientKey":"[REDACTED]""#), encoded)
    }

    func testADecodedConfigurationIsCheckedAndNamesTheField() throws {
        func decode(_ environment: String, _ key: String) throws -> AdyenConfiguration {
            let json = """
                {"environment":"\(environment)","clientKey":"\(key)","flow":"advanced","merchantAccount":"Shop",
                 "returnURL":"shop://adyen","countryCode":"NL","shopperLocale":"nl-NL","channel":"iOS"}
                """
            return try JSONDecoder().decode(AdyenConfiguration.self, from: Data(json.utf8))
        }
        let decoded = try decode("live-apse", liveKey)
        XCTAssertEqual(decoded.environment, .liveApse)
        XCTAssertEqual(decoded.flow, .advanced)
        XCTAssertEqual(decoded.clientKey.value, liveKey)
        for (environment, key, field) in [
            ("live-xx", liveKey, "environment"), ("live-eu", testKey, "clientKey"), ("test", "[REDACTED]", "clientKey"),
            ("test", "nope", "clientKey"),
        ] {
            XCTAssertThrowsError(try decode(environment, key), environment) { error in
                guard case .dataCorrupted(let context) = error as? DecodingError else {
                    return XCTFail("expected a named field: \(error)")
                }
                XCTAssertEqual(context.codingPath.map(\.stringValue), [field], "\(error)")
            }
        }
        XCTAssertThrowsError(try JSONDecoder().decode(AdyenConfiguration.self, from: JSONEncoder().encode(decoded))) {
            guard case .dataCorrupted(let context) = $0 as? DecodingError else { return XCTFail("\($0)") }
            XCTAssertTrue(context.debugDescription.contains("redacted"), context.debugDescription)
        }
    }

    func testTheSandboxConfigurationIsATestOne() {
        XCTAssertEqual(AdyenDemoScript.configuration.environment, .test)
        XCTAssertEqual(AdyenDemoScript.configuration.clientKey.value, AdyenDemoScript.clientKey)
    }
}
