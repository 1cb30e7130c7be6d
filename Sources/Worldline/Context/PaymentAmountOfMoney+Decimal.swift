public import Foundation

/// Converting between the engine's `Decimal` money and the Client API's integer minor units.
extension PaymentAmountOfMoney {
    /// Why a decimal amount cannot be sent as minor units.
    public enum ConversionError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The amount has more decimals than the currency has minor units (`1.005 EUR`).
        case tooManyDecimals(amount: String, currencyCode: String, digits: Int)
        /// The amount does not fit in 64-bit minor units.
        case outOfRange(amount: String, currencyCode: String)

        /// A sentence naming the amount and currency.
        public var description: String {
            switch self {
            case .tooManyDecimals(let amount, let currency, let digits):
                return "\(amount) \(currency) has more than the \(digits) decimals \(currency) allows."
            case .outOfRange(let amount, let currency):
                return "\(amount) \(currency) is too large to send in minor units."
            }
        }
    }

    /// Creates an amount from major units (`19.99` EUR → `1999`), exactly: an amount with more
    /// decimals than the currency has is refused, never rounded.
    ///
    /// - Throws: ``ConversionError``; NaN is ``ConversionError/outOfRange(amount:currencyCode:)``
    ///   (refused explicitly: Foundation's `Decimal` compares NaN equal to NaN, so the exactness
    ///   check below would not).
    public init(amount: Decimal, currencyCode: String) throws(ConversionError) {
        guard !amount.isNaN else { throw .outOfRange(amount: "\(amount)", currencyCode: currencyCode) }
        let digits = Self.minorUnitDigits(for: currencyCode)
        var scaled = amount
        for _ in 0..<digits { scaled *= 10 }
        var rounded = Decimal()
        var source = scaled
        NSDecimalRound(&rounded, &source, 0, .plain)
        guard rounded == scaled else {
            throw .tooManyDecimals(amount: "\(amount)", currencyCode: currencyCode, digits: digits)
        }
        guard let minor = Int64("\(rounded)") else {
            throw .outOfRange(amount: "\(amount)", currencyCode: currencyCode)
        }
        self.init(totalAmount: minor, currencyCode: currencyCode)
    }

    /// The amount in major units (`1999` EUR → `19.99`), exactly.
    public var decimalAmount: Decimal {
        var value = Decimal(totalAmount)
        for _ in 0..<Self.minorUnitDigits(for: currencyCode) { value /= 10 }
        return value
    }

    /// How many decimals `currencyCode` has (ISO 4217): 0 for JPY, 2 for EUR, 3 for KWD, 4 for
    /// CLF; 2 for codes not in the table.
    public static func minorUnitDigits(for currencyCode: String) -> Int {
        switch currencyCode.uppercased() {
        case "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF",
            "XOF", "XPF":
            return 0
        case "BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND":
            return 3
        case "CLF", "UYW":
            return 4
        default:
            return 2
        }
    }
}
