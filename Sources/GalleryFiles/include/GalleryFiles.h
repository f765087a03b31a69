// The gallery's files, embedded in the binary as they are: the front end (Front/: its HTML,
// its style sheet and its script modules) and the vendored Lottie player
// (Vendor/lottie-web.js.gz). SpinnerService serves them (Gallery/GalleryPage.swift).
#ifndef GALLERY_FILES_H
#define GALLERY_FILES_H

/// One embedded file: its name in its folder and its bytes.
typedef struct {
    const char *name;           ///< The file's name, as in Front/ ("gallery.js").
    const unsigned char *bytes; ///< Its contents, as written (no terminator added).
    unsigned long count;        ///< How many bytes.
} gallery_file;

/// The files of Front/, in name order; `count` receives how many.
const gallery_file *gallery_front_files(unsigned long *count);

/// lottie-web's script, gzipped as vendored (Vendor/lottie-web.js.gz).
gallery_file gallery_lottie_web(void);

#endif
