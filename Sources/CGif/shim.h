// giflib (Debian: libgif-dev): GIF89a container and LZW coding, median-cut quantizer.
#include <stddef.h>
#include <gif_lib.h>
