import GalleryFiles

/// The gallery's files as the binary holds them (the GalleryFiles module: the front end's
/// files of `Sources/GalleryFiles/Front/` and lottie-web, vendored gzipped).
enum GalleryFile {
    /// Front/'s files by name ("gallery.js", "gallery.css", "gallery.html", …): their bytes
    /// as written.
    static let front: [Substring: [UInt8]] = {
        var count: UInt = 0
        guard let table = gallery_front_files(&count) else { return [:] }
        return Dictionary(uniqueKeysWithValues: UnsafeBufferPointer(start: table, count: Int(count)).map(entry))
    }()

    /// lottie-web's script, gzipped (a gzip member).
    static var lottieWebGzipped: [UInt8] { entry(gallery_lottie_web()).bytes }

    /// A file's name and a copy of its bytes.
    private static func entry(_ file: gallery_file) -> (name: Substring, bytes: [UInt8]) {
        (Substring(String(cString: file.name)), Array(UnsafeBufferPointer(start: file.bytes, count: Int(file.count))))
    }
}
