/// "Did you mean …?" for a name that is not one of the accepted ones: the accepted name
/// closest to what was written, if it is a slip away (`colour` → `color`, `circlar` →
/// `circular`). Case is ignored; the name is returned as accepted.
public enum Suggestion {
    /// The accepted name a slip away from `written` (edits: insertions, deletions,
    /// substitutions and swaps of neighbours), the nearest one, first in `names` on a tie;
    /// nil when none is that near or `written` is longer than 64 characters.
    public static func closest(to written: String, in names: [String]) -> String? {
        let typed = Array(written.lowercased())
        guard !typed.isEmpty, typed.count <= 64 else { return nil }
        var best: (name: String, edits: Int)? = nil
        for name in names {
            let candidate = Array(name.lowercased())
            // A slip is small beside the word: one edit up to five letters (`style` is not
            // `scale`), two from six (`circlar`, `systmBlu`).
            let allowed = max(typed.count, candidate.count) <= 5 ? 1 : 2
            // The distance is at least the difference in length: most names are too far
            // to be worth the table (a refused colour is weighed against ~150 names).
            guard abs(typed.count - candidate.count) <= allowed else { continue }
            let edits = distance(typed, candidate)
            guard edits <= allowed, edits < (best?.edits ?? .max) else { continue }
            best = (name, edits)
        }
        return best?.name
    }

    /// The optimal string alignment distance between `a` and `b` (Damerau–Levenshtein
    /// without re-editing a swapped pair): a few dozen characters, so the table is tiny.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // One flat table, row i at i × width.
        let width = b.count + 1
        var table = [Int](repeating: 0, count: (a.count + 1) * width)
        for i in 0...a.count { table[i * width] = i }
        for j in 0...b.count { table[j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[(i - 1) * width + j] + 1, table[i * width + j - 1] + 1, table[(i - 1) * width + j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[(i - 2) * width + j - 2] + 1)
                }
                table[i * width + j] = best
            }
        }
        return table[a.count * width + b.count]
    }
}
