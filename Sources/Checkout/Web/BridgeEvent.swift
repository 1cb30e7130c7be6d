import Foundation

/// A message the web checkout page sent through the JavaScript bridge, decoded.
///
/// The page posts `{ "event": NAME, "data": {...} }`. ``decode(_:)`` turns the raw JSON string
/// the web view delivers into an event, or a ``BridgeRejection`` saying exactly what was wrong;
/// it never throws and never traps.
///
/// ```swift
/// BridgeEvent.decode(#"{"event":"order","data":{"total":42.5,"currency":"GBP"}}"#)
/// // .success(.order(WebOrder(total: 42.5, currency: "GBP")))
/// BridgeEvent.decode(#"{"event":"ping"}"#)
/// // .failure(.unknownEvent("ping"))
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
    }

    /// Decodes a raw bridge message.
    public static func decode(_ json: String) -> Result<BridgeEvent, BridgeRejection> {
        let bytes = Data(json.utf8)
        let name: String
        do {
            guard let event = try JSONDecoder().decode(Envelope.self, from: bytes).event else {
                return .failure(.missingField(event: nil, field: "event"))
            }
            name = event
        } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
            return .failure(.invalidField(event: "", field: "event", reason: "not a string"))
        } catch DecodingError.typeMismatch {
            return .failure(.malformedJSON(detail: "the message is not a JSON object"))
        } catch {
            return .failure(.malformedJSON(detail: "not valid JSON (\(json.utf8.count) bytes)"))
        }
        guard let event = Name(rawValue: name.lowercased()) else {
            return .failure(.unknownEvent(name))
        }
        do {
            switch event {
            case .closeWebView:
                return .success(.closeWebView)
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

    private struct Envelope: Decodable {
        let event: String?
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
