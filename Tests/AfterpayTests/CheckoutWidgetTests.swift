import Afterpay
import Foundation
import XCTest

final class CheckoutWidgetTests: XCTestCase {
    private let noConfiguration = AfterpayContext(configuration: nil, deviceLocale: Locale(identifier: "en_US"))
    private let ready =
        #"{"type":"ready","isValid":true,"amountDueToday":{"amount":"50.00","currency":"USD"},"paymentScheduleChecksum":"c1"}"#
    private let validChange =
        #"{"type":"change","isValid":true,"amountDueToday":{"amount":"52.50","currency":"USD"},"paymentScheduleChecksum":"c2"}"#
    private let invalidChange =
        #"{"type":"change","isValid":false,"error":{"errorCode":"SAD","message":"I am sad"}}"#

    // MARK: Starting

    func testBothModesRefuseToStartWithoutAConfiguration() {
        XCTAssertThrowsError(try CheckoutWidget(token: "tok", context: noConfiguration)) { error in
            XCTAssertEqual(error as? WidgetError, .noConfiguration)
        }
        XCTAssertThrowsError(try CheckoutWidget(amount: "200.00", context: noConfiguration)) { error in
            XCTAssertEqual(error as? WidgetError, .noConfiguration)
        }
    }

    func testTokenlessModeRefusesAnAmountThatIsNotANumber() throws {
        let context = try Fixture.context()
        XCTAssertThrowsError(try CheckoutWidget(amount: "two hundred", context: context)) { error in
            XCTAssertEqual(error as? WidgetError, .invalidAmount("two hundred"))
        }
    }

    func testStyleDefaultsToNoLogoAndNoHeading() {
        XCTAssertEqual(CheckoutWidget.Style(), CheckoutWidget.Style(logo: false, heading: false))
    }

