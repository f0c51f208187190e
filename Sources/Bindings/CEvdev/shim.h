#ifndef DIRECTDISPLAY_CEVDEV_SHIM_H
#define DIRECTDISPLAY_CEVDEV_SHIM_H
#include <linux/input.h>
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>

// LIBEVDEV_UINPUT_OPEN_MANAGED is an enum constant Swift imports, but as an
// unsigned enum type where libevdev_uinput_create_from_device wants an int.
static inline int dd_uinput_open_managed(void) { return LIBEVDEV_UINPUT_OPEN_MANAGED; }

#endif
