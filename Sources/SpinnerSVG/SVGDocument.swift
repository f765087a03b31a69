import SpinnerModel

/// A spinner as an animated SVG: the scene's shapes as SVG elements and its keyframe
/// tracks as CSS `@keyframes`, so the browser animates a small vector file. It reads
/// the same `Scene` as the raster engine; nothing here knows a particular kind.
///
/// Good-citizen details: `width`/`height` from `size` and a `viewBox` in the scene's
/// points; `role="img"` with a `<title>` (the `title` parameter, escaped); no scripts and
/// no external references; every number and colour comes from validated parameters.
/// Under `prefers-reduced-motion: reduce` everything runs 4× slower (still moving);
/// with `theme=auto`, colours switch to their dark variants under `prefers-color-scheme: dark`.
public struct SVGDocument: Sendable {
    /// The document text.
    public let text: String

    /// The SVG for `request` (whose format should be `svg`), its scenes and loop prepared
    /// here within the default budget (tests and tools; the renderer hands over what it
    /// prepared). A loop past the budget's limit is refused as the renderer refuses it.
    public init(request: SpinnerRequest) throws(RequestError) {
        let scene = request.kind.scene(for: request)
        let plan = try FramePlan(request: request, scene: scene, budget: RenderBudget())
        self.init(request: request, scene: scene,
                  darkScene: request.shared.theme == .auto ? request.kind.scene(for: request, theme: .dark) : nil,
                  loopMilliseconds: plan.loopMilliseconds)
    }

    /// The SVG drawing `scene` (the request's, in its fixed theme) and, for `theme=auto`,
    /// `darkScene`'s colours under `prefers-color-scheme: dark` (its animations are the
    /// light scene's). `loopMilliseconds` is the planned loop (`FramePlan`), read only when
    /// the request plays a number of times (`loops` > 0): the animations end with the last.
    public init(request: SpinnerRequest, scene: Scene, darkScene: Scene?, loopMilliseconds loop: Int) {
        let plays = request.shared.loops
        let animations = SVGAnimations(loopMilliseconds: loop, plays: plays)
        var builder = SVGSceneBuilder(animations: animations)
        var content = builder.elements(for: scene)
        var definitions = builder.definitions
        var darkClasses = SVGThemeOverrides.Classes()
        if let darkScene {
            // The dark scene is read only for its colours; its animations are discarded.
            var darkBuilder = SVGSceneBuilder(animations: SVGAnimations(loopMilliseconds: loop, plays: plays))
            let darkContent = darkBuilder.elements(for: darkScene)
            SVGThemeOverrides.add(light: &content, dark: darkContent, to: &darkClasses)
            SVGThemeOverrides.add(light: &definitions, dark: darkBuilder.definitions, to: &darkClasses)
        }
        content = SVGHoisting.hoisted(SVGReuse.sharingGeometry(content, definitions: &definitions))

        let size = String(request.shared.size)
        let viewBox = "0 0 " + SVGFormat.number(scene.size) + " " + SVGFormat.number(scene.size)
        var children = [SVGElement("title", text: request.shared.title)]
        let css = animations.css(extra: darkClasses.isEmpty ? [] : ["@media (prefers-color-scheme:dark){" + darkClasses.css + "}"])
        if !css.isEmpty { children.append(SVGElement("style", text: css)) }
        if !definitions.isEmpty { children.append(SVGElement("defs", children: definitions)) }
        children += content
        let root = SVGElement("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("width", size), ("height", size),
                                      ("viewBox", viewBox), ("role", "img")], children: children)
        text = root.xml
    }

    /// The UTF-8 bytes.
    public var bytes: [UInt8] { Array(text.utf8) }
}
