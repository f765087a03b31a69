import HTTPServer
import SpinnerRendering

extension Representation {
    /// A rendered image as the cache keeps it: immutable when it is the URL's final encode,
    /// a short public lifetime when provisional (`ServiceHeaders`); an SVG with its own
    /// Content-Security-Policy. Bodies of 16 KiB and more go to a memfd counted by `files`.
    /// `version` is the URL's `v` (its entity tag's too).
    convenience init(image: RenderedImage, pass: RenderPass, files: DescriptorQuota, version: String) {
        let extra: [(HTTPFieldName, String)] = image.format == .svg ? [(.contentSecurityPolicy, ServiceHeaders.svgPolicy)] : []
        self.init(mediaType: image.mediaType, body: image.bytes,
                  cacheControl: pass == .final ? ServiceHeaders.immutable : ServiceHeaders.provisional,
                  extraHeaders: extra, files: files, isFinal: pass == .final, version: version)
    }
}
