/// Shape items, in the form the bodymovin exporter writes (5.8 and later): `ty` first in
/// every item (the exporter puts an ellipse's `d` before it, but rlottie reads nothing
/// before an item's `ty`), then its fields, then its name, match name `mn` and `hd`
/// (every item is visible; paints blend normally, `bm` 0). Groups and trims carry their
/// position in their list (`ix`, 1 first), as the exporter numbers items.
extension LottieJSONWriter {
    /// A shape list (a layer's `shapes` or a group's items before its transform).
    mutating func shapes(_ items: [LottieShapeItem], then transform: LottieShapeTransform? = nil) {
        array { writer in
            for (offset, item) in items.enumerated() { writer.shape(item, position: offset + 1) }
            if let transform { writer.transform(transform) }
        }
    }

    private mutating func shape(_ item: LottieShapeItem, position: Int) {
        switch item {
        case .group(let group):
            object { writer in
                writer.field("ty", "gr")
                writer.field("it") { $0.shapes(group.items, then: group.transform) }
                writer.field("nm", group.name)
                writer.field("np", group.items.count)
                writer.field("cix", 2)
                writer.field("bm", 0)
                writer.field("ix", position)
                writer.field("mn", "ADBE Vector Group")
                writer.field("hd", false)
            }
        case .ellipse(let ellipse):
            shapeItem("el", ellipse.name, match: "ADBE Vector Shape - Ellipse") { writer in
                writer.field("d", 1)
                writer.field("s") { $0.property(ellipse.size) }
                writer.field("p") { $0.property(ellipse.position) }
            }
        case .rectangle(let rectangle):
            shapeItem("rc", rectangle.name, match: "ADBE Vector Shape - Rect") { writer in
                writer.field("d", 1)
                writer.field("s") { $0.property(rectangle.size) }
                writer.field("p") { $0.property(rectangle.position) }
                writer.field("r") { $0.property(rectangle.roundness) }
            }
        case .trim(let trim):
            shapeItem("tm", trim.name, match: "ADBE Vector Filter - Trim") { writer in
                writer.field("s") { $0.property(trim.start) }
                writer.field("e") { $0.property(trim.end) }
                writer.field("o") { $0.property(trim.offset) }
                writer.field("m", 1)
                writer.field("ix", position)
            }
        case .fill(let fill):
            shapeItem("fl", fill.name, match: "ADBE Vector Graphic - Fill") { writer in
                writer.field("c") { $0.property(fill.color) }
                writer.field("o") { $0.property(fill.opacity) }
                writer.field("r", 1)
                writer.field("bm", 0)
            }
        case .stroke(let stroke):
            shapeItem("st", stroke.name, match: "ADBE Vector Graphic - Stroke") { writer in
                writer.field("c") { $0.property(stroke.color) }
                writer.field("o") { $0.property(stroke.opacity) }
                writer.field("w") { $0.property(stroke.width) }
                writer.lineStyle(stroke.lineCap, stroke.lineJoin)
            }
        case .gradientFill(let fill):
            shapeItem("gf", fill.name, match: "ADBE Vector Graphic - G-Fill") { writer in
                writer.field("o") { $0.property(fill.opacity) }
                writer.field("r", 1)
                writer.field("bm", 0)
                writer.gradient(fill.gradient)
            }
        case .gradientStroke(let stroke):
            shapeItem("gs", stroke.name, match: "ADBE Vector Graphic - G-Stroke") { writer in
                writer.field("o") { $0.property(stroke.opacity) }
                writer.field("w") { $0.property(stroke.width) }
                writer.gradient(stroke.gradient)
                writer.lineStyle(stroke.lineCap, stroke.lineJoin)
            }
        }
    }

    /// An item but a group: `ty`, `fields`, then `nm`, `mn` and `hd`.
    private mutating func shapeItem(_ type: String, _ name: String, match: String, _ fields: (inout LottieJSONWriter) -> Void) {
        object { writer in
            writer.field("ty", type)
            fields(&writer)
            writer.field("nm", name)
            writer.field("mn", match)
            writer.field("hd", false)
        }
    }

    /// Cap and join, then the blend mode (the miter limit only with a miter join, as the
    /// exporter writes it; no join here is one).
    private mutating func lineStyle(_ cap: LottieLineCap, _ join: LottieLineJoin) {
        field("lc", cap.rawValue)
        field("lj", join.rawValue)
        field("bm", 0)
    }

    /// A gradient's `g` (its slot when it has one, the count and stops), `s`, `e` and `t`;
    /// a radial one's `h` and `a` (0). A slot is named on `g`, whose whole value (`p` and
    /// `k`) a slot replaces, as ThorVG and the dotLottie players read it.
    private mutating func gradient(_ gradient: LottieGradient) {
        field("g") { writer in
            writer.object { writer in
                if let slot = gradient.slot { writer.field("sid", slot) }
                writer.field("p", gradient.colorCount)
                writer.field("k") { $0.property(gradient.stops) }
            }
        }
        field("s") { $0.property(gradient.start) }
        field("e") { $0.property(gradient.end) }
        field("t", gradient.radial ? 2 : 1)
        if gradient.radial {
            field("h") { $0.property(LottieProperty.fixed(0.0, index: 7)) }
            field("a") { $0.property(LottieProperty.fixed(0.0, index: 8)) }
        }
    }

    /// A group's transform, its last item.
    private mutating func transform(_ transform: LottieShapeTransform) {
        object { writer in
            writer.field("ty", "tr")
            writer.field("p") { $0.property(transform.position) }
            writer.field("a") { $0.property(transform.anchor) }
            writer.field("s") { $0.property(transform.scale) }
            writer.field("r") { $0.property(transform.rotation) }
            writer.field("o") { $0.property(transform.opacity) }
            writer.field("sk") { $0.property(transform.skew) }
            writer.field("sa") { $0.property(transform.skewAxis) }
            writer.field("nm", "Transform")
        }
    }
}
