// libdeflate (Debian: libdeflate-dev): a deflate compressor with a near-optimal parser,
// used for the image data spinnerd writes (zlib stays for CRCs and quick estimates).
#include <libdeflate.h>
