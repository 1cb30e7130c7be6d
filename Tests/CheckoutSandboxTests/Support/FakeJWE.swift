import Foundation

/// JWE-shaped strings: the right parts and sizes, random-free filler bytes (a copy of
/// PaymentProvidersTests' `FakeJWE`, for the sandbox server tests that moved here).
enum FakeJWE {
    static let meta = Data(#"{"sdkCreator":"Wordline Connect"}"#.utf8).base64EncodedString()
    static let valid = with()

    static func with(
        header: String = #"{"alg":"RSA-OAEP", "enc":"A256CBC-HS512", "kid":"sandbox-kid"}"#, keyBytes: Int = 256,
        ciphertextBytes: Int = 32
    ) -> String {
        [
            Data(header.utf8), Data(repeating: 1, count: keyBytes), Data(repeating: 2, count: 16),
            Data(repeating: 3, count: ciphertextBytes), Data(repeating: 4, count: 32),
        ]
        .map(base64URL).joined(separator: ".")
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
