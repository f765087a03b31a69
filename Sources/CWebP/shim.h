// libwebp (Debian: libwebp-dev): lossless VP8L coding and WebPAnimEncoder (libwebpmux),
// which crops each frame to what changed and assembles the animated WebP container.
#include <webp/encode.h>
#include <webp/mux.h>

// The header's initialisers are inline functions over versioned entry points; these
// wrappers give Swift one plain call each.
static inline int spinnerd_webp_config_init(WebPConfig *config) { return WebPConfigInit(config); }
static inline int spinnerd_webp_picture_init(WebPPicture *picture) { return WebPPictureInit(picture); }
static inline int spinnerd_webp_anim_options_init(WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderOptionsInit(options);
}
static inline WebPAnimEncoder *spinnerd_webp_anim_encoder_new(int width, int height, const WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderNew(width, height, options);
}
static inline WebPMux *spinnerd_webp_mux_new(void) { return WebPMuxNew(); }
