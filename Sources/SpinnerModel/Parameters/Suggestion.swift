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
            let edits = distance(typed, Array(name.lowercased()))
            // A slip is small beside the word: one edit up to five letters (`style` is not
            // `scale`), two from six (`circlar`, `systmBlu`).
            let allowed = max(typed.count, name.count) <= 5 ? 1 : 2
            guard edits <= allowed, edits < (best?.edits ?? .max) else { continue }
            best = (name, edits)
        }
        return best?.name
    }

    /// The optimal string alignment distance between `a` and `b` (Damerau–Levenshtein
    /// without re-editing a swapped pair): a few dozen characters, so the table is tiny.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
