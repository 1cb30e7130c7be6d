public import Foundation
public import PaymentProviders
import StateStore
import Worldline

/// A deterministic, scriptable Worldline merchant server (and 3-D Secure page), for tests and
/// demos, on top of ``WorldlineSandbox``'s Client API.
///
/// It cannot decrypt (nobody holds the sandbox key's private half), so *Create Payment* checks
/// the shape of the encrypted customer input instead: a compact JWE of five base64url parts,
/// whose header names `RSA-OAEP`, `A256CBC-HS512` and a key id, with a 256-byte wrapped key
/// (RSA-2048), a 16-byte IV, whole AES blocks of ciphertext and a 32-byte tag; and client meta
/// info that is base64 JSON. Anything else is refused with ``SandboxError/malformedEncryptedInput(_:)``.
///
/// Each *Create Payment* takes the next scripted ``Behaviour``, or ``Behaviour/approve`` once the
/// script is used up; ids are numbered (`sandbox-payment-1`, `sandbox-mac-1`).
///
/// ```swift
/// let server = WorldlineSandboxServer(script: [.decline, .challengeThenApprove])
/// // 1st payment declined; 2nd asks for 3-D Secure, then approved; later ones approved
/// ```
public actor WorldlineSandboxServer: WorldlineMerchantServer {
    /// How a payment goes.
    public enum Behaviour: Sendable, Hashable {
        /// Approved at once.
        case approve
        /// Declined at once.
        case decline
        /// A 3-D Secure redirect, then approved.
        case challengeThenApprove
        /// A 3-D Secure redirect, then declined.
        case challengeThenDecline
    }

    /// A call the server received (the encrypted input is kept `Sensitive`).
    public enum Call: Sendable, Hashable {
        /// *Create Session*.
        case createClientSession
        /// *Create Payment*.
        case createPayment(WorldlinePaymentInput)
        /// *Get Payment* after a redirect.
        case paymentResult(paymentID: String)
    }

    /// Why the sandbox refused a call.
    public enum SandboxError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The encrypted customer input is not the SDK's JWE (says what is wrong).
        case malformedEncryptedInput(String)
        /// No payment has this id.
        case unknownPayment(String)
        /// The RETURNMAC is not the payment's.
        case returnMACMismatch

        /// What was wrong.
        public var description: String {
            switch self {
            case .malformedEncryptedInput(let reason): return "malformed encryptedCustomerInput: \(reason)"
            case .unknownPayment(let id): return "no payment \(id)"
            case .returnMACMismatch: return "the RETURNMAC does not match"
            }
        }
    }

    /// Where the 3-D Secure page sends the shopper back.
    public nonisolated let returnURL: String
    /// The declined reason the sandbox gives.
    public static let declineReason = "Declined by the card issuer"

    private var script: [Behaviour]
    private var calls: [Call] = []
    private var payments: [String: (behaviour: Behaviour, returnMAC: String)] = [:]
    private var sessionNumber = 0
    private var paymentNumber = 0

    /// Creates a sandbox.
    ///
    /// - Parameters:
    ///   - script: How successive payments go; approved once it is used up.
    ///   - returnURL: Where the 3-D Secure page returns to.
    public init(script: [Behaviour] = [], returnURL: String = "https://shop.example/worldline/return") {
        self.script = script
        self.returnURL = returnURL
    }

    /// Every call received, oldest first.
    public var receivedCalls: [Call] { calls }

    /// Replaces what the next payments do.
    public func setScript(_ script: [Behaviour]) {
        self.script = script
    }

    /// A numbered client session on ``WorldlineSandbox``'s URLs.
    public func createClientSession() async throws -> WorldlineClientSession {
        calls.append(.createClientSession)
        sessionNumber += 1
        return WorldlineClientSession(
            clientSessionId: Sensitive(SandboxSecret.make("sandbox-client-session-\(sessionNumber)")),
            customerId: "sandbox-customer",
            clientApiURL: WorldlineSandbox.baseURL, assetURL: WorldlineSandbox.assetBaseURL)
    }

    /// Checks the input's shape and answers per the script.
    ///
    /// - Throws: ``SandboxError/malformedEncryptedInput(_:)``.
    public func createPayment(_ payment: WorldlinePaymentInput) async throws -> WorldlinePaymentResult {
        calls.append(.createPayment(payment))
        try Self.checkShape(payment)
        paymentNumber += 1
        let id = "sandbox-payment-\(paymentNumber)"
        let behaviour = script.isEmpty ? Behaviour.approve : script.removeFirst()
        let mac = SandboxSecret.make("sandbox-mac-\(paymentNumber)")
        payments[id] = (behaviour, mac)
        switch behaviour {
        case .approve: return .approved(paymentID: id, status: "CAPTURED")
        case .decline: return .declined(paymentID: id, reason: Self.declineReason)
        case .challengeThenApprove, .challengeThenDecline:
            guard let url = URL(string: "https://3ds.sandbox.worldline.invalid/challenge?paymentId=\(id)") else {
                throw SandboxError.unknownPayment(id)
            }
            return .redirect(paymentID: id, redirectURL: SensitiveURL(url), returnMAC: Sensitive(mac))
        }
    }

    /// The payment's result after its 3-D Secure redirect.
    ///
    /// - Throws: ``SandboxError`` for an unknown payment or a wrong RETURNMAC.
    public func paymentResult(paymentID: String, returnMAC: String) async throws -> WorldlinePaymentResult {
        calls.append(.paymentResult(paymentID: paymentID))
        guard let payment = payments[paymentID] else { throw SandboxError.unknownPayment(paymentID) }
        guard payment.returnMAC == returnMAC else { throw SandboxError.returnMACMismatch }
        switch payment.behaviour {
        case .decline, .challengeThenDecline: return .declined(paymentID: paymentID, reason: Self.declineReason)
        case .approve, .challengeThenApprove: return .approved(paymentID: paymentID, status: "CAPTURED")
        }
    }

    /// Where the 3-D Secure page at `url` returns the shopper: `RETURNMAC` and `paymentId`
    /// appended to ``returnURL``; nil for a URL that names no payment of this sandbox.
    public func returnURL(forRedirectURL url: URL) -> URL? {
        let id = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .first { $0.name == "paymentId" }?.value
        guard let id, let payment = payments[id] else { return nil }
        return URL(string: "\(returnURL)?RETURNMAC=\(payment.returnMAC)&paymentId=\(id)")
    }

    /// The SDK's JWE, by shape (see the type's documentation).
    static func checkShape(_ payment: WorldlinePaymentInput) throws {
        guard let jwe = payment.encryptedCustomerInput.value else {
            throw SandboxError.malformedEncryptedInput("missing")
        }
        let parts = jwe.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 5 else {
            throw SandboxError.malformedEncryptedInput("\(parts.count) parts, not 5")
        }
        guard let header = base64URLDecoded(parts[0]),
            let fields = try? JSONSerialization.jsonObject(with: header) as? [String: Any]
        else { throw SandboxError.malformedEncryptedInput("the header is not base64url JSON") }
        guard fields["alg"] as? String == "RSA-OAEP", fields["enc"] as? String == "A256CBC-HS512",
            let kid = fields["kid"] as? String, !kid.isEmpty
        else { throw SandboxError.malformedEncryptedInput("the header is not RSA-OAEP / A256CBC-HS512 with a kid") }
        let sizes: [(name: String, index: Int, check: (Int) -> Bool)] = [
            ("encrypted key", 1, { $0 == 256 }), ("IV", 2, { $0 == 16 }),
            ("ciphertext", 3, { $0 > 0 && $0 % 16 == 0 }), ("tag", 4, { $0 == 32 }),
        ]
        for size in sizes {
            guard let bytes = base64URLDecoded(parts[size.index]), size.check(bytes.count) else {
                throw SandboxError.malformedEncryptedInput("the \(size.name) has the wrong size")
            }
        }
        guard let meta = Data(base64Encoded: payment.encodedClientMetaInfo),
            (try? JSONSerialization.jsonObject(with: meta)) is [String: Any]
        else { throw SandboxError.malformedEncryptedInput("the client meta info is not base64 JSON") }
    }

    private static func base64URLDecoded(_ text: String) -> Data? {
        guard !text.contains("="), !text.contains("+"), !text.contains("/") else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
