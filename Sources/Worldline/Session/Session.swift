public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The entry point: talks to the Client API for one client session, caches what it may, and
/// prepares (encrypts) payment requests.
///
/// Create it with what the merchant's server got from its Create Session call:
///
/// ```swift
/// let session = try Session(
///     clientSessionId: "51d29012e6ce4b81afa6cc7551ef4e36", customerId: "9991-0b9bc6b7a23e4c4a8a1ab2f4f7a2a2b7",
///     baseURL: "https://payment.preprod.example.com/client/v1", assetBaseURL: "https://assets.example.com",
///     appIdentifier: "MyShop/1.4", encryptor: JWEPaymentRequestEncryptor())
/// let items = try await session.paymentItems(for: context, groupPaymentProducts: true)
/// let product = try await session.paymentProduct(withId: "1", context: context)
/// let prepared = try await session.prepare(request)
/// ```
///
/// Every request carries exactly the SDK's two headers: `Authorization: GCS v1Client:<id>` and
/// `X-GCS-ClientMetaInfo`. Product and group details are cached per id and context, directories
/// per product, country and currency; lists are not cached. It is an actor: calls may come from any
/// task.
public actor Session {
    /// The client session id (it authenticates every call).
    public nonisolated let clientSessionId: String
    /// The customer id (the first path component of every call).
    public nonisolated let customerId: String
    /// The Client API base URL, normalised to end in `/client/v1`.
    public nonisolated let baseURL: URL
    /// The asset server's base URL.
    public nonisolated let assetBaseURL: URL
    /// What the API learns about the app and device.
    public nonisolated let clientMetaInfo: ClientMetaInfo
    /// Logos and images, cached on disk.
    public nonisolated let assets: AssetManager
    /// Whether lists keep Apple Pay (product 302). The SDK keeps it only when PassKit says the
    /// device can pay; this module has no PassKit, so it is the app's call (default: removed).
    public nonisolated let offersApplePay: Bool

    /// The product id of Apple Pay.
    public static let applePayProductId = "302"

    /// Whether an IIN lookup is in flight (further lookups answer ``IINStatus/pending``). Always
    /// reset when the lookup ends, whatever the outcome (the SDK could leave it stuck).
    public private(set) var iinLookupPending = false

    private nonisolated let api: ClientAPI
    private nonisolated let encryptor: (any PaymentRequestEncryptor)?
    private var paymentProductMapping: [String: PaymentProduct] = [:]
    private var paymentProductGroupMapping: [String: PaymentProductGroup] = [:]
    private var directoryEntriesMapping: [String: DirectoryEntries] = [:]

    /// Creates a session.
    ///
    /// - Parameters:
    ///   - clientSessionId: The client session id from the server's Create Session call.
    ///   - customerId: The customer id from the same call.
    ///   - baseURL: The Client API URL; `https://host`, `https://host/client` and
    ///     `https://host/client/v1` all work.
    ///   - assetBaseURL: The asset server's URL (logos, tooltip images).
    ///   - appIdentifier: The app's name and version, sent in the client meta info.
    ///   - ipAddress: The customer's IP address, sent in the client meta info when given.
    ///   - offersApplePay: Whether product lists keep Apple Pay (302).
    ///   - logHandler: Receives one line per API call (method, path, query, status, size, time;
    ///     never headers or bodies), like the SDK's network logging.
    ///   - encryptor: Encrypts prepared requests: ``JWEPaymentRequestEncryptor`` (the platform's
    ///     cryptography) by default; with `nil`, ``prepare(_:)`` throws
    ///     ``WorldlineError/encryptorMissing``.
    ///   - urlSession: The URL session for all calls.
    ///   - assetCacheDirectory: Where logos are kept (default ``AssetManager/defaultCacheDirectory``).
    /// - Throws: ``WorldlineError/unsupportedBaseURL(_:)`` for a URL that is not the Client API's.
    public init(
        clientSessionId: String, customerId: String, baseURL: String, assetBaseURL: String, appIdentifier: String,
        ipAddress: String? = nil, encryptor: (any PaymentRequestEncryptor)? = JWEPaymentRequestEncryptor(),
        offersApplePay: Bool = false,
        urlSession: URLSession = .shared, assetCacheDirectory: URL? = nil,
        logHandler: (@Sendable (String) -> Void)? = nil
    ) throws(WorldlineError) {
        try self.init(
            clientSessionId: clientSessionId, customerId: customerId, baseURL: baseURL, assetBaseURL: assetBaseURL,
            clientMetaInfo: ClientMetaInfo(appIdentifier: appIdentifier, ipAddress: ipAddress), encryptor: encryptor,
            offersApplePay: offersApplePay, transport: URLSessionTransport(session: urlSession),
            assetCacheDirectory: assetCacheDirectory, logHandler: logHandler)
    }

    /// Creates a session on the fixed Ingenico-era URLs of `region` and `environment` (SDK v5's
    /// deprecated constructor). New integrations pass the URLs from Create Session instead.
    public init(
        clientSessionId: String, customerId: String, region: Region, environment: Environment, appIdentifier: String,
        encryptor: (any PaymentRequestEncryptor)? = JWEPaymentRequestEncryptor(), urlSession: URLSession = .shared
    ) throws(WorldlineError) {
        try self.init(
            clientSessionId: clientSessionId, customerId: customerId, baseURL: region.clientAPIURL(in: environment),
            assetBaseURL: region.assetURL(in: environment), appIdentifier: appIdentifier, encryptor: encryptor,
            urlSession: urlSession)
    }

    /// Creates a session over any transport (for example `WorldlineSandbox`, in the CheckoutSandbox
    /// module), with full control of the client meta info.
    public init(
        clientSessionId: String, customerId: String, baseURL: String, assetBaseURL: String,
        clientMetaInfo: ClientMetaInfo, encryptor: (any PaymentRequestEncryptor)?, offersApplePay: Bool = false,
        transport: any HTTPTransport, assetCacheDirectory: URL? = nil, logHandler: (@Sendable (String) -> Void)? = nil
    ) throws(WorldlineError) {
        guard let assetURL = URL(string: assetBaseURL), assetURL.scheme != nil else {
            throw .unsupportedBaseURL(assetBaseURL)
        }
        let apiURL = try ClientAPI.normalizedBaseURL(baseURL)
        self.clientSessionId = clientSessionId
        self.customerId = customerId
        self.baseURL = apiURL
        self.assetBaseURL = assetURL
        self.clientMetaInfo = clientMetaInfo
        self.encryptor = encryptor
        self.offersApplePay = offersApplePay
        api = ClientAPI(
            baseURL: apiURL, customerId: customerId, clientSessionId: clientSessionId,
            encodedClientMetaInfo: clientMetaInfo.base64Encoded, transport: transport, log: logHandler)
        assets = AssetManager(
            assetBaseURL: assetURL, cacheDirectory: assetCacheDirectory ?? AssetManager.defaultCacheDirectory,
            transport: transport)
    }

    // MARK: Payment items

    /// The products offered for `context` (`GET /{c}/products`, fields hidden).
    public func paymentProducts(for context: PaymentContext) async throws(WorldlineError) -> BasicPaymentProducts {
        var query = Self.listQuery(context)
        if let locale = context.locale { query.append(("locale", locale)) }
        var products = try await api.get(BasicPaymentProducts.self, path: ["products"], query: query)
        if !offersApplePay {
            products.paymentProducts.removeAll { $0.identifier == Self.applePayProductId }
        }
        return products
    }

    /// The product groups offered for `context` (`GET /{c}/productgroups`); needs a locale.
    public func paymentProductGroups(
        for context: PaymentContext
    ) async throws(WorldlineError)
        -> BasicPaymentProductGroups
    {
        guard let locale = context.locale else { throw .localeWasNil }
        let query = [("countryCode", context.countryCode), ("locale", locale)] + Self.listQuery(context).dropFirst()
        return try await api.get(BasicPaymentProductGroups.self, path: ["productgroups"], query: Array(query))
    }

    /// What to show on the selection screen, sorted by display order: the products, with those of
    /// a group folded into it when `groupPaymentProducts` is true (which also needs a locale).
    public func paymentItems(
        for context: PaymentContext, groupPaymentProducts: Bool
    ) async throws(WorldlineError)
        -> PaymentItems
    {
        let products = try await paymentProducts(for: context)
        let groups = groupPaymentProducts ? try await paymentProductGroups(for: context) : nil
        return PaymentItems(products: products, groups: groups).sorted()
    }

    /// The product with its fields (`GET /{c}/products/{id}`), cached per id and context.
    public func paymentProduct(
        withId productId: String, context: PaymentContext
    ) async throws(WorldlineError)
        -> PaymentProduct
    {
        let key = Self.cacheKey(productId, context)
        if let cached = paymentProductMapping[key] { return cached }
        var query: [(String, String)] = [
            ("countryCode", context.countryCode), ("currencyCode", context.amountOfMoney.currencyCode),
            ("amount", String(context.amountOfMoney.totalAmount)), ("isRecurring", Self.flag(context.isRecurring)),
        ]
        if let forceBasicFlow = context.forceBasicFlow { query.append(("forceBasicFlow", Self.flag(forceBasicFlow))) }
        if let locale = context.locale { query.append(("locale", locale)) }
        let product = try await api.get(PaymentProduct.self, path: ["products", productId], query: query)
        paymentProductMapping[key] = product
        return product
    }

    /// The group with its fields (`GET /{c}/productgroups/{id}`), cached per id and context; needs a locale.
    public func paymentProductGroup(
        withId groupId: String, context: PaymentContext
    ) async throws(WorldlineError)
        -> PaymentProductGroup
    {
        guard let locale = context.locale else { throw .localeWasNil }
        let key = Self.cacheKey(groupId, context)
        if let cached = paymentProductGroupMapping[key] { return cached }
        let query: [(String, String)] = [
            ("countryCode", context.countryCode), ("locale", locale),
            ("currencyCode", context.amountOfMoney.currencyCode), ("amount", String(context.amountOfMoney.totalAmount)),
            ("isRecurring", Self.flag(context.isRecurring)),
        ]
        let group = try await api.get(PaymentProductGroup.self, path: ["productgroups", groupId], query: query)
        paymentProductGroupMapping[key] = group
        return group
    }

    /// The card networks of a wallet product (`GET /{c}/products/{id}/networks`); needs a locale.
    public func paymentProductNetworks(
        forProductId productId: String, context: PaymentContext
    )
        async throws(WorldlineError) -> PaymentProductNetworks
    {
        guard let locale = context.locale else { throw .localeWasNil }
        let query = [("countryCode", context.countryCode), ("locale", locale)] + Self.listQuery(context).dropFirst()
        return try await api.get(
            PaymentProductNetworks.self, path: ["products", productId, "networks"], query: Array(query))
    }

    // MARK: Services

    /// Looks up which product a card number belongs to (`POST /{c}/services/getIINdetails`).
    ///
    /// Pass the **unmasked** number. Fewer than 6 characters answer ``IINStatus/notEnoughDigits``
    /// and a lookup already in flight answers ``IINStatus/pending``, both without a request.
    /// Otherwise the first 8 digits are sent when there are 8 or more, else the first 6. An
    /// unknown IIN (HTTP 404) answers ``IINStatus/unknown``.
    public func iinDetails(
        forPartialCreditCardNumber number: String, context: PaymentContext?
    )
        async throws(WorldlineError) -> IINDetailsResponse
    {
        guard number.count >= 6 else { return IINDetailsResponse(status: .notEnoughDigits) }
        guard !iinLookupPending else { return IINDetailsResponse(status: .pending) }
        // Set and checked with no suspension in between, so two calls cannot both get through.
        iinLookupPending = true
        defer { iinLookupPending = false }
        let body = IINDetailsRequest(partialCreditCardNumber: number, context: context).jsonData()
        return try await api.post(
            IINDetailsResponse.self, path: ["services", "getIINdetails"], body: body, extraAcceptedStatus: 404)
    }

    /// Converts `amountInCents` minor units of `source` into `target` (`GET /{c}/services/convert/amount`).
    public func convert(
        amountInCents: Int64, source: String, target: String
    ) async throws(WorldlineError)
        -> ConvertedAmountResponse
    {
        try await api.get(
            ConvertedAmountResponse.self, path: ["services", "convert", "amount"],
            query: [("source", source), ("target", target), ("amount", String(amountInCents))])
    }

    /// The directory (e.g. banks) of a product (`GET /{c}/products/{id}/directory`), cached per
    /// product, country and currency.
    public func directory(
        forProductId productId: String, countryCode: String, currencyCode: String
    )
        async throws(WorldlineError) -> DirectoryEntries
    {
        let key = "\(productId)-\(countryCode)-\(currencyCode)"
        if let cached = directoryEntriesMapping[key] { return cached }
        let entries = try await api.get(
            DirectoryEntries.self, path: ["products", productId, "directory"],
            query: [("countryCode", countryCode), ("currencyCode", currencyCode)])
        directoryEntriesMapping[key] = entries
        return entries
    }

    /// The name the SDK's documentation uses for ``directory(forProductId:countryCode:currencyCode:)``.
    public func directory(
        forPaymentProductId productId: String, countryCode: String, currencyCode: String
    )
        async throws(WorldlineError) -> DirectoryEntries
    {
        try await directory(forProductId: productId, countryCode: countryCode, currencyCode: currencyCode)
    }

    /// The key to encrypt requests with (`GET /{c}/crypto/publickey`).
    public func publicKey() async throws(WorldlineError) -> PublicKeyResponse {
        try await api.get(PublicKeyResponse.self, path: ["crypto", "publickey"])
    }

    /// The status of a payment that continues at a third party
    /// (`GET /{c}/payments/{paymentId}/thirdpartystatus`), for polling while the customer is there.
    public func thirdPartyStatus(
        forPaymentId paymentId: String
    ) async throws(WorldlineError)
        -> ThirdPartyStatusResponse
    {
        try await api.get(ThirdPartyStatusResponse.self, path: ["payments", paymentId, "thirdpartystatus"])
    }

    /// The privacy policy (`GET /{c}/services/privacypolicy`), for a product and locale when given.
    public func privacyPolicy(
        forProductId productId: String? = nil, locale: String? = nil
    )
        async throws(WorldlineError) -> PrivacyPolicyResponse
    {
        var query: [(String, String)] = []
        if let productId { query.append(("paymentProductId", productId)) }
        if let locale { query.append(("locale", locale)) }
        return try await api.get(PrivacyPolicyResponse.self, path: ["services", "privacypolicy"], query: query)
    }

    // MARK: Encryption

    /// Encrypts `request` for the merchant's server: fetches the public key, builds the plaintext
    /// (see ``PaymentRequestPlaintext``) and hands it to the session's encryptor.
    ///
    /// Validate the request first; this does not.
    public func prepare(_ request: PaymentRequest) async throws(WorldlineError) -> PreparedPaymentRequest {
        try await prepare(request, plaintext: PaymentRequestPlaintext(clientSessionId: clientSessionId))
    }

    func prepare(
        _ request: PaymentRequest, plaintext: PaymentRequestPlaintext
    ) async throws(WorldlineError)
        -> PreparedPaymentRequest
    {
        guard let encryptor else { throw .encryptorMissing }
        let data = try plaintext.data(for: request)
        let key = try await publicKey()
        do {
            let encrypted = try encryptor.encrypt(plaintext: data, keyId: key.keyId, publicKey: key.publicKey)
            return PreparedPaymentRequest(encryptedFields: encrypted, encodedClientMetaInfo: api.encodedClientMetaInfo)
        } catch {
            throw .encryption(String(describing: error))
        }
    }

    // MARK: Caches

    /// Forgets cached products, groups and directories (not images on disk).
    public func clearCaches() {
        paymentProductMapping = [:]
        paymentProductGroupMapping = [:]
        directoryEntriesMapping = [:]
    }

    /// The cache keys in use, for diagnostics.
    public var cacheKeys: (products: [String], groups: [String], directories: [String]) {
        (
            paymentProductMapping.keys.sorted(), paymentProductGroupMapping.keys.sorted(),
            directoryEntriesMapping.keys.sorted()
        )
    }

    /// `"<id>-<context>"` as in the SDK (`"1-3-EUR-NL-YES"`), plus the locale and the basic-flow
    /// flag when set: the SDK leaves them out, so a product fetched in one language would be
    /// served in another.
    static func cacheKey(_ id: String, _ context: PaymentContext) -> String {
        var key = "\(id)-\(context)"
        if let locale = context.locale { key += "-\(locale)" }
        if let forceBasicFlow = context.forceBasicFlow { key += forceBasicFlow ? "-BASIC" : "-NOBASIC" }
        return key
    }

    private static func flag(_ value: Bool) -> String { value ? "true" : "false" }

    /// `countryCode, currencyCode, amount, hide=fields, isRecurring`, the products call's order.
    private static func listQuery(_ context: PaymentContext) -> [(String, String)] {
        [
            ("countryCode", context.countryCode), ("currencyCode", context.amountOfMoney.currencyCode),
            ("amount", String(context.amountOfMoney.totalAmount)), ("hide", "fields"),
            ("isRecurring", flag(context.isRecurring)),
        ]
    }
}
