/// The platform's cryptographic primitives, one extension per platform:
///
/// | Primitive | Linux (`PlatformCrypto+OpenSSL.swift`) | Apple (`PlatformCrypto+Apple.swift`) |
/// | --- | --- | --- |
/// | random bytes | `RAND_bytes` | `SecRandomCopyBytes` |
/// | RSA-OAEP-SHA1 | `d2i_PUBKEY`, `EVP_PKEY_encrypt` | `SecKeyCreateWithData`, `SecKeyCreateEncryptedData` |
/// | AES-256-CBC + PKCS#7 | `EVP_EncryptInit_ex(EVP_aes_256_cbc())` | `CCCrypt` |
/// | HMAC-SHA512 | `HMAC(EVP_sha512())` | `CCHmac` |
///
/// Each extension provides the same five static functions; callers (the public types of this module)
/// have already validated lengths. Apple platforms are chosen first so that a stray OpenSSL module on
/// a Mac never takes over.
enum PlatformCrypto {}

#if !(canImport(Security) && canImport(CommonCrypto)) && !canImport(COpenSSL)
#error("CheckoutCrypto needs Security and CommonCrypto (Apple platforms) or OpenSSL's libcrypto (libssl-dev)")
#endif
