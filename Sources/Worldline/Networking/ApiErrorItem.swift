/// One error of an ``ApiErrorResponse``.
public struct ApiErrorItem: Hashable, Sendable, Codable {
    /// The platform's error code, e.g. `9007`.
    public var code: String
    /// The HTTP status the error maps to.
    public var httpStatusCode: Int
    /// A human-readable message (English, for developers).
    public var message: String
    /// The error category, e.g. `CONNECT_PLATFORM_ERROR`.
    public var category: String?
    /// A symbolic id, e.g. `ACCESS_TO_MERCHANT_NOT_ALLOWED`.
    public var id: String?
    /// The request property at fault, if any.
    public var propertyName: String?
    /// The platform's request id, if any.
    public var requestId: String?

    /// Creates an item.
    public init(
        code: String, httpStatusCode: Int, message: String, category: String? = nil, id: String? = nil,
        propertyName: String? = nil, requestId: String? = nil
    ) {
        self.code = code
        self.httpStatusCode = httpStatusCode
        self.message = message
        self.category = category
        self.id = id
        self.propertyName = propertyName
        self.requestId = requestId
    }

    private enum CodingKeys: String, CodingKey {
        case code, httpStatusCode, message, category, id, propertyName, requestId
    }

    /// Decodes an item; `httpStatusCode` must be a whole number that fits `Int` (an error names
    /// it otherwise).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(String.self, forKey: .code)
        httpStatusCode = try container.decodeInteger(Int.self, forKey: .httpStatusCode)
        message = try container.decode(String.self, forKey: .message)
        category = try container.decodeIfPresent(String.self, forKey: .category)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        propertyName = try container.decodeIfPresent(String.self, forKey: .propertyName)
        requestId = try container.decodeIfPresent(String.self, forKey: .requestId)
    }
}
