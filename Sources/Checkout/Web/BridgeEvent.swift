import ActionLog
import Foundation
public import StateStore

/// A message the web checkout page sent through the JavaScript bridge, decoded.
///
/// The page posts `{ "event": NAME, "data": {...} }` (or `{ "name": NAME, … }`).
/// ``decode(_:)-(String)`` reads the JSON text a page posted with `JSON.stringify`;
/// ``decode(_:)-(JSONValue)`` reads a body WebKit delivered as Foundation values (converted with
/// ``StateStore/JSONValue/init(foundationObject:)``). Either turns it into an event, or a
/// ``BridgeRejection`` saying exactly what was wrong; neither throws nor traps.
///
/// ```swift
/// BridgeEvent.decode(#"{"event":"order","data":{"total":42.5,"currency":"GBP"}}"#)
/// // .success(.order(WebOrder(total: 42.5, currency: "GBP")))
/// BridgeEvent.decode(#"{"name":"wishlistadded","data":{"sku":"tee"}}"#)
/// // .success(.custom(name: "wishlistadded", data: …, isRedacted: false))
/// BridgeEvent.decode(#"{"event":"order","name":"error"}"#)
/// // .failure(.ambiguousEvent(event: "order", name: "error"))
/// ```
public enum BridgeEvent: Sendable, Hashable, Codable {
    /// The order changed (delivery chosen, discount applied, …).
    case order(WebOrder)
    /// The order was paid: the checkout is complete.
    case paymentCompleted(WebOrder)
    /// The page reports an error to show the user.
    case error(message: String)
    /// The page asks the app to close the checkout (for example "continue shopping").
    case closeWebView
    /// The bridge loader asks for its settings (`ping`); the checkout answers `bridgesettings`.
    case ping
    /// The page asks whether Apple Pay is available (`applepay`); the checkout answers
    /// `applepayenabled`.
    case applePayRequested
    /// The page asks the app to take a payment with Apple Pay (`applepaypayment`): the sheet
    /// presents the request, and the page receives `paymentauthorized` once the shopper
    /// authorises.
    case applePayPayment(WebApplePayRequest)
    /// The page answers a shipping change in the Apple Pay sheet with new totals
    /// (`applepayupdate`).
    case applePayUpdate(WebApplePayUpdate)
    /// Any other event: handed to the host, not interpreted. `data` is `nil` for none or null;
    /// `isRedacted` says the data was replaced by ``WebCheckoutConfiguration/bridgeAction(body:)``.
    case custom(name: String, data: JSONValue?, isRedacted: Bool)

    /// The event names the bridge sends.
    public enum Name: String, Sendable, CaseIterable {
        /// `order`
        case order
        /// `paymentcompleted`
        case paymentCompleted = "paymentcompleted"
        /// `error`
        case error
        /// `closewebview`
        case closeWebView = "closewebview"
        /// `ping`
        case ping
        /// `applepay`
        case applePay = "applepay"
        /// `applepaypayment`
        case applePayPayment = "applepaypayment"
        /// `applepayupdate`
        case applePayUpdate = "applepayupdate"
    }

    /// Decodes a raw bridge message: the JSON text a page posted with `JSON.stringify`.
    ///
    /// The text is parsed once (nesting deeper than ``StateStore/JSONValue/maximumFoundationDepth`` or
    /// longer than ``StateStore/JSONValue/maximumFoundationBytes`` is refused) and then read as
    /// ``decode(_:)-(JSONValue)`` reads a body WebKit delivered.
    public static func decode(_ json: String) -> Result<BridgeEvent, BridgeRejection> {
        guard json.utf8.count <= JSONValue.maximumFoundationBytes else {
            return .failure(.malformedJSON(detail: "larger than \(JSONValue.maximumFoundationBytes) bytes"))
        }
        let message: JSONValue
        do {
            message = try JSONParser.parse(json)
        } catch {
            return .failure(.malformedJSON(detail: "not valid JSON (\(json.utf8.count) bytes)"))
        }
        if let tooDeep = message.placeDeeperThan(JSONValue.maximumFoundationDepth) {
            return .failure(
                .malformedJSON(detail: "nested deeper than \(JSONValue.maximumFoundationDepth) levels at \(tooDeep)"))
        }
        return decode(message)
    }

