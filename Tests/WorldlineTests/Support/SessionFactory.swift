import Foundation
import XCTest

@testable import Worldline

/// Sessions against the stub server, each with its own customer id so that the server's request
/// log of one test is not mixed with another's.
enum SessionFactory {
    static let context = PaymentContext(
        amountOfMoney: PaymentAmountOfMoney(totalAmount: 1999, currencyCode: "EUR"), isRecurring: false,
        countryCode: "NL", locale: "en_US")

    static func uniqueCustomer(_ name: String = #function) -> String {
        let letters = name.filter { $0.isLetter || $0.isNumber }
        return "\(letters)-\(UUID().uuidString.prefix(8))"
    }

    static func session(
        customer: String, server: StubServer, encryptor: (any PaymentRequestEncryptor)? = nil,
        assetNamespace: String = "default", cacheDirectory: URL? = nil, offersApplePay: Bool = false
    ) throws -> Session {
        try Session(
            clientSessionId: "51d29012e6ce4b81afa6cc7551ef4e36", customerId: customer,
            baseURL: server.baseURL + "/client/v1", assetBaseURL: server.baseURL + "/assets/\(assetNamespace)",
            appIdentifier: "WorldlineTests/1.0", encryptor: encryptor, offersApplePay: offersApplePay,
            assetCacheDirectory: cacheDirectory
                ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                    "worldline-assets-\(UUID().uuidString)"))
    }
}
