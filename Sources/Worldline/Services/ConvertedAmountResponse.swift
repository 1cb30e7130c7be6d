/// The answer to a currency conversion (`GET /{customerId}/services/convert/amount`).
public struct ConvertedAmountResponse: Hashable, Sendable, Codable {
    /// The converted amount in minor units of the target currency.
    public var convertedAmount: Int64

    /// Creates a response.
    public init(convertedAmount: Int64) {
        self.convertedAmount = convertedAmount
    }

    private enum CodingKeys: String, CodingKey { case convertedAmount }

    /// Decodes `{"convertedAmount": 138}`; a fraction is an error naming the field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        convertedAmount = try container.decodeInteger(Int64.self, forKey: .convertedAmount)
    }
}
