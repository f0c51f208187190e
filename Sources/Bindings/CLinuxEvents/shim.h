// Linux's event descriptors (epoll, timerfd, eventfd), which Swift's Glibc
// module does not export: the event loop waits on all of them.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
