import Foundation

/// The body of `POST /services/getIINdetails`, built exactly as the SDK builds it: several
/// values are strings (`"isRecurring": "false"`, `"amount": "1999"`), `isInstallments` is a real
/// boolean.
struct IINDetailsRequest: Encodable {
    struct Context: Encodable {
        struct Amount: Encodable {
            var amount: String
            var currencyCode: String
        }
        var isRecurring: String
        var countryCode: String
        var amountOfMoney: Amount
        var isInstallments: Bool
    }

    var bin: String
    var paymentContext: Context?

    init(partialCreditCardNumber: String, context: PaymentContext?) {
        bin = Self.binDigits(from: partialCreditCardNumber)
        paymentContext = context.map {
            Context(
                isRecurring: $0.isRecurring ? "true" : "false", countryCode: $0.countryCode,
                amountOfMoney: Context.Amount(
                    amount: String($0.amountOfMoney.totalAmount), currencyCode: $0.amountOfMoney.currencyCode),
                isInstallments: $0.isInstallments)
        }
    }

    /// The digits sent: the first 8 when 8 or more are given, else the first 6 (a 7-digit input
    /// sends 6; fewer than 6 are sent as they are, though the session never sends them).
    static func binDigits(from number: String) -> String {
        number.count >= 8 ? String(number.prefix(8)) : String(number.prefix(6))
    }

    func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Strings and a boolean always encode; an empty object is a harmless fallback.
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
