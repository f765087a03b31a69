// Linux epoll and eventfd, which Glibc's Swift module does not export. struct
// epoll_event is packed on x86-64, which Swift cannot lay out, so these wrappers
// take and return plain integers.
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <malloc.h>
#include <sys/sendfile.h>
#include <fcntl.h>
#include <pthread.h>

// GNU extensions, declared here rather than by defining _GNU_SOURCE, which would change
// libc's structure layouts from those Swift's Glibc module was built with.
extern int accept4(int descriptor, struct sockaddr *address, socklen_t *length, int flags);
extern int memfd_create(const char *name, unsigned int flags);
extern int pthread_setname_np(pthread_t thread, const char *name);
enum {
    spinnerd_MFD_CLOEXEC = 0x0001, spinnerd_MFD_ALLOW_SEALING = 0x0002,
    spinnerd_F_ADD_SEALS = 1033,
    spinnerd_F_SEAL_SEAL = 0x0001, spinnerd_F_SEAL_SHRINK = 0x0002, spinnerd_F_SEAL_GROW = 0x0004, spinnerd_F_SEAL_WRITE = 0x0008,
};

static const uint32_t spinnerd_EPOLLIN = EPOLLIN;
static const uint32_t spinnerd_EPOLLOUT = EPOLLOUT;
static const uint32_t spinnerd_EPOLLRDHUP = EPOLLRDHUP;
static const uint32_t spinnerd_EPOLLHUP = EPOLLHUP;
static const uint32_t spinnerd_EPOLLERR = EPOLLERR;

static inline int spinnerd_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }
static inline int spinnerd_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

static inline int spinnerd_epoll_control(int epoll, int operation, int descriptor, uint32_t events, uint64_t key) {
    struct epoll_event event;
    event.events = events;
    event.data.u64 = key;
    return epoll_ctl(epoll, operation, descriptor, &event);
}
static inline int spinnerd_epoll_add(int epoll, int descriptor, uint32_t events, uint64_t key) {
    return spinnerd_epoll_control(epoll, EPOLL_CTL_ADD, descriptor, events, key);
}
static inline int spinnerd_epoll_modify(int epoll, int descriptor, uint32_t events, uint64_t key) {
    return spinnerd_epoll_control(epoll, EPOLL_CTL_MOD, descriptor, events, key);
}
static inline int spinnerd_epoll_remove(int epoll, int descriptor) {
    return spinnerd_epoll_control(epoll, EPOLL_CTL_DEL, descriptor, 0, 0);
}

// Waits up to `timeout` ms for at most `capacity` (≤ 256) events, copying their keys and masks out.
static inline int spinnerd_epoll_wait(int epoll, uint64_t *keys, uint32_t *masks, int capacity, int timeout) {
    struct epoll_event events[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(epoll, events, capacity, timeout);
    for (int index = 0; index < count; index++) {
        keys[index] = events[index].data.u64;
        masks[index] = events[index].events;
    }
    return count;
}

// accept4 is a GNU extension: a connection that is already non-blocking and close-on-exec.
// `*address` gets the peer's IPv4 address in host byte order (0 for other families).
static inline int spinnerd_accept(int listener, uint32_t *address) {
    struct sockaddr_storage peer;
    socklen_t length = sizeof(peer);
    int descriptor = accept4(listener, (struct sockaddr *)&peer, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
    *address = 0;
    if (descriptor >= 0 && peer.ss_family == AF_INET) {
        uint32_t network = ((struct sockaddr_in *)&peer)->sin_addr.s_addr;
        *address = ntohl(network);
    }
    return descriptor;
}
// A non-blocking, close-on-exec TCP socket.
static inline int spinnerd_tcp_socket(void) {
    return socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
}

// glibc heap tuning for renders (`serve`, and `render`, so that its timings are the
// service's), which make large short-lived buffers (frames); returns 1 when the top
// padding took.
// - 16 MiB of top padding: with glibc's default 128 KiB, the heap of a render thread
//   shrank and grew back on every frame (a 1 800-frame WebP took 930 000 page faults and
//   3.4 s in the service against 4 800 and 1.4 s in `spinnerd render`; 16 MiB kept it to
//   200 000 and 1.8 s, and memory still goes back when a render ends).
// - allocations from 1 MiB up always get their own mapping, returned to the system when
//   freed (no dynamic threshold creeping up). Smaller ones (a 256 px frame's 256 KiB
//   buffers, one per stage and frame) come from the arenas, whose free pages go back after
//   each render (`spinnerd_trim_heap`): at 128 KiB every such buffer was a fresh mapping,
//   page-faulted and zeroed by the kernel, and the APNGs at 128 px @2x answered a new URL
//   in 0.75-0.85 of the time once they were not.
// - at most two arenas.
static inline int spinnerd_tune_heap(void) {
    int padded = mallopt(M_TOP_PAD, 16 << 20);
    mallopt(M_MMAP_THRESHOLD, 1024 * 1024);
    mallopt(M_ARENA_MAX, 2);
    return padded;
}
// Gives free heap pages back to the system (after a render).
static inline void spinnerd_trim_heap(void) { malloc_trim(0); }

// An anonymous in-memory file (for bodies sent with sendfile), close-on-exec and
// sealable, so nothing can change it once written.
static inline int spinnerd_memfd(const char *name) { return memfd_create(name, spinnerd_MFD_CLOEXEC | spinnerd_MFD_ALLOW_SEALING); }
static inline int spinnerd_seal(int descriptor) {
    return fcntl(descriptor, spinnerd_F_ADD_SEALS,
                 spinnerd_F_SEAL_SHRINK | spinnerd_F_SEAL_GROW | spinnerd_F_SEAL_WRITE | spinnerd_F_SEAL_SEAL);
}
// sendfile(2) from `file` at *offset to `socket`.
static inline long spinnerd_sendfile(int socket, int file, long *offset, unsigned long count) {
    off_t position = (off_t)*offset;
    ssize_t sent = sendfile(socket, file, &position, count);
    *offset = (long)position;
    return (long)sent;
}

// Lowers the calling thread to the least CPU share there is without starving it: policy
// SCHED_BATCH (3, named only under _GNU_SOURCE: a CPU-bound thread that does not preempt
// others on wake-up) at nice 19 (weight 15 against a normal thread's 1 024: about 1.5 % of
// a core it competes for). SCHED_IDLE (5) was tried first: under a steady load on every
// core its work never ran. Lowering one's own priority needs no privilege. On Linux
// PRIO_PROCESS with the thread's id sets that thread only. 0 on success, -1 with errno.
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
static inline int spinnerd_lower_thread_priority(void) {
    struct sched_param parameter = { 0 };
    if (sched_setscheduler(0, 3, &parameter) != 0) return -1;
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 19);
}
