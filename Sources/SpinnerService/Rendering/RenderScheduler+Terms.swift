/// What a caller of `RenderScheduler` gives and gets: its bounds, what a render needs
/// besides a thread, and why a render was not run.
extension RenderScheduler {
    /// Threads and queue bounds.
    public struct Limits: Sendable, Equatable {
        /// Threads of the quick lane. Default 2 (`spinnerd serve` gives one per core).
        public var quickWorkers: Int
        /// Threads of the heavy lane. Default 1 (`spinnerd serve` gives half the cores, at least 1).
        public var heavyWorkers: Int
        /// Renders that may wait in the quick lane; beyond, 503. Default 64.
        public var quickQueue: Int
        /// Renders that may wait in the heavy lane; beyond, 503. Default 4.
        public var heavyQueue: Int
        /// Heavy renders (waiting or running) one client address may have; beyond, 503. Default 2.
        public var heavyPerClient: Int
        /// Final encodes that may wait behind provisional answers; beyond, one is dropped
        /// (its provisional answer stays). Default 256: each a planned render, a few KB.
        public var finalQueue: Int
        /// Exhaustive final encodes (the kinds' default APNGs) that may wait. Default 16.
        public var exhaustiveFinalQueue: Int

        public init(quickWorkers: Int = 2, heavyWorkers: Int = 1, quickQueue: Int = 64, heavyQueue: Int = 4, heavyPerClient: Int = 2,
                    finalQueue: Int = 256, exhaustiveFinalQueue: Int = 16) {
            self.quickWorkers = quickWorkers
            self.heavyWorkers = heavyWorkers
            self.quickQueue = quickQueue
            self.heavyQueue = heavyQueue
            self.heavyPerClient = heavyPerClient
            self.finalQueue = finalQueue
            self.exhaustiveFinalQueue = exhaustiveFinalQueue
        }
    }

    /// What a submission did (a visitor's render sees a refusal as `Refusal`).
    enum Submission: Equatable, Sendable {
        /// Queued.
        case queued
        /// The key already waits or runs (lanes of one job a key).
        case alreadyPending
        /// The lane's queue is full: not queued (a final encode is dropped).
        case full
        /// The client address has its share of heavy renders.
        case clientLimit
        /// The scheduler is stopping.
        case stopping
    }

    /// Why a render was not queued, or left the queue unrun.
    public enum Refusal: Error, Hashable, Sendable {
        /// The lane's queue is full.
        case queueFull(RenderLane)
        /// The client address has its share of heavy renders.
        case clientLimit
        /// It waited for a thread and memory as long as a render may (`waitLimit`).
        case waitedTooLong

        /// The label in `/metrics`.
        public var name: String {
            switch self {
            case .queueFull: "queue_full"
            case .clientLimit: "client_limit"
            case .waitedTooLong: "waited_too_long"
            }
        }
    }

    /// What a render needs besides a thread, and what happens when it waits too long.
    public struct Needs: Sendable {
        /// Bytes of working memory it takes from the memory gate while it runs (0: none).
        public var bytes: Int
        /// Runs instead of the render when it waited `waitLimit` (a thread and
        /// memory together) without starting.
        public var expired: @Sendable () -> Void

        public init(bytes: Int = 0, expired: @escaping @Sendable () -> Void = {}) {
            self.bytes = bytes
            self.expired = expired
        }
    }
}
