// Linux's event descriptors (epoll, timerfd, eventfd), which Swift's Glibc
// module does not export: the event loop waits on all of them. And prctl, which
// is variadic (Swift imports no variadic C function): one function per use.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/timerfd.h>

static inline int dd_disable_transparent_huge_pages(void) { return prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0); }
