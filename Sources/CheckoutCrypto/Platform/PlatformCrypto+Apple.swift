#if canImport(Security) && canImport(CommonCrypto)
import CommonCrypto
import Foundation
import Security

// Security and CommonCrypto. Security's RSA key import takes the PKCS#1 `RSAPublicKey` (the SPKI's
// inner key), which SubjectPublicKeyInfo has already extracted and validated.
extension PlatformCrypto {
    static func randomBytes(count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let status = bytes.withUnsafeMutableBytes { buffer -> OSStatus in
            guard let base = buffer.baseAddress else { return errSecParam }
            // nil is kSecRandomDefault (the system CSPRNG), without touching a global under strict concurrency.
            return SecRandomCopyBytes(nil, buffer.count, base)
        }
        guard status == errSecSuccess else {
            throw CryptoError.libraryFailure(operation: "SecRandomCopyBytes", reason: "OSStatus \(status)")
        }
        return bytes
    }

    static func aes256CBCEncrypt(_ plaintext: [UInt8], key: [UInt8], iv: [UInt8]) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: plaintext.count + kCCBlockSizeAES128)
        let outputCapacity = output.count
        var written = 0
        let status = CCCrypt(
            CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
            key, key.count, iv, plaintext, plaintext.count, &output, outputCapacity, &written)
        guard status == CCCryptorStatus(kCCSuccess) else {
            throw CryptoError.libraryFailure(operation: "CCCrypt(AES-256-CBC)", reason: "CCCryptorStatus \(status)")
        }
        return Array(output.prefix(written))
    }

    static func hmacSHA512(_ message: [UInt8], key: [UInt8]) throws -> [UInt8] {
        var code = [UInt8](repeating: 0, count: Int(CC_SHA512_DIGEST_LENGTH))
        CCHmac(CCHmacAlgorithm(kCCHmacAlgSHA512), key, key.count, message, message.count, &code)
        return code
    }

    static func rsaKeyBitCount(subjectPublicKeyInfo der: [UInt8], pkcs1: [UInt8]) throws -> Int {
        let key = try secKey(pkcs1: pkcs1)
        return SecKeyGetBlockSize(key) * 8
    }

    static func rsaOAEPSHA1Encrypt(
        subjectPublicKeyInfo der: [UInt8], pkcs1: [UInt8], bitCount: Int, plaintext: [UInt8]
    ) throws -> [UInt8] {
        let key = try secKey(pkcs1: pkcs1)
        let algorithm = SecKeyAlgorithm.rsaEncryptionOAEPSHA1
        guard SecKeyIsAlgorithmSupported(key, .encrypt, algorithm) else {
            throw CryptoError.libraryFailure(
                operation: "SecKeyIsAlgorithmSupported", reason: "RSA-OAEP-SHA1 is not supported for this key")
        }
        var error: Unmanaged<CFError>?
        guard let encrypted = SecKeyCreateEncryptedData(key, algorithm, Data(plaintext) as CFData, &error) else {
            throw CryptoError.libraryFailure(operation: "SecKeyCreateEncryptedData", reason: describe(error))
        }
        return [UInt8](encrypted as Data)
    }

    private static func secKey(pkcs1: [UInt8]) throws -> SecKey {
        let attributes: [CFString: Any] = [
            kSecAttrKeyType: kSecAttrKeyTypeRSA,
            kSecAttrKeyClass: kSecAttrKeyClassPublic,
        ]
        var error: Unmanaged<CFError>?
        guard let key = SecKeyCreateWithData(Data(pkcs1) as CFData, attributes as CFDictionary, &error) else {
            throw CryptoError.invalidKeyEncoding(reason: "SecKeyCreateWithData: \(describe(error))")
        }
        return key
    }

    private static func describe(_ error: Unmanaged<CFError>?) -> String {
        guard let error = error?.takeRetainedValue() else { return "no error reported" }
        return String(describing: error)
    }
}
#endif
