// libimagequant (Debian: libimagequant-dev), pngquant's library: RGBA frames quantized to a
// shared palette of at most 256 colours at a chosen quality.
#include <stddef.h>
#include <libimagequant.h>
