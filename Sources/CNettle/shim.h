// Nettle (Debian: nettle-dev), for SHA-256 digests of the gallery's inline script and
// style (Content-Security-Policy hashes) and HMAC-SHA256 URL signatures. Its macros are
// wrapped for Swift.
#include <stddef.h>
#include <stdint.h>
#include <nettle/hmac.h>
#include <nettle/sha2.h>

static inline void spinnerd_sha256(const uint8_t *data, size_t length, uint8_t digest[32]) {
    struct sha256_ctx context;
    nettle_sha256_init(&context);
    nettle_sha256_update(&context, length, data);
    nettle_sha256_digest(&context, 32, digest);
}

static inline void spinnerd_hmac_sha256(const uint8_t *key, size_t key_length, const uint8_t *data, size_t length,
                                        uint8_t digest[32]) {
    struct hmac_sha256_ctx context;
    nettle_hmac_sha256_set_key(&context, key_length, key);
    nettle_hmac_sha256_update(&context, length, data);
    nettle_hmac_sha256_digest(&context, 32, digest);
}
