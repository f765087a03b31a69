/// PNG's five row filters (spec §9) and the choice among them.
enum PNGRowFilter {
    /// How the filter of each row is chosen.
    enum Choice: CaseIterable, Sendable {
        /// Filter type 0 on every row: best for palettes and flat areas.
        case none
        /// Per row, the filter whose output has the smallest sum of absolute signed bytes
        /// (libpng's and apngasm's heuristic): best for gradients and photos.
        case adaptive
    }

    /// `rows` (each `rowBytes` long, concatenated) filtered row by row, each row prefixed
    /// by its filter type byte. `stride` is bytes per complete pixel (at least 1).
    static func apply(_ choice: Choice, rows raw: [UInt8], rowBytes: Int, stride: Int) -> [UInt8] {
        let rowCount = rowBytes == 0 ? 0 : raw.count / rowBytes
        var output = [UInt8]()
        output.reserveCapacity(raw.count + rowCount)
        var candidate = [UInt8](repeating: 0, count: rowBytes)
        var best = [UInt8](repeating: 0, count: rowBytes)
        raw.withUnsafeBufferPointer { data in
            for row in 0..<rowCount {
                let current = UnsafeBufferPointer(rebasing: data[row * rowBytes ..< (row + 1) * rowBytes])
                let previous = row == 0 ? nil : UnsafeBufferPointer(rebasing: data[(row - 1) * rowBytes ..< row * rowBytes])
                guard choice == .adaptive else {
                    output.append(0)
                    output.append(contentsOf: current)
                    continue
                }
                var bestType: UInt8 = 0
                var bestCost = Int.max
                for type in UInt8(0)...4 {
                    if type >= 2 && previous == nil { break }  // Up/Average/Paeth equal Sub/None on row 0
                    let cost = filter(type, current, previous, stride, into: &candidate, stopAbove: bestCost)
                    if cost < bestCost {
                        bestCost = cost
                        bestType = type
                        swap(&best, &candidate)
                    }
                }
                output.append(bestType)
                output.append(contentsOf: best)
            }
        }
        return output
    }

    /// Writes the row filtered by `type` into `output` and returns its cost (sum of
    /// |signed byte|), stopping early once the cost passes `limit`.
    private static func filter(_ type: UInt8, _ row: UnsafeBufferPointer<UInt8>, _ previous: UnsafeBufferPointer<UInt8>?,
                               _ stride: Int, into output: inout [UInt8], stopAbove limit: Int) -> Int {
        var cost = 0
        for index in 0..<row.count {
            let left = index >= stride ? Int(row[index - stride]) : 0
            let up = previous.map { Int($0[index]) } ?? 0
            let upLeft = index >= stride ? previous.map { Int($0[index - stride]) } ?? 0 : 0
            let predictor: Int
            switch type {
            case 0: predictor = 0
            case 1: predictor = left
            case 2: predictor = up
            case 3: predictor = (left + up) / 2
            default: predictor = paeth(left, up, upLeft)
            }
            let value = UInt8(truncatingIfNeeded: Int(row[index]) - predictor)
            output[index] = value
            cost += value < 128 ? Int(value) : 256 - Int(value)
            if cost > limit { return cost }
        }
        return cost
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }
}
