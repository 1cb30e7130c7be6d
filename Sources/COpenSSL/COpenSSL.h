// The part of OpenSSL's libcrypto that CheckoutCrypto uses on Linux.
//
// Only libcrypto is linked (no TLS). The inline helpers below exist because several OpenSSL calls
// are preprocessor macros in one major version and functions in another (1.1.1 vs 3.x), and Swift
// cannot import function-like macros; wrapping them here keeps the Swift side identical on both.
#ifndef CHECKOUT_COPENSSL_H
#define CHECKOUT_COPENSSL_H

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

/// Whether `pkey` is an RSA key (EVP_PKEY_base_id is a macro in OpenSSL 3).
static inline int CheckoutOpenSSL_isRSAKey(const EVP_PKEY *pkey) {
    return EVP_PKEY_base_id(pkey) == EVP_PKEY_RSA;
}

/// The key's modulus size in bits (EVP_PKEY_bits is a macro in OpenSSL 3).
static inline int CheckoutOpenSSL_keyBits(const EVP_PKEY *pkey) {
    return EVP_PKEY_bits(pkey);
}

/// Configures an encryption context for RSAES-OAEP with SHA-1 and MGF1-SHA-1 and no label
/// (JWE "RSA-OAEP", RFC 7518 section 4.3). The setters are macros in OpenSSL 1.1.1.
/// Returns 1 on success, <= 0 on failure (the reason is on OpenSSL's error queue).
static inline int CheckoutOpenSSL_setOAEPSHA1(EVP_PKEY_CTX *ctx) {
    if (EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_OAEP_PADDING) <= 0) return 0;
    if (EVP_PKEY_CTX_set_rsa_oaep_md(ctx, EVP_sha1()) <= 0) return 0;
    if (EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, EVP_sha1()) <= 0) return 0;
    return 1;
}

#endif