    /// Decodes a bridge message already read as JSON (a `WKScriptMessage.body` converted with
    /// ``StateStore/JSONValue/init(foundationObject:)``).
    ///
    /// Both envelopes are accepted: `{"event": NAME, "data": …}` and `{"name": NAME, "data": …}`.
    /// A message with both, naming different events, is refused as ambiguous; the name is read
    /// case-insensitively.
    ///
    /// ```swift
    /// let body = try JSONValue(foundationObject: ["name": "closewebview"])
    /// BridgeEvent.decode(body)   // .success(.closeWebView)
    /// ```
    public static func decode(_ message: JSONValue) -> Result<BridgeEvent, BridgeRejection> {
        guard case .object = message else {
            return .failure(.malformedJSON(detail: "the message is \(message.kindName), not a JSON object"))
        }
        var names: [String: String] = [:]
        for field in ["event", "name"] {
            switch message[field] {
            case nil, .null?: continue
            case .string(let text)?: names[field] = text
            case let other?:
                return .failure(.invalidField(event: "", field: field, reason: "\(other.kindName), not a string"))
            }
        }
        guard let name = names["event"] ?? names["name"] else {
            return .failure(.missingField(event: nil, field: "event"))
        }
        if let event = names["event"], let alias = names["name"], event.lowercased() != alias.lowercased() {
            return .failure(.ambiguousEvent(event: event, name: alias))
        }
        guard !name.isEmpty else {
            return .failure(.invalidField(event: "", field: names["event"] == nil ? "name" : "event", reason: "empty"))
        }
        guard let event = Name(rawValue: name.lowercased()) else {
            return customEvent(name.lowercased(), data: message["data"])
        }
        let bytes = Data(message.jsonText.utf8)
        do {
            switch event {
            case .closeWebView:
                return .success(.closeWebView)
            case .ping:
                return .success(.ping)
            case .applePay:
                return .success(.applePayRequested)
            case .applePayPayment:
                return WebApplePayRequest.decode(message["data"]).map(BridgeEvent.applePayPayment)
            case .applePayUpdate:
                return WebApplePayUpdate.decode(message["data"]).map(BridgeEvent.applePayUpdate)
            case .error:
                let message = try JSONDecoder().decode(Payload<ErrorData>.self, from: bytes)
                return .success(.error(message: message.data.errorMessage))
            case .order:
                return .success(.order(try JSONDecoder().decode(Payload<WebOrder>.self, from: bytes).data))
            case .paymentCompleted:
                let payload = try JSONDecoder().decode(Payload<CompletedData>.self, from: bytes)
                return .success(.paymentCompleted(payload.data.order))
            }
        } catch let DecodingError.keyNotFound(key, context) {
            return .failure(.missingField(event: name, field: path(context.codingPath + [key])))
        } catch let DecodingError.valueNotFound(_, context) {
            return .failure(.missingField(event: name, field: path(context.codingPath)))
        } catch let DecodingError.typeMismatch(_, context) {
            return .failure(.invalidField(event: name, field: path(context.codingPath), reason: "wrong type"))
        } catch let DecodingError.dataCorrupted(context) {
            return .failure(
                .invalidField(event: name, field: path(context.codingPath), reason: context.debugDescription))
        } catch {
            return .failure(.invalidField(event: name, field: "data", reason: "unreadable"))
        }
    }

    /// A custom event: its data is an object, null or absent, or the redaction marker.
    private static func customEvent(_ name: String, data: JSONValue?) -> Result<BridgeEvent, BridgeRejection> {
        switch data {
        case nil, .null?:
            return .success(.custom(name: name, data: nil, isRedacted: false))
        case .object?:
            return .success(.custom(name: name, data: data, isRedacted: false))
        case .string(let text)? where text == Sensitive<String>.redactionMarker:
            return .success(.custom(name: name, data: nil, isRedacted: true))
        case let other?:
            return .failure(
                .invalidField(event: name, field: "data", reason: "\(other.kindName), not an object or null"))
        }
    }

    private struct Payload<Data: Decodable>: Decodable {
        let data: Data
    }

    private struct ErrorData: Decodable {
        let errorMessage: String
    }

    private struct CompletedData: Decodable {
        let order: WebOrder
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }.joined(separator: ".")
    }
}

extension JSONValue {
    /// The place (`data.a[0]`) of the first container nested deeper than `limit` levels, or `nil`.
    func placeDeeperThan(_ limit: Int, path: String = "", depth: Int = 0) -> String? {
        switch self {
        case .array(let items):
            guard depth < limit else { return path.isEmpty ? "the value" : path }
            for (index, item) in items.enumerated() {
                if let place = item.placeDeeperThan(limit, path: "\(path)[\(index)]", depth: depth + 1) { return place }
            }
            return nil
        case .object(let members):
            guard depth < limit else { return path.isEmpty ? "the value" : path }
            for member in members {
                let child = path.isEmpty ? member.key : "\(path).\(member.key)"
                if let place = member.value.placeDeeperThan(limit, path: child, depth: depth + 1) { return place }
            }
            return nil
        default:
            return nil
        }
    }
}
