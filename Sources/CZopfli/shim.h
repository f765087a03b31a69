// zopfli (Debian: libzopfli-dev): an exhaustive deflate, 3-8 % smaller than zlib's level 9
// at about a hundred times its time. spinnerd uses it only for the kinds' default APNGs,
// compressed once per process in the background (docs/formats.md, "The defaults' APNG by zopfli").
#include <zopfli/zopfli.h>
