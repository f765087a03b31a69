/// PNG's five row filters (spec §9) and the choice among them.
enum PNGRowFilter {
    /// The choices a thorough encoder ranks.
    static let thoroughChoices: [Choice] = [.none, .adaptive]
    /// The choices ranked at `.quick` effort.
    static let quickChoices: [Choice] = [.none, .adaptiveQuick]

    /// How the filter of each row is chosen.
    enum Choice: Sendable {
        /// Filter type 0 on every row: best for palettes and flat areas.
        case none
        /// Per row, the filter whose output has the smallest sum of absolute signed bytes
        /// (libpng's and apngasm's heuristic): best for gradients and photos.
        case adaptive
        /// The same among sub, up and Paeth only (average and none rarely win where
        /// adaptive filtering does): for large frames, three trials a row instead of five.
        case adaptiveQuick
    }

    /// `rows` (each `rowBytes` long, concatenated) filtered row by row, each row prefixed
    /// by its filter type byte. `stride` is bytes per complete pixel (at least 1).
    static func apply(_ choice: Choice, rows raw: [UInt8], rowBytes: Int, stride: Int) -> [UInt8] {
        let rowCount = rowBytes == 0 ? 0 : raw.count / rowBytes
        var output = [UInt8](repeating: 0, count: raw.count + rowCount)
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        var scratch = [UInt8](repeating: 0, count: rowBytes * 2)
        raw.withUnsafeBufferPointer { data in
            zeros.withUnsafeBufferPointer { zeroRow in
                output.withUnsafeMutableBufferPointer { out in
                    scratch.withUnsafeMutableBufferPointer { buffers in
                        guard let source = data.baseAddress, let none = zeroRow.baseAddress,
                              let target = out.baseAddress, let spare = buffers.baseAddress else { return }
                        for row in 0..<rowCount {
                            let current = source + row * rowBytes
                            let previous = row == 0 ? none : source + (row - 1) * rowBytes
                            let destination = target + row * (rowBytes + 1)
                            guard choice != .none else {
                                destination.pointee = 0
                                (destination + 1).update(from: current, count: rowBytes)
                                continue
                            }
                            // Try each filter into one of two scratch rows, keeping the cheaper.
                            var best: (type: UInt8, cost: Int, row: UnsafeMutablePointer<UInt8>) = (0, Int.max, spare)
                            var candidate = spare + rowBytes
                            for type in UInt8(0)...4 where (type < 2 || row > 0) && (choice == .adaptive || type == 1 || type == 2 || type == 4) {
                                let cost = filter(type, current, previous, rowBytes, stride, into: candidate, stopAbove: best.cost)
                                if cost < best.cost {
                                    let freed = best.row
                                    best = (type, cost, candidate)
                                    candidate = freed
                                }
                            }
                            destination.pointee = best.type
                            (destination + 1).update(from: best.row, count: rowBytes)
                        }
                    }
                }
            }
        }
        return output
    }

    /// Writes the row filtered by `type` into `output` and returns its cost (sum of
    /// |signed byte|), stopping early once the cost passes `limit`. One loop per filter
    /// type, the first pixel (no left neighbour) apart, so each loop is branch-free; the
    /// limit is checked every 64 bytes (a stopped row's cost is above the limit either way).
    private static func filter(_ type: UInt8, _ row: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>,
                               _ count: Int, _ stride: Int, into output: UnsafeMutablePointer<UInt8>,
                               stopAbove limit: Int) -> Int {
        @inline(__always) func magnitude(_ value: UInt8) -> Int { value < 128 ? Int(value) : 256 - Int(value) }
        let lead = min(stride, count)
        var cost = 0
        // Bytes of the first pixel: left and upper-left are zero.
        for index in 0 ..< lead {
            let value: UInt8
            switch type {
            case 0, 1: value = row[index]
            case 3: value = row[index] &- previous[index] >> 1
            default: value = row[index] &- previous[index]  // up, and paeth with a = c = 0
            }
            output[index] = value
            cost += magnitude(value)
        }
        var index = lead
        while index < count {
            let end = min(count, index + 64)
            switch type {
            case 0:
                for i in index ..< end { let value = row[i]; output[i] = value; cost += magnitude(value) }
            case 1:
                for i in index ..< end { let value = row[i] &- row[i - stride]; output[i] = value; cost += magnitude(value) }
            case 2:
                for i in index ..< end { let value = row[i] &- previous[i]; output[i] = value; cost += magnitude(value) }
            case 3:
                for i in index ..< end {
                    let value = row[i] &- UInt8(truncatingIfNeeded: (Int(row[i - stride]) + Int(previous[i])) >> 1)
                    output[i] = value
                    cost += magnitude(value)
                }
            default:
                for i in index ..< end {
                    let predictor = paeth(Int(row[i - stride]), Int(previous[i]), Int(previous[i - stride]))
                    let value = row[i] &- UInt8(truncatingIfNeeded: predictor)
                    output[i] = value
                    cost += magnitude(value)
                }
            }
            if cost > limit { return cost }
            index = end
        }
        return cost
    }

    @inline(__always)
    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }
}
