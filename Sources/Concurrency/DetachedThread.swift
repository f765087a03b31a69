#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// A detached POSIX thread running a closure: what `Foundation.Thread` gave the event
/// loops and render lanes, without linking Foundation (and its ICU data) into the binary.
public enum DetachedThread {
    /// What the new thread runs, handed over through `pthread_create`'s context pointer.
    private final class Start {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Bytes of a thread name Linux keeps (16 with the terminating zero); longer names are cut.
    static let nameLimit = 15

    /// Starts `body` on a new detached thread with the default stack size, named `name`
    /// (cut to `nameLimit` bytes) for `top -H` and `/proc`. Stops the process when no
    /// thread can be made: the server cannot run without its loops and lanes.
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let context = Retained(Start(name: name, body: body)).opaque
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            let start = Retained<Start>(opaque: context).take()
            var name = start.name.utf8.prefix(DetachedThread.nameLimit).map { CChar(bitPattern: $0) }
            name.append(0)
            _ = pthread_setname_np(pthread_self(), name)
            start.body()
            return nil
        }, context)
        guard result == 0 else {
            Retained<Start>(opaque: context).release()
            fatalError("cannot start thread \(name): error \(result)")
        }
    }
}

extension DetachedThread {
    /// Puts the calling thread at the lowest CPU share Linux gives (`SCHED_BATCH` at nice
    /// 19): it runs on what other threads leave. False when the system refused.
    @discardableResult
    public static func lowerCurrentPriority() -> Bool {
        spinnerd_lower_thread_priority() == 0
    }
}
