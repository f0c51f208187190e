#ifndef DIRECTDISPLAY_CXKBCOMMON_SHIM_H
#define DIRECTDISPLAY_CXKBCOMMON_SHIM_H
#include <stdint.h>
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#include <xkbcommon/xkbcommon-names.h>

// Evdev key codes are xkb key codes minus 8 (the X11 offset): Swift sees no
// macro for it, so the offset is spelled once here.
static inline xkb_keycode_t dd_xkb_keycode_from_evdev(uint32_t evdev_code) { return evdev_code + 8; }

#endif
