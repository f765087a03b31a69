#if canImport(Glibc)
import Glibc
#endif
import Concurrency

/// Accepting, one event loop at a time, with the process's spare descriptor: when the
/// process is out of descriptors (`EMFILE`, `ENFILE`) the spare is closed, the waiting
/// client accepted into its place, refused, and the spare opened again.
///
/// Every loop accepts through this one gate so that no loop can take the spare's place
/// while another has freed it: with a spare per loop and unsynchronised accepts, a second
/// loop's `accept4` took the freed slot, the first loop could not reopen its spare while
/// the process stayed full, and its listener's backlog went unanswered.
final class AcceptGate: Sendable {
    /// What one accept did.
    enum Outcome {
        /// A client to admit.
        case accepted(descriptor: Int32, client: ClientAddress)
        /// No client is waiting.
        case none
        /// The process was out of descriptors; a client was accepted with the spare and
        /// handed to `refuse` (which closed it).
        case refusedWithSpare
        /// Accepting failed; for `EMFILE`/`ENFILE`, there was no spare to free.
        case failed(SocketError)
    }

    private let spare: Locked<Int32?>

    init() {
        spare = Locked(Socket.openSpare())
    }

    deinit {
        if let held = spare.withLock({ $0 }) { close(held) }
    }

    /// Accepts one client from `listener`. When the process is out of descriptors, the
    /// spare's place takes the client and `refuse` must answer and close it at once.
    func accept(_ listener: Int32, refuse: (Int32) -> Void) -> Outcome {
        spare.withLock { held in
            if held == nil { held = Socket.openSpare() }
            do throws(SocketError) {
                guard let accepted = try Socket.accept(listener) else { return .none }
                return .accepted(descriptor: accepted.descriptor, client: accepted.client)
            } catch where error.code == EMFILE || error.code == ENFILE {
                guard let freed = held else { return .failed(error) }
                close(freed)
                defer { held = Socket.openSpare() }
                do throws(SocketError) {
                    guard let accepted = try Socket.accept(listener) else { return .none }
                    refuse(accepted.descriptor)
                    return .refusedWithSpare
                } catch {
                    return .failed(error)
                }
            } catch {
                return .failed(error)
            }
        }
    }

    /// Opens the spare again if it could not be opened last time.
    func replenish() {
        spare.withLock { held in
            if held == nil { held = Socket.openSpare() }
        }
    }
}
