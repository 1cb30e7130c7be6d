/// The answer to an IIN lookup (`POST /{customerId}/services/getIINdetails`).
///
/// The status is derived as the SDK does: a body with a `paymentProductId` is
/// ``IINStatus/supported`` when `isAllowedInContext` is true and
/// ``IINStatus/existingButNotAllowed`` otherwise; a body without one (the 404 error body of an
/// unknown IIN) is ``IINStatus/unknown``. A `status` member in the body is ignored.
///
/// ```swift
/// let response = try await session.iinDetails(forPartialCreditCardNumber: "41111111", context: context)
/// if response.status == .supported, response.paymentProductId != selectedProductId {
///     // switch to response.paymentProductId
/// }
/// ```
public struct IINDetailsResponse: Hashable, Sendable, Codable {
    /// The outcome.
    public var status: IINStatus
    /// The primary product of the card (the first one allowed in the context), if known.
    public var paymentProductId: String?
    /// The card's country, if known.
    public var countryCode: String?
    /// Whether ``paymentProductId`` can be paid with in the context.
    public var isAllowedInContext: Bool
    /// All brands of a co-branded card, including the primary one; empty for a single brand.
    public var coBrands: [IINDetail]

    /// Creates a response.
    public init(
        status: IINStatus, paymentProductId: String? = nil, countryCode: String? = nil,
        isAllowedInContext: Bool = false, coBrands: [IINDetail] = []
    ) {
        self.status = status
        self.paymentProductId = paymentProductId
        self.countryCode = countryCode
        self.isAllowedInContext = isAllowedInContext
        self.coBrands = coBrands
    }

    private enum CodingKeys: String, CodingKey {
        case status, paymentProductId, countryCode, isAllowedInContext, coBrands
    }

    /// Decodes the body and derives ``status`` (a `status` member is ignored, except the
    /// client-side `PENDING` and `NOT_ENOUGH_DIGITS` that ``encode(to:)`` writes).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let productId = try container.decodeIntegerIfPresent(Int64.self, forKey: .paymentProductId).map { String($0) }
        let allowed = try container.decodeFlag(forKey: .isAllowedInContext)
        let status: IINStatus
        // The API never sends a status and the SDK ignores one; only the two statuses that the
        // client makes up itself are read back, so that an encoded answer decodes unchanged.
        let clientStatus = try container.decodeIfPresent(String.self, forKey: .status).flatMap(IINStatus.init)
        if let clientStatus, clientStatus == .pending || clientStatus == .notEnoughDigits {
            status = clientStatus
        } else if productId == nil {
            status = .unknown
        } else {
            status = allowed ? .supported : .existingButNotAllowed
        }
        self.init(
            status: status, paymentProductId: productId,
            countryCode: try container.decodeIfPresent(String.self, forKey: .countryCode),
            isAllowedInContext: allowed,
            coBrands: try container.decodeIfPresent([IINDetail].self, forKey: .coBrands) ?? [])
    }

    /// Encodes the API's form plus `status` (ours).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status.rawValue, forKey: .status)
        if let paymentProductId { try container.encodeIdentifier(paymentProductId, forKey: .paymentProductId) }
        try container.encodeIfPresent(countryCode, forKey: .countryCode)
        try container.encode(isAllowedInContext, forKey: .isAllowedInContext)
        try container.encode(coBrands, forKey: .coBrands)
    }

    /// The name older SDK versions use for ``isAllowedInContext``.
    public var allowedInContext: Bool { isAllowedInContext }

    /// The co-brands that can be paid with in the context; offer a choice when there are two or more.
    public var allowedCoBrands: [IINDetail] { coBrands.filter(\.isAllowedInContext) }
}
