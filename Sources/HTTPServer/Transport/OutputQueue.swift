/// What waits to go out on one connection, in order, with its size known at every step
/// (so the connection can stop reading while too much waits — backpressure).
///
/// Response heads and small bodies are copied into one open buffer, so many pipelined
/// answers leave in one `sendmsg`; larger bodies are kept by reference (they belong to
/// the cache and are never copied), and body files go out with `sendfile`. Every
/// operation is O(1) in the number of queued responses.
struct OutputQueue {
    /// A piece that was closed off from the open buffer.
    private enum Chunk {
        /// Bytes the server wrote (heads, small bodies).
        case bytes([UInt8])
        /// A body held elsewhere, sent as it is.
        case shared([UInt8])
        /// A body in a sealed file, sent with sendfile.
        case file(HTTPBodyFile)

        var count: Int {
            switch self {
            case .bytes(let bytes), .shared(let bytes): bytes.count
            case .file(let file): file.length
            }
        }
    }

    /// Bodies up to this many bytes are copied next to their head. Default 4 KiB.
    static let copyLimit = 4096
    /// Room for a head, in bytes. Default 1 KiB.
    static let headRoom = 1024
    /// Capacity the open buffer keeps once everything went out (a head and the largest
    /// copied body: the next answer then needs no allocation); larger ones are released so
    /// that an idle connection holds little. Default 5 KiB.
    static let retainedCapacity = copyLimit + headRoom

    private var closed = RingBuffer<Chunk>()
    /// Bytes after every closed chunk; appended to in place.
    private var open: [UInt8] = []
    /// An emptied buffer kept for the next time `open` is closed off (a head before a
    /// shared body or a file), so that answering does not allocate.
    private var spare: [UInt8] = []
    /// Bytes of the front piece (the first closed chunk, else `open`) already written.
    private var offset = 0
    /// Bytes queued and not yet written.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Appends a response: `writeHead` adds its head to the open buffer, then the body follows.
    mutating func append(writeHead: (inout [UInt8]) -> Void, body: [UInt8], file: HTTPBodyFile?) {
        // Room for the head and a copied body at once, rather than growing through several sizes.
        let copied = file == nil && body.count <= Self.copyLimit ? body.count : 0
        let needed = open.count + Self.headRoom + copied
        if open.capacity < needed { open.reserveCapacity(max(needed, 2 * open.capacity)) }
        let before = open.count
        writeHead(&open)
        count += open.count - before
        if let file {
            closeOpenBuffer()
            closed.append(.file(file))
            count += file.length
        } else if body.count <= Self.copyLimit {
            open.append(contentsOf: body)
            count += body.count
        } else {
            closeOpenBuffer()
            closed.append(.shared(body))
            count += body.count
        }
    }

    /// What `sendAtOnce` did.
    struct Sent {
        /// Bytes of the response (head and body).
        let bytes: Int
        /// Bytes the socket took.
        let written: Int
        /// True when the socket could take no more (the rest stays queued).
        var blocked: Bool { written < bytes }
    }

