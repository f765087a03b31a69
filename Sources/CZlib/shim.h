// zlib (Debian: zlib1g-dev): deflate for PNG/APNG image data and CRC-32 for chunks.
#include <zlib.h>

// deflateInit2 is a macro in zlib.h, which Swift cannot call; this wraps it.
static inline int spinnerd_deflateInit2(z_streamp stream, int level, int method,
                                        int windowBits, int memLevel, int strategy) {
    return deflateInit2(stream, level, method, windowBits, memLevel, strategy);
}

// inflateInit2 is a macro too: this wraps it (windowBits 15 + 32: a zlib or gzip stream;
// -15: raw deflate data, a zip entry's).
static inline int spinnerd_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
