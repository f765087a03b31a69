import Synchronization

/// A value one thread at a time reads and changes: Synchronization's `Mutex`, with its
/// turns made visible to ThreadSanitizer.
///
/// On Linux that Mutex waits on a futex from inside libswiftSynchronization, which is not
/// built with ThreadSanitizer's instrumentation, so TSan sees no order between two
/// threads' turns and reports every guarded access as a race (checked on Swift 6.3.1
/// with two threads counting into one `Mutex`). Built with `-DTHREAD_SANITIZER` (what
/// `scripts/sanitize.sh thread` passes), each turn acquires and releases this lock's
/// address for TSan; in every other build it is the Mutex alone.
public final class Locked<Value>: Sendable {
    @usableFromInline let mutex: Mutex<Value>

    public init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// `body` on the value, with the lock held; what it returns.
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock { (value: inout sending Value) throws(Failure) -> sending Result in
            #if THREAD_SANITIZER
            let address = Lent(self).opaque
            tsanAcquire(address)
            defer { tsanRelease(address) }
            #endif
            return try body(&value)
        }
    }
}

#if THREAD_SANITIZER
// ThreadSanitizer's annotations (compiler-rt's tsan_interface.h): what follows an acquire
// of an address happens after what preceded the last release of it.
@usableFromInline @_silgen_name("__tsan_acquire") func tsanAcquire(_ address: UnsafeMutableRawPointer)
@usableFromInline @_silgen_name("__tsan_release") func tsanRelease(_ address: UnsafeMutableRawPointer)
#endif
