/// How hard an encoder works for a smaller file. The caller picks it from the size of
/// the work (pixels × frames), so the same request always gets the same bytes.
public enum EncoderEffort: Sendable, Hashable {
    /// Every candidate tried, the strongest compression the size allows (the default;
    /// what the spinners people use get).
    case thorough
    /// For large animations: the row filter chosen by heuristic, fewer frame candidates,
    /// faster deflate — a few percent larger, several times faster, so a large cold
    /// render stays within the render budget's time.
    case quick
}
