/// Decides how each frame of a lossless animated WebP is stored, exactly as libwebp
/// 1.2.4's `WebPAnimEncoder` does with spinnerd's settings (lossless only, no key-frames
/// after the first, `minimize_size` off: `anim_encode.c`, `SetFrame`), so that the frames
/// can be encoded apart, on every core, and still give its bytes. libwebp offers no way
/// to plan without encoding, hence this re-statement; its decisions depend only on
/// pixels, never on encoded sizes:
/// - the changed rectangle against the canvas as the last stored frame left it, trimmed
///   column by column and row by row (`MinimizeChangeRectangle`), its offset snapped to
///   even coordinates (`SnapToEvenOffsets`); a frame with nothing changed is not stored
///   and its time goes to the frame before;
/// - the same against that canvas with the previous frame's rectangle cleared, and the
///   previous frame disposed to background only when this rectangle is strictly smaller;
/// - blending when every pixel of the rectangle is opaque or unchanged
///   (`IsLosslessBlendingPossible`), and then unchanged pixels written transparent
///   (`IncreaseTransparency`).
/// Pixels are `ARGB32` words, compared whole (as libwebp compares them).
struct WebPFramePlanner {
    /// One stored frame: where, how it combines, and the pixels to encode.
    struct Frame {
        var rect: PixelRect
        var blend: Bool
        /// `rect.width × rect.height` pixels, row by row.
        var pixels: [ARGB32]
        /// Input frame index it starts at.
        var firstInput: Int
        /// Whether it is disposed to background (cleared) after it shows: known once the
        /// next frame is planned.
        var disposeAfter = false
    }

    let width: Int
    let height: Int
    /// The canvas as the last stored frame left it (transparent before the first).
    private var canvas: [ARGB32]
    private var previousRect = PixelRect(x: 0, y: 0, width: 0, height: 0)
    private var stored = 0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        canvas = [ARGB32](repeating: .clear, count: width * height)
    }

    /// The decision for input frame `index` (`pixels`: ARGB words of the whole canvas):
    /// the frame to store, and whether the frame stored before it is disposed to
    /// background; nil when it changes nothing and lengthens the frame before.
    mutating func add(_ pixels: [ARGB32], index: Int) -> (frame: Frame, disposePrevious: Bool)? {
        var none = changed(from: canvas, to: pixels)
        var reference = canvas, rect: PixelRect, disposePrevious = false, blend = false
        if stored == 0 {
            if none.width == 0 { none = PixelRect(x: 0, y: 0, width: 1, height: 1) }
            rect = Self.snapped(none)
        } else {
            guard none.width > 0 else { return nil }
            none = Self.snapped(none)
            var disposed = canvas
            previousRect.fill(&disposed, imageWidth: width, with: .clear)
            var background = changed(from: disposed, to: pixels)
            if background.width == 0 { background = PixelRect(x: 0, y: 0, width: 1, height: 1) }
            background = Self.snapped(background)
            disposePrevious = background.width * background.height < none.width * none.height
            if disposePrevious { reference = disposed }
            rect = disposePrevious ? background : none
            blend = blendingIsLossless(reference, pixels, rect)
        }
        var crop = [ARGB32](repeating: .clear, count: rect.width * rect.height)
        for row in 0 ..< rect.height {
            for column in 0 ..< rect.width {
                let at = (rect.y + row) * width + rect.x + column
                let pixel = pixels[at]
                crop[row * rect.width + column] = blend && reference[at] == pixel ? .clear : pixel
            }
        }
        stored += 1
        previousRect = rect
        canvas = pixels
        return (Frame(rect: rect, blend: blend, pixels: crop, firstInput: index), disposePrevious)
    }

    /// The rectangle where `after` differs from `before`, trimmed from the full canvas as
    /// libwebp trims it (left columns, right columns, top rows, bottom rows); empty when
    /// nothing differs.
    private func changed(from before: [ARGB32], to after: [ARGB32]) -> PixelRect {
        var (x, y, w, h) = (0, 0, width, height)
        func columnEqual(_ column: Int) -> Bool {
            for row in y ..< y + h where before[row * width + column] != after[row * width + column] { return false }
            return true
        }
        func rowEqual(_ row: Int) -> Bool {
            for column in x ..< x + w where before[row * width + column] != after[row * width + column] { return false }
            return true
        }
        while w > 0 && columnEqual(x) { w -= 1; x += 1 }
        while w > 0 && columnEqual(x + w - 1) { w -= 1 }
        while w > 0 && h > 0 && rowEqual(y) { h -= 1; y += 1 }
        while w > 0 && h > 0 && rowEqual(y + h - 1) { h -= 1 }
        return w > 0 && h > 0 ? PixelRect(x: x, y: y, width: w, height: h) : PixelRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// `SnapToEvenOffsets`: WebP stores frame offsets halved.
    private static func snapped(_ rect: PixelRect) -> PixelRect {
        PixelRect(x: rect.x & ~1, y: rect.y & ~1, width: rect.width + (rect.x & 1), height: rect.height + (rect.y & 1))
    }

    /// True when drawing `after`'s rectangle over `before` with alpha blending gives
    /// `after` exactly: every pixel is opaque or unchanged.
    private func blendingIsLossless(_ before: [ARGB32], _ after: [ARGB32], _ rect: PixelRect) -> Bool {
        for row in rect.y ..< rect.y + rect.height {
            for column in rect.x ..< rect.x + rect.width {
                let at = row * width + column
                if !after[at].isOpaque && before[at] != after[at] { return false }
            }
        }
        return true
    }
}