    /// Sends a prepared response when nothing waits before it, without queueing it first:
    /// its head (for `version`, `keepAlive` and `date`) goes into the open buffer as
    /// `append` would put it, then head and body (when `sendsBody`) leave in one `sendmsg`
    /// (a body file: the head with MSG_MORE, then `sendfile`). Only what the socket did not
    /// take is queued, exactly as `append` and writes would have left it. In the usual case
    /// nothing is: the body is only borrowed (a cached answer's hot path).
    mutating func sendAtOnce(_ response: HTTPPreparedResponse, framing: HTTPFraming,
                             date: UnsafeRawBufferPointer, to descriptor: Int32) throws(SocketError) -> Sent {
        let sendsBody = framing.sendsBody
        precondition(isEmpty, "answers already queued go first")
        let fileLength = sendsBody ? response.bodyFile?.length : nil
        let bodyCount = sendsBody && fileLength == nil ? response.body.count : 0
        let copies = bodyCount <= Self.copyLimit
        let needed = Self.headRoom + (copies ? bodyCount : 0)
        if open.capacity < needed { open.reserveCapacity(needed) }
        HTTPResponseSerializer.writeHead(response, framing: framing, date: date, to: &open)
        if copies && bodyCount > 0 { response.body.withUnsafeBufferPointer { open.append(contentsOf: $0) } }
        let inMemory = open.count + (copies ? 0 : bodyCount)
        let total = inMemory + (fileLength ?? 0)
        let first = open.withUnsafeBytes { head in
            response.body.withUnsafeBytes { body in
                Result { () throws(SocketError) in
                    try Socket.write(descriptor, head, then: copies ? UnsafeRawBufferPointer(start: nil, count: 0) : body, more: fileLength != nil)
                }
            }
        }
        var written = try first.get() ?? 0
        if let fileLength, let file = response.bodyFile?.descriptor, written == inMemory {
            var position = 0
            written += try Socket.sendFile(descriptor, file: file, offset: &position, count: fileLength) ?? 0
        }
        guard written < total else {
            open.removeAll(keepingCapacity: true)
            return Sent(bytes: total, written: written)
        }
        // The socket is full: the rest waits, as if it had been appended and partly written.
        count = open.count
        if fileLength != nil, let file = response.bodyFile {
            closeOpenBuffer()
            closed.append(.file(file))
            count += file.length
        } else if !copies {
            closeOpenBuffer()
            closed.append(.shared(response.body))
            count += bodyCount
        }
        consume(written)
        return Sent(bytes: total, written: written)
    }

    /// What one write did.
    enum WriteResult: Equatable {
        /// `bytes` went out; `all` when every byte offered was taken (the socket may take more).
        case wrote(bytes: Int, all: Bool)
        /// The socket's buffer is full.
        case blocked
    }

    /// Writes the front of the queue with one system call (`sendmsg` of up to two pieces,
    /// or `sendfile`).
    mutating func write(to descriptor: Int32) throws(SocketError) -> WriteResult {
        precondition(count > 0, "nothing to write")
        let written: Int?, offered: Int
        switch closed.first {
        case .file(let file)?:
            offered = file.length - offset
            var position = offset
            written = try Socket.sendFile(descriptor, file: file.descriptor, offset: &position, count: offered)
        case .bytes(let bytes)?, .shared(let bytes)?:
            // The piece after it rides along when it is in memory too; a file after it
            // asks the kernel to hold the tail back for the file's first segment (MSG_MORE).
            let next: [UInt8]
            var more = false
            switch closed.count > 1 ? closed[1] : nil {
            case .bytes(let following)?, .shared(let following)?: next = following
            case .file?: next = []; more = true
            case nil: next = open
            }
            offered = bytes.count - offset + next.count
            written = try Socket.write(descriptor, bytes, from: offset, then: next, more: more)
        case nil:
            offered = open.count - offset
            written = try Socket.write(descriptor, open, from: offset, then: [], more: false)
        }
        guard let written else { return .blocked }
        consume(written)
        return .wrote(bytes: written, all: written == offered)
    }

    /// Drops everything queued (the connection is closing).
    mutating func removeAll() {
        closed.removeAll()
        open = []
        spare = []
        offset = 0
        count = 0
    }

    private mutating func closeOpenBuffer() {
        guard !open.isEmpty else { return }
        closed.append(.bytes(open))
        open = spare
        spare = []
        // Emptied only now: the chunk it came from is gone, so this keeps its capacity
        // without copying.
        open.removeAll(keepingCapacity: true)
    }

    /// Forgets `written` bytes from the front.
    private mutating func consume(_ written: Int) {
        count -= written
        var remaining = written
        while remaining > 0, let front = closed.first {
            let left = front.count - offset
            guard remaining >= left else {
                offset += remaining
                return
            }
            remaining -= left
            offset = 0
            if case .bytes(let emptied)? = closed.popFirst(), spare.capacity == 0, emptied.capacity <= Self.retainedCapacity {
                spare = emptied
            }
        }
        offset += remaining
        if closed.isEmpty && offset == open.count {
            offset = 0
            // An idle connection keeps one buffer of at most `retainedCapacity`: the open
            // one, else the spare.
            if open.capacity == 0 {
                open = spare
            } else if open.capacity > Self.retainedCapacity {
                open = []
            }
            spare = []
            open.removeAll(keepingCapacity: true)
        }
    }
}
