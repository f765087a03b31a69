// Nettle (Debian: nettle-dev), for SHA-256 digests of the gallery's inline script and
// style (Content-Security-Policy hashes). Its macros are wrapped for Swift.
#include <stddef.h>
#include <stdint.h>
#include <nettle/sha2.h>

static inline void spinnerd_sha256(const uint8_t *data, size_t length, uint8_t digest[32]) {
    struct sha256_ctx context;
    nettle_sha256_init(&context);
    nettle_sha256_update(&context, length, data);
    nettle_sha256_digest(&context, 32, digest);
}
