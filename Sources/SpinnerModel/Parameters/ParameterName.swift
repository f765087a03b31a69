/// Every parameter a spinner URL or `spinnerd render` accepts, by its query key.
public enum ParameterName: String, CaseIterable, Hashable, Comparable, Sendable {
    case size, scale, color, track, background, stroke, count, duration, style, fps, loops, matte, t, theme, title

    public static func < (a: ParameterName, b: ParameterName) -> Bool { a.rawValue < b.rawValue }
}
