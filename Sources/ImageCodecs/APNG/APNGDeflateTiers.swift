/// Which deflate compresses an APNG's frame data, chosen by the bytes of rows of all the
/// frames as stored (filter bytes included), known once every frame is planned: the
/// strongest tier whose limit the rows fit in, else `beyond`.
///
/// Two sets: `ahead(strongestBytes:)` for the images the service renders before anyone
/// asks (the kinds' defaults: time is cheap there, bytes are served to everyone), and
/// `cold` for every other image, whose first visitor waits for the render: its tiers keep
/// the deflate within about 100 ms of one core at the default sizes (docs/formats.md,
/// "APNG deflate").
public struct APNGDeflateTiers: Sendable {
    /// Limits in bytes of rows, ascending, each with the strength used up to it.
    let tiers: [(limit: Int, strength: PNGImageData.Strength)]
    /// The strength beyond the last limit.
    let beyond: PNGImageData.Strength
    /// When true, row filters are ranked on some frames only: the first of every run of
    /// `APNGFrameWriter.filterRun` (8) frames, and every frame of the batch (8 frames)
    /// after one in which a ranked frame was made smaller by a filter; the others are
    /// stored unfiltered. Ranking, done in the batch on both cores, costs two deflates of
    /// a frame, and on spinners unfiltered rows nearly always win (on every frame of five
    /// kinds, dark or with a brand colour). When false, every frame is ranked.
    let ranksFiltersSparsely: Bool

    /// The most rows any tier but `beyond` takes: rows are held up to this until the
    /// strength is known.
    var heldBytes: Int { tiers.last?.limit ?? 0 }

    /// The strength for `rows` bytes of rows in all.
    func strength(forRows rows: Int) -> PNGImageData.Strength {
        tiers.first { rows <= $0.limit }?.strength ?? beyond
    }

    /// The tiers' limits in bytes of rows, ascending: where the deflate can change. For
    /// the render cost model, which prices the slowest tier a render's rows can fall in.
    public var limits: [Int] { tiers.map(\.limit) }

    /// libdeflate's level for `rows` bytes of rows in all (12, 10 or 9); nil where zlib's
    /// level 9 compresses them (`ahead`, beyond its limit).
    public func libdeflateLevel(forRows rows: Int) -> Int? {
        strength(forRows: rows).libdeflateLevel
    }

    /// libdeflate level 12 up to `strongestBytes` of rows, zlib level 9 beyond (what every
    /// APNG got before cold renders had their own tiers). Default `strongestBytes`:
    /// `APNGEncoder.standardStrongestBytes`.
    public static func ahead(strongestBytes: Int = APNGEncoder.standardStrongestBytes) -> Self {
        Self(tiers: [(strongestBytes, .strongest)], beyond: .fast, ranksFiltersSparsely: false)
    }

    /// For a render someone waits for: libdeflate level 12 up to 300 000 bytes of rows
    /// (about 100 ms of one core at its ~3 MB/s on spinner frames), level 10 up to
    /// 700 000 (~11 MB/s: 2–4 % larger than level 12, a third of its time), libdeflate
    /// level 9 beyond (~35–50 MB/s; 5 % larger than level 12, 4–7 % larger than zlib's
    /// level 9 on RGBA frames and 1 % smaller on palettes), with its row filters ranked by
    /// libdeflate's level 1. The limits keep a default-size render's deflate near 50 ms of
    /// one core, so that with drawing and planning it stays under 100 ms on two.
    /// Its row filters are ranked on some frames only (`ranksFiltersSparsely`).
    public static let cold = Self(tiers: [(300_000, .strongest), (700_000, .strong)], beyond: .brisk, ranksFiltersSparsely: true)

    /// Every row by zopfli (or libdeflate level 12 where that is smaller), every frame's
    /// filters ranked: for a kind's defaults, compressed once per process in the background
    /// and kept (docs/formats.md, "The defaults' APNG by zopfli"). Tens of seconds of one core on `dots`.
    public static let exhaustive = Self(tiers: [], beyond: .exhaustive, ranksFiltersSparsely: false)
}
