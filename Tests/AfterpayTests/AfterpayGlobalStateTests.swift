import Afterpay
import Foundation
import XCTest

/// The global `Afterpay` state. Each test leaves it cleared.
final class AfterpayGlobalStateTests: XCTestCase {
    override func tearDown() {
        Afterpay.setConfiguration(nil)
        super.tearDown()
    }

    func testSetConfigurationIsReadBackAndNilClearsIt() throws {
        let configuration = try Fixture.configuration(currency: "GBP", locale: "en_GB")
        Afterpay.setConfiguration(configuration)
        XCTAssertEqual(Afterpay.configuration, configuration)
        XCTAssertEqual(Afterpay.brand, .clearpay)
        XCTAssertEqual(Afterpay.context.configuration, configuration)
        Afterpay.setConfiguration(nil)
        XCTAssertNil(Afterpay.configuration)
        XCTAssertFalse(Afterpay.enabled)
        XCTAssertEqual(Afterpay.brand, .cashAppAfterpay)
    }

    func testBreakdownWithoutAContextReadsTheGlobalConfiguration() throws {
        Afterpay.setConfiguration(try Fixture.configuration(minimum: "50", maximum: "1000"))
        XCTAssertEqual(PriceBreakdown(totalAmount: 5000).string.hasPrefix("available for orders between"), true)
        Afterpay.setConfiguration(nil)
        XCTAssertEqual(PriceBreakdown(totalAmount: 5000).string, "or pay with")
    }

    func testWidgetWithoutAContextNeedsTheGlobalConfiguration() throws {
        XCTAssertThrowsError(try CheckoutWidget(token: "tok")) { error in
            XCTAssertEqual(error as? WidgetError, .noConfiguration)
        }
        Afterpay.setConfiguration(try Fixture.configuration())
        XCTAssertEqual(try CheckoutWidget(token: "tok").configuration.currencyCode, "USD")
    }

    func testConfigurationUpdatesAreStreamed() async throws {
        let updates = Afterpay.configurationUpdates()
        let configuration = try Fixture.configuration()
        Afterpay.setConfiguration(configuration)
        var iterator = updates.makeAsyncIterator()
        let first = await iterator.next()
        XCTAssertEqual(first, .some(configuration))
        Afterpay.setConfiguration(nil)
        let second = await iterator.next()
        XCTAssertEqual(second, .some(nil))
    }

    func testConcurrentWritersAndReadersSeeWholeValues() async throws {
        let a = try Fixture.configuration(maximum: "1000")
        let b = try Fixture.configuration(maximum: "2000")
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for _ in 0..<500 {
                        if index.isMultiple(of: 2) {
                            Afterpay.setConfiguration(index.isMultiple(of: 4) ? a : b)
                        } else {
                            let seen = Afterpay.configuration
                            XCTAssertTrue(seen == nil || seen == a || seen == b)
                        }
                    }
                }
            }
        }
        XCTAssertTrue([a, b].contains(Afterpay.configuration))
    }
}