    func testTokenModeBootstrapPassesTheTokenAndNoAmount() throws {
        let widget = try CheckoutWidget(token: "tok_123", context: try Fixture.context())
        XCTAssertEqual(widget.mode, .token("tok_123"))
        XCTAssertEqual(
            widget.bootstrapScript,
            #"createAfterpayWidget("tok_123", null, "en_US", {"heading":false,"logo":false})"#)
    }

    func testTokenlessBootstrapPassesTheAmountInTheConfiguredCurrency() throws {
        let widget = try CheckoutWidget(
            amount: "200.00", style: .init(logo: true, heading: true),
            context: try Fixture.context(currency: "AUD", locale: "en_AU", device: "en_AU"))
        XCTAssertEqual(widget.mode, .tokenless(Money(amount: "200.00", currency: "AUD")))
        XCTAssertEqual(
            widget.bootstrapScript,
            #"createAfterpayWidget(null, {"amount":"200.00","currency":"AUD"}, "en_AU", {"heading":true,"logo":true})"#)
    }

    func testTokenCannotBreakOutOfItsString() throws {
        let widget = try CheckoutWidget(token: #"a"); alert(1); ("#, context: try Fixture.context())
        XCTAssertEqual(
            widget.bootstrapScript,
            #"createAfterpayWidget("a\"); alert(1); (", null, "en_US", {"heading":false,"logo":false})"#)
    }

    // MARK: Updating

    func testSendUpdatePassesTheAmountThroughInTheConfiguredCurrency() throws {
        let widget = try CheckoutWidget(token: "tok", context: try Fixture.context())
        let update = try widget.sendUpdate(amount: "50.00")
        XCTAssertEqual(update.money, Money(amount: "50.00", currency: "USD"))
        XCTAssertEqual(update.json, #"{"amount":"50.00","currency":"USD"}"#)
        XCTAssertEqual(update.script, #"updateAmount({"amount":"50.00","currency":"USD"})"#)
        XCTAssertEqual(try widget.sendUpdate(amount: "50").json, #"{"amount":"50","currency":"USD"}"#)
    }

    func testSendUpdateRefusesAnAmountThatIsNotANumber() throws {
        let widget = try CheckoutWidget(token: "tok", context: try Fixture.context())
        XCTAssertThrowsError(try widget.sendUpdate(amount: "50,00")) { error in
            XCTAssertEqual(error as? WidgetError, .invalidAmount("50,00"))
        }
    }

    func testSendUpdateWithADecimalWritesTwoDecimals() throws {
        let widget = try CheckoutWidget(token: "tok", context: try Fixture.context(currency: "CAD", locale: "fr_CA"))
        XCTAssertEqual(try widget.sendUpdate(amount: Decimal(50)).json, #"{"amount":"50.00","currency":"CAD"}"#)
        XCTAssertEqual(
            try widget.sendUpdate(amount: Decimal(string: "1234.565") ?? 0).json,
            #"{"amount":"1234.56","currency":"CAD"}"#)
    }

    // MARK: Status

    func testStatusFromTheJavaScriptResultBecomesTheLatestStatus() throws {
        let widget = try CheckoutWidget(token: "tok", context: try Fixture.context())
        XCTAssertNil(widget.latestStatus)
        let status = try widget.status(
            fromJavaScriptResult: #"{"isValid":true,"amountDueToday":{"amount":"1.00","currency":"USD"}}"#)
        XCTAssertEqual(status, .valid(amountDueToday: Money(amount: "1.00", currency: "USD"), checksum: nil))
        XCTAssertEqual(widget.latestStatus, status)
    }

    func testStatusErrorsAreTyped() throws {
        let widget = try CheckoutWidget(token: "tok", context: try Fixture.context())
        XCTAssertThrowsError(try widget.status(fromJavaScriptResult: nil)) { error in
            XCTAssertEqual(
                error as? WidgetError, .javaScriptError(message: "getWidgetStatus() did not return a string"))
        }
        XCTAssertThrowsError(try widget.status(fromJavaScriptResult: #"{"isValid":true}"#)) { error in
            XCTAssertEqual(
                error as? WidgetError, .invalidStatus(.missingField("amountDueToday", messageType: "status")))
        }
    }

    func testGetStatusEvaluatesTheStatusScript() async throws {
        let widget = try CheckoutWidget(token: "tok", context: try Fixture.context())
        let status = try await widget.getStatus { script in
            XCTAssertEqual(script, "getWidgetStatus()")
            return #"{"isValid":false,"error":{"errorCode":"SAD","message":"I am sad"}}"#
        }
        XCTAssertEqual(status, .invalid(errorCode: "SAD", message: "I am sad"))
    }

    func testGetStatusReportsAFailingEvaluator() async throws {
        struct Boom: Error {}
        let widget = try CheckoutWidget(token: "tok", context: try Fixture.context())
        do {
            _ = try await widget.getStatus { _ in throw Boom() }
            XCTFail("expected a JavaScript error")
        } catch {
            XCTAssertEqual(error, .javaScriptError(message: "Boom()"))
        }
    }

    // MARK: Receiving

    func testReceivedMessagesReachTheHandlerInOrder() throws {
        let handler = RecordingWidgetHandler()
        let widget = try CheckoutWidget(token: "tok", context: try Fixture.context(), handler: handler)
        widget.receive(message: ready)
        widget.receive(message: invalidChange)
        widget.receive(message: #"{"type":"error","error":{"errorCode":"SAD","message":"I am sad"}}"#)
        widget.receive(message: #"{"type":"resize","size":300}"#)
        widget.receive(message: "garbage")
        let calls = handler.calls
        XCTAssertEqual(calls.count, 4, "resize has no handler callback")
        XCTAssertEqual(
            Array(calls.prefix(3)),
            [
                .ready(isValid: true, amountDueToday: Money(amount: "50.00", currency: "USD"), checksum: "c1"),
                .changed(.invalid(errorCode: "SAD", message: "I am sad")),
                .error(errorCode: "SAD", message: "I am sad"),
            ])
        // The JSON parser's own wording is the platform's; only the sentence's start is ours.
        guard case .failure(let text) = calls.last else { return XCTFail("expected a failure, got \(calls)") }
        XCTAssertTrue(text.hasPrefix("Widget message is not a JSON object: "), text)
    }

    func testGlobalHandlerIsUsedWhenTheWidgetHasNone() throws {
        let handler = RecordingWidgetHandler()
        Afterpay.setWidgetHandler(handler)
        defer { Afterpay.setWidgetHandler(nil) }
        let widget = try CheckoutWidget(token: "tok", context: try Fixture.context())
        widget.receive(message: invalidChange)
        XCTAssertEqual(handler.calls, [.changed(.invalid(errorCode: "SAD", message: "I am sad"))])
    }

    func testHandlersAreHeldWeakly() throws {
        var handler: RecordingWidgetHandler? = RecordingWidgetHandler()
        weak let released = handler
        let widget = try CheckoutWidget(token: "tok", context: try Fixture.context(), handler: handler)
        handler = nil
        XCTAssertNil(released)
        XCTAssertEqual(
            widget.receive(message: invalidChange), .changed(.invalid(errorCode: "SAD", message: "I am sad")))
    }

    func testLatestStatusAndHeightFollowTheMessages() throws {
        let widget = try CheckoutWidget(token: "tok", context: try Fixture.context())
        widget.receive(message: ready)
        XCTAssertEqual(widget.latestStatus?.checksum, "c1")
        widget.receive(message: validChange)
        XCTAssertEqual(widget.latestStatus?.checksum, "c2")
        XCTAssertEqual(widget.latestStatus?.amountDueToday, Money(amount: "52.50", currency: "USD"))
        widget.receive(message: invalidChange)
        XCTAssertEqual(widget.latestStatus?.isValid, false)
        widget.receive(message: "garbage")
        XCTAssertEqual(widget.latestStatus?.isValid, false, "a failure does not change the status")
        XCTAssertNil(widget.height)
        widget.receive(message: #"{"type":"resize","size":300}"#)
        widget.receive(message: #"{"type":"resize"}"#)
        XCTAssertEqual(widget.height, 300)
    }

    func testEveryEventStreamGetsTheSameEventsInOrder() async throws {
        let widget = try CheckoutWidget(token: "tok", context: try Fixture.context())
        let first = widget.events()
        let second = widget.events()
        let messages = [ready, validChange, #"{"type":"resize","size":10}"#, #"{"type":"nope"}"#]
        for message in messages {
            widget.receive(message: message)
        }
        let expected = messages.map(WidgetEvent.init(message:))
        var firstEvents: [WidgetEvent] = []
        for await event in first {
            firstEvents.append(event)
            if firstEvents.count == expected.count { break }
        }
        var secondEvents: [WidgetEvent] = []
        for await event in second {
            secondEvents.append(event)
            if secondEvents.count == expected.count { break }
        }
        XCTAssertEqual(firstEvents, expected)
        XCTAssertEqual(secondEvents, expected)
    }

    func testStreamsEndWhenTheWidgetIsReleased() async throws {
        var widget: CheckoutWidget? = try CheckoutWidget(token: "tok", context: try Fixture.context())
        let events = widget?.events()
        widget?.receive(message: #"{"type":"resize","size":10}"#)
        widget = nil
        var received: [WidgetEvent] = []
        if let events {
            for await event in events {
                received.append(event)
            }
        }
        XCTAssertEqual(received, [.resized(size: 10)])
    }
}

final class CheckoutWidgetTokenTests: XCTestCase {
    func testEmptyTokenIsRefused() throws {
        let context = try Fixture.context()
        for token in ["", "  ", "\n"] {
            XCTAssertThrowsError(try CheckoutWidget(token: token, context: context)) { error in
                XCTAssertEqual(error as? WidgetError, .invalidToken(token))
            }
        }
    }

    func testMissingConfigurationIsReportedBeforeAnEmptyToken() {
        XCTAssertThrowsError(try CheckoutWidget(token: "", context: AfterpayContext(configuration: nil))) { error in
            XCTAssertEqual(error as? WidgetError, .noConfiguration)
        }
    }
}

final class CheckoutWidgetScriptFailureTests: XCTestCase {
    func testScriptFailureReachesTheHandlerAndStreams() async throws {
        struct ReferenceError: Error, CustomStringConvertible {
            var description: String { "ReferenceError: createAfterpayWidget is not defined" }
        }
        let handler = RecordingWidgetHandler()
        let widget = try CheckoutWidget(token: "tok", context: try Fixture.context(), handler: handler)
        let events = widget.events()
        let event = widget.reportScriptFailure(ReferenceError())
        XCTAssertEqual(event, .failure(.scriptFailed("ReferenceError: createAfterpayWidget is not defined")))
        XCTAssertEqual(
            handler.calls,
            [
                .failure(
                    "The Afterpay widget's script failed on the page: ReferenceError: createAfterpayWidget is not defined"
                )
            ])
        var iterator = events.makeAsyncIterator()
        let streamed = await iterator.next()
        XCTAssertEqual(streamed, event)
        XCTAssertEqual(widget.captureDecision, .blocked(.noStatus))
    }
}
