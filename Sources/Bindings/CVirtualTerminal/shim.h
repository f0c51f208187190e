// The Linux virtual terminal's ioctls (console mode, keyboard mode, VT switching),
// whose request numbers are macros Swift cannot import: one function each.
#include <linux/kd.h>
#include <linux/vt.h>
#include <sys/ioctl.h>

static inline int dd_vt_get_mode(int fd, int *mode) { return ioctl(fd, KDGETMODE, mode); }
static inline int dd_vt_set_mode(int fd, int mode) { return ioctl(fd, KDSETMODE, mode); }
static inline int dd_vt_get_keyboard_mode(int fd, int *mode) { return ioctl(fd, KDGKBMODE, mode); }
static inline int dd_vt_set_keyboard_mode(int fd, int mode) { return ioctl(fd, KDSKBMODE, mode); }
static inline int dd_vt_get_state(int fd, struct vt_stat *state) { return ioctl(fd, VT_GETSTATE, state); }
static inline int dd_vt_activate(int fd, int number) { return ioctl(fd, VT_ACTIVATE, number); }
static inline int dd_vt_set_auto_switching(int fd) {
    struct vt_mode mode = {0};
    mode.mode = VT_AUTO;
    return ioctl(fd, VT_SETMODE, &mode);
}
static inline int dd_tty_pending_input(int fd, int *count) { return ioctl(fd, FIONREAD, count); }
static inline int dd_tty_flush_input(int fd) { return ioctl(fd, TCFLSH, 0); }
