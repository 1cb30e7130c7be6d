#if !(canImport(Security) && canImport(CommonCrypto)) && canImport(COpenSSL)
import COpenSSL

// OpenSSL's libcrypto. Every object created here is freed by a `defer` right after its creation, and
// every failure reads OpenSSL's thread-local error queue into the thrown error. The queue is cleared
// before each operation so that a stale entry from unrelated code is never reported as our reason.
extension PlatformCrypto {
    static func randomBytes(count: Int) throws -> [UInt8] {
        guard let length = Int32(exactly: count) else {
            throw CryptoError.invalidLength(
                parameter: "random byte count", expected: "at most \(Int32.max)", actual: count)
        }
        ERR_clear_error()
        var bytes = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&bytes, length) == 1 else { throw openSSLFailure("RAND_bytes") }
        return bytes
    }

    static func aes256CBCEncrypt(_ plaintext: [UInt8], key: [UInt8], iv: [UInt8]) throws -> [UInt8] {
        ERR_clear_error()
        guard let context = EVP_CIPHER_CTX_new() else { throw openSSLFailure("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_EncryptInit_ex(context, EVP_aes_256_cbc(), nil, key, iv) == 1 else {
            throw openSSLFailure("EVP_EncryptInit_ex(aes-256-cbc)")
        }
        guard EVP_CIPHER_CTX_set_padding(context, 1) == 1 else { throw openSSLFailure("EVP_CIPHER_CTX_set_padding") }
        // Room for the plaintext plus one full padding block, as EVP_EncryptUpdate + Final may write.
        var output = [UInt8](repeating: 0, count: plaintext.count + AES256CBC.blockCount)
        var updateCount: Int32 = 0
        var finalCount: Int32 = 0
        let succeeded = nonEmpty(plaintext).withUnsafeBufferPointer { input -> Bool in
            output.withUnsafeMutableBufferPointer { out -> Bool in
                guard let inputBase = input.baseAddress, let outBase = out.baseAddress else { return false }
                guard EVP_EncryptUpdate(context, outBase, &updateCount, inputBase, Int32(plaintext.count)) == 1 else {
                    return false
                }
                return EVP_EncryptFinal_ex(context, outBase + Int(updateCount), &finalCount) == 1
            }
        }
        guard succeeded else { throw openSSLFailure("EVP_EncryptUpdate/EVP_EncryptFinal_ex(aes-256-cbc)") }
        return Array(output.prefix(Int(updateCount) + Int(finalCount)))
    }

    static func hmacSHA512(_ message: [UInt8], key: [UInt8]) throws -> [UInt8] {
        ERR_clear_error()
        var code = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var codeCount: UInt32 = 0
        // HMAC() is OpenSSL's one-shot MAC (not deprecated in 3.x, unlike HMAC_CTX). Empty inputs get a
        // valid pointer with length 0, since a nil pointer means "use the static output buffer" for md.
        let result = nonEmpty(key).withUnsafeBufferPointer { keyBuffer in
            nonEmpty(message).withUnsafeBufferPointer { messageBuffer in
                HMAC(
                    EVP_sha512(), keyBuffer.baseAddress, Int32(key.count), messageBuffer.baseAddress, message.count,
                    &code, &codeCount)
            }
        }
        guard result != nil else { throw openSSLFailure("HMAC(sha512)") }
        return Array(code.prefix(Int(codeCount)))
    }

    static func rsaKeyBitCount(subjectPublicKeyInfo der: [UInt8], pkcs1: [UInt8]) throws -> Int {
        ERR_clear_error()
        let key = try parsePublicKey(der)
        defer { EVP_PKEY_free(key) }
        return Int(CheckoutOpenSSL_keyBits(key))
    }

    static func rsaOAEPSHA1Encrypt(
        subjectPublicKeyInfo der: [UInt8], pkcs1: [UInt8], bitCount: Int, plaintext: [UInt8]
    ) throws -> [UInt8] {
        ERR_clear_error()
        let key = try parsePublicKey(der)
        defer { EVP_PKEY_free(key) }
        guard let context = EVP_PKEY_CTX_new(key, nil) else { throw openSSLFailure("EVP_PKEY_CTX_new") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_encrypt_init(context) == 1 else { throw openSSLFailure("EVP_PKEY_encrypt_init") }
        guard CheckoutOpenSSL_setOAEPSHA1(context) == 1 else {
            throw openSSLFailure("EVP_PKEY_CTX_set_rsa_padding(RSA_PKCS1_OAEP_PADDING, SHA-1)")
        }
        let input = nonEmpty(plaintext)
        var outputCount = 0
        guard EVP_PKEY_encrypt(context, nil, &outputCount, input, plaintext.count) == 1 else {
            throw openSSLFailure("EVP_PKEY_encrypt (size query)")
        }
        var output = [UInt8](repeating: 0, count: outputCount)
        guard EVP_PKEY_encrypt(context, &output, &outputCount, input, plaintext.count) == 1 else {
            throw openSSLFailure("EVP_PKEY_encrypt(RSA-OAEP-SHA1)")
        }
        return Array(output.prefix(outputCount))
    }

    /// Parses a DER SubjectPublicKeyInfo with `d2i_PUBKEY`, insisting that every byte is consumed and
    /// that the key is RSA. The caller frees the result with `EVP_PKEY_free`.
    private static func parsePublicKey(_ der: [UInt8]) throws -> OpaquePointer {
        guard let length = Int(exactly: der.count), !der.isEmpty else {
            throw CryptoError.invalidKeyEncoding(reason: "the public key is empty")
        }
        let parsed = der.withUnsafeBufferPointer { buffer -> (key: OpaquePointer?, consumed: Int) in
            guard let base = buffer.baseAddress else { return (nil, 0) }
            var cursor: UnsafePointer<UInt8>? = base
            let key = d2i_PUBKEY(nil, &cursor, length)
            return (key, cursor.map { $0 - base } ?? 0)
        }
        guard let key = parsed.key else {
            throw CryptoError.invalidKeyEncoding(reason: "d2i_PUBKEY: \(openSSLErrors())")
        }
        guard parsed.consumed == der.count else {
            EVP_PKEY_free(key)
            throw CryptoError.invalidKeyEncoding(reason: "unexpected data after the key at byte \(parsed.consumed)")
        }
        guard CheckoutOpenSSL_isRSAKey(key) == 1 else {
            EVP_PKEY_free(key)
            throw CryptoError.unsupportedKeyType(algorithm: "(not RSA according to OpenSSL)")
        }
        return key
    }

    /// The array itself, or a one-byte array if empty, so `baseAddress` is never nil; callers always
    /// pass the real length separately.
    private static func nonEmpty(_ bytes: [UInt8]) -> [UInt8] {
        bytes.isEmpty ? [0] : bytes
    }

    private static func openSSLFailure(_ operation: String) -> CryptoError {
        .libraryFailure(operation: operation, reason: openSSLErrors())
    }

    /// Drains OpenSSL's error queue of this thread into one line.
    private static func openSSLErrors() -> String {
        var messages: [String] = []
        var code = ERR_get_error()
        while code != 0 {
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            let end = buffer.firstIndex(of: 0) ?? buffer.endIndex
            messages.append(String(decoding: buffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self))
            code = ERR_get_error()
        }
        return messages.isEmpty ? "no error on OpenSSL's error queue" : messages.joined(separator: "; ")
    }
}
#endif
