// The gallery's files embedded with C23's #embed, which clang reads as bytes. Written by
// hand, not as SwiftPM's `.embedInCode` resources, because SwiftPM writes each byte as an
// element of a Swift array literal, which the Swift compiler took 12 CPU-s to compile for
// the front end's 137 KB and 12 more for lottie-web's 76 KB, in each of make test's three
// builds, optimised or not; clang embeds both in a twentieth of a second. A change to a file
// rebuilds this one (clang lists embedded files in its dependency file, which SwiftPM reads).
// The list of Front/'s files is written once, here; a test holds it to the folder
// (GalleryPageTests).
#include "GalleryFiles.h"

#pragma clang diagnostic ignored "-Wc23-extensions"  // #embed, in SwiftPM's default C mode

static const unsigned char advice_js[] = {
#embed "Front/advice.js"
};
static const unsigned char colour_js[] = {
#embed "Front/colour.js"
};
static const unsigned char compare_js[] = {
#embed "Front/compare.js"
};
static const unsigned char contrast_js[] = {
#embed "Front/contrast.js"
};
static const unsigned char controls_js[] = {
#embed "Front/controls.js"
};
static const unsigned char density_js[] = {
#embed "Front/density.js"
};
static const unsigned char dom_js[] = {
#embed "Front/dom.js"
};
static const unsigned char gallery_css[] = {
#embed "Front/gallery.css"
};
static const unsigned char gallery_html[] = {
#embed "Front/gallery.html"
};
static const unsigned char gallery_js[] = {
#embed "Front/gallery.js"
};
static const unsigned char gradient_js[] = {
#embed "Front/gradient.js"
};
static const unsigned char inline_js[] = {
#embed "Front/inline.js"
};
static const unsigned char measure_js[] = {
#embed "Front/measure.js"
};
static const unsigned char paths_js[] = {
#embed "Front/paths.js"
};
static const unsigned char player_js[] = {
#embed "Front/player.js"
};
static const unsigned char problems_js[] = {
#embed "Front/problems.js"
};
static const unsigned char recolour_js[] = {
#embed "Front/recolour.js"
};
static const unsigned char sizes_js[] = {
#embed "Front/sizes.js"
};
static const unsigned char snippets_js[] = {
#embed "Front/snippets.js"
};
static const unsigned char stage_js[] = {
#embed "Front/stage.js"
};
static const unsigned char state_js[] = {
#embed "Front/state.js"
};
static const unsigned char urls_js[] = {
#embed "Front/urls.js"
};

#define FILE_OF(name, bytes) { name, bytes, sizeof bytes }

static const gallery_file front[] = {
    FILE_OF("advice.js", advice_js),
    FILE_OF("colour.js", colour_js),
    FILE_OF("compare.js", compare_js),
    FILE_OF("contrast.js", contrast_js),
    FILE_OF("controls.js", controls_js),
    FILE_OF("density.js", density_js),
    FILE_OF("dom.js", dom_js),
    FILE_OF("gallery.css", gallery_css),
    FILE_OF("gallery.html", gallery_html),
    FILE_OF("gallery.js", gallery_js),
    FILE_OF("gradient.js", gradient_js),
    FILE_OF("inline.js", inline_js),
    FILE_OF("measure.js", measure_js),
    FILE_OF("paths.js", paths_js),
    FILE_OF("player.js", player_js),
    FILE_OF("problems.js", problems_js),
    FILE_OF("recolour.js", recolour_js),
    FILE_OF("sizes.js", sizes_js),
    FILE_OF("snippets.js", snippets_js),
    FILE_OF("stage.js", stage_js),
    FILE_OF("state.js", state_js),
    FILE_OF("urls.js", urls_js),
};

const gallery_file *gallery_front_files(unsigned long *count) {
    *count = sizeof front / sizeof front[0];
    return front;
}

static const unsigned char lottie_web_js_gz[] = {
#embed "Vendor/lottie-web.js.gz"
};

gallery_file gallery_lottie_web(void) {
    return (gallery_file)FILE_OF("lottie-web.js.gz", lottie_web_js_gz);
}
