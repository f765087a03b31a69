import Concurrency

/// A shared value that notes its own freeing in `freed` (by its identifier): what the
/// grace-period tests watch to see that nothing a reader holds is freed.
public final class Tracked: Sendable {
    public let identifier: Int
    public let freed: Locked<Set<Int>>

    public init(_ identifier: Int, freed: Locked<Set<Int>>) {
        self.identifier = identifier
        self.freed = freed
    }

    deinit {
        let identifier = self.identifier
        freed.withLock { _ = $0.insert(identifier) }
    }
}
