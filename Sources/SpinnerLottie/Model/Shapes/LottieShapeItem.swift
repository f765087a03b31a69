/// One item of a shape list (a layer's `shapes`, a group's `it`), as lottie-ios's
/// `ShapeItem` subclasses model them. Lottie draws the first item of a list on top, and a
/// paint paints the paths listed before it in its list.
enum LottieShapeItem: Sendable {
    /// `gr`: items of their own, with a transform.
    case group(LottieGroup)
    /// `el`: an ellipse path.
    case ellipse(LottieEllipse)
    /// `rc`: a rounded-rectangle path.
    case rectangle(LottieRectangle)
    /// `tm`: cuts the paths before it to a stretch of their length.
    case trim(LottieTrim)
    /// `fl`: a solid fill.
    case fill(LottieFill)
    /// `st`: a solid stroke.
    case stroke(LottieStroke)
    /// `gf`: a linear-gradient fill.
    case gradientFill(LottieGradientFill)
    /// `gs`: a linear-gradient stroke.
    case gradientStroke(LottieGradientStroke)
}
