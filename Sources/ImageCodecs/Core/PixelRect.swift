/// A rectangle of pixels: top-left corner and size.
struct PixelRect: Hashable, Sendable {
    var x: Int, y: Int, width: Int, height: Int

    /// The whole of a `width` × `height` image.
    static func whole(width: Int, height: Int) -> PixelRect {
        PixelRect(x: 0, y: 0, width: width, height: height)
    }

    /// The bounding box of the pixels of a `width` × `height` image (by index) where
    /// `test` holds; zero-sized when none does.
    static func bounding(width: Int, height: Int, where test: (Int) -> Bool) -> PixelRect {
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        for y in 0 ..< height {
            // A row's first and last hit bound it, so a row is searched from its left end
            // and from its right end only as far as those (not through its middle).
            let row = y * width
            guard let first = (0 ..< width).first(where: { test(row + $0) }) else { continue }
            var last = width - 1
            while last > first && !test(row + last) { last -= 1 }
            (minX, minY, maxX, maxY) = (min(minX, first), min(minY, y), max(maxX, last), y)
        }
        return maxX < 0 ? PixelRect(x: 0, y: 0, width: 0, height: 0)
                        : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The columns of row `y` inside the rectangle; none when the row is outside it.
    @inline(__always)
    func columns(inRow y: Int) -> Range<Int> {
        self.y <= y && y < self.y + height ? x ..< x + width : 0 ..< 0
    }

    /// The smallest rectangle holding both (a zero-sized one holds nothing).
    func union(_ other: PixelRect) -> PixelRect {
        guard other.width > 0 else { return self }
        guard width > 0 else { return other }
        let (minX, minY) = (Swift.min(x, other.x), Swift.min(y, other.y))
        let (maxX, maxY) = (Swift.max(x + width, other.x + other.width), Swift.max(y + height, other.y + other.height))
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Sets every pixel of `pixels` (an image `imageWidth` wide) inside the rectangle to `value`.
    func fill<Pixel>(_ pixels: inout [Pixel], imageWidth: Int, with value: Pixel) {
        for row in y ..< y + height {
            for column in x ..< x + width { pixels[row * imageWidth + column] = value }
        }
    }
}
