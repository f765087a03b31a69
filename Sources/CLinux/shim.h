// Linux epoll and eventfd, which Glibc's Swift module does not export. struct
// epoll_event is packed on x86-64, which Swift cannot lay out, so these wrappers
// take and return plain integers.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

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
static inline int spinnerd_accept(int listener) {
    return accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}
// A non-blocking, close-on-exec TCP socket.
static inline int spinnerd_tcp_socket(void) {
    return socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
}
