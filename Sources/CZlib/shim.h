// zlib (Debian: zlib1g-dev): deflate for PNG/APNG image data and CRC-32 for chunks.
#include <zlib.h>

// deflateInit2 is a macro in zlib.h, which Swift cannot call; this wraps it.
static inline int spinnerd_deflateInit2(z_streamp stream, int level, int method,
                                        int windowBits, int memLevel, int strategy) {
    return deflateInit2(stream, level, method, windowBits, memLevel, strategy);
}
