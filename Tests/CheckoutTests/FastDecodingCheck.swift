import ActionLog
import Checkout
import Foundation
import StateStore

/// Compares the checkout's ``LogDecodable`` fast path with `Decodable` on one action: the
/// contract the log reader relies on.
enum FastDecodingCheck {
    /// Encodes `action` canonically (as a log writes it), decodes the text through the fast path
    /// alone and through `Decodable`, and describes any disagreement; `nil` when they agree with
    /// each other and with `action` (secrets compare redacted: their canonical forms must match).
    static func mismatch(_ action: CheckoutAction) -> String? {
        let json: String
        do {
            json = try CanonicalEncoder.encode(action).compactJSON
        } catch {
            return "\(action) does not encode: \(error)"
        }
        let decodable: CheckoutAction
        do {
            decodable = try JSONValueDecoder().decode(CheckoutAction.self, from: try JSONParser.parse(json))
        } catch {
            return "Decodable refused \(json): \(error)"
        }
        let fast: CheckoutAction
        do {
            fast = try LogDecoding.decode(CheckoutAction.self, json: json)
        } catch {
            return "the fast path refused (the reader would fall back) \(json): \(error)"
        }
        if fast != decodable { return "the fast path read \(fast), Decodable \(decodable), from \(json)" }
        let again = try? CanonicalEncoder.encode(fast).compactJSON
        if again != json { return "the fast path's value encodes as \(again ?? "nothing"), not \(json)" }
        if !json.contains(Sensitive<String>.redactionMarker), fast != action {
            return "the fast path read \(fast), not the original \(action)"
        }
        return nil
    }
}
