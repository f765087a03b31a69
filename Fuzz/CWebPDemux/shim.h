// libwebp's animation decoder (Debian: libwebp-dev, libwebpdemux): only the fuzz targets
// use it, to decode what the WebP encoder wrote and compare it with the frames given.
#include <webp/decode.h>
#include <webp/demux.h>

// WebPAnimDecoderOptionsInit and WebPAnimDecoderNew are inline functions over versioned
// entry points; these wrappers give Swift one plain call each.
static inline int spinnerd_webp_anim_decoder_options_init(WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderOptionsInit(options);
}
static inline WebPAnimDecoder *spinnerd_webp_anim_decoder_new(const WebPData *data, const WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderNew(data, options);
}
