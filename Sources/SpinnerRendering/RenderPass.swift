/// Which of an image's encodes a render makes. A URL nobody asked before is answered by a
/// quick encode at once and kept by a thorough one made behind it (docs/formats.md,
/// "Provisional and final answers"); the command line writes the final one.
public enum RenderPass: Sendable, Hashable {
    /// The first answer of a cold URL: `.quick` effort (libdeflate level 6 and a heuristic
    /// row filter for APNG, libwebp method 0, fewer GIF candidates), within about 50 ms at
    /// the default sizes; served with a short cache lifetime, never `immutable`.
    case provisional
    /// The answer caches keep (`immutable`): the effort the cost model gives the URL.
    case final
}
