// Cairo 2D drawing (Debian: libcairo2-dev). Only the image surface is used.
#include <cairo/cairo.h>
