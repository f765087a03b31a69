/// Every parameter a spinner URL or `spinnerd render` accepts, by its query key.
public enum ParameterName: String, CaseIterable, Hashable, Comparable, Sendable {
    case size, scale, color, track, background, stroke, shadow, trackshadow, dropshadow, trackdropshadow, count, duration, peak, style, direction, fps, slowdown, loops, matte, quality, t, theme, title, v

    public static func < (a: ParameterName, b: ParameterName) -> Bool { a.rawValue < b.rawValue }
}

extension ParameterName {
    /// What a parameter changes: the spinner's look and motion, or the file it comes in.
    public enum Group: String, Sendable {
        /// The shapes, colours and timing (`color`, `stroke`, `duration`…).
        case look
        /// The file: frame rate, slowdown, plays, pixel density, a GIF's matte, lossy
        /// quality, a still's moment, an SVG's title, a version of one's own.
        case output
    }

    /// The parameter's group (the gallery's two sets of controls follow it).
    public var group: Group {
        switch self {
        case .fps, .slowdown, .loops, .scale, .matte, .quality, .t, .title, .v: .output
        case .size, .color, .track, .background, .stroke, .shadow, .trackshadow, .dropshadow, .trackdropshadow, .count, .duration, .peak, .style, .direction, .theme: .look
        }
    }
}
