/// A Gaussian blur of an 8-bit alpha image, approximated as SVG's `feGaussianBlur` is
/// specified (Filter Effects 1, §feGaussianBlur): three successive box blurs each way, of
/// width d = ⌊σ·3·√(2π)/4 + 0.5⌋ — centred for odd d; for even d two boxes offset half a
/// pixel each way and one of d + 1 centred. Cairo has no blur (GTK's `gskcairoblur.c` and
/// Mozilla's `AlphaBoxBlur` do the same by hand), so it is written here: running sums, one
/// row or column at a time, O(width × height) whatever σ.
enum AlphaBlur {
    /// Blurs the `width` × `height` alpha pixels at `pixels` (rows `stride` bytes apart) in
    /// place by a Gaussian of `sigma` pixels. Nothing for σ under a tenth of a pixel.
    static func blur(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma >= 0.1, width > 0, height > 0 else { return }
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        guard d > 0 else { return }
        // (left reach, right reach) of each of the three boxes.
        let boxes: [(Int, Int)] = d % 2 == 1
            ? Array(repeating: (d / 2, d / 2), count: 3)
            : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
        var line = [UInt8](repeating: 0, count: max(width, height))
        var scratch = [UInt8](repeating: 0, count: max(width, height))
        for row in 0 ..< height {
            let start = pixels + row * stride
            for column in 0 ..< width { line[column] = start[column] }
            for box in boxes { boxBlur(&line, &scratch, count: width, reach: box) }
            for column in 0 ..< width { start[column] = line[column] }
        }
        for column in 0 ..< width {
            for row in 0 ..< height { line[row] = pixels[row * stride + column] }
            for box in boxes { boxBlur(&line, &scratch, count: height, reach: box) }
            for row in 0 ..< height { pixels[row * stride + column] = line[row] }
        }
    }

    /// One box blur of the first `count` values of `line` (zero beyond its ends), through `scratch`.
    private static func boxBlur(_ line: inout [UInt8], _ scratch: inout [UInt8], count: Int, reach: (left: Int, right: Int)) {
        let size = reach.left + reach.right + 1
        var sum = 0
        // The window for position 0: [−left, right].
        for index in 0 ... min(reach.right, count - 1) { sum += Int(line[index]) }
        for index in 0 ..< count {
            scratch[index] = UInt8((sum + size / 2) / size)
            let entering = index + reach.right + 1, leaving = index - reach.left
            if entering < count { sum += Int(line[entering]) }
            if leaving >= 0 { sum -= Int(line[leaving]) }
        }
        for index in 0 ..< count { line[index] = scratch[index] }
    }
}
