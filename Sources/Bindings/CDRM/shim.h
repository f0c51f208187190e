#ifndef DIRECTDISPLAY_CDRM_SHIM_H
#define DIRECTDISPLAY_CDRM_SHIM_H
#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

// Swift cannot import the function-like fourcc_code() macros behind DRM_FORMAT_*.
static inline uint32_t dd_format_xrgb8888(void) { return DRM_FORMAT_XRGB8888; }
static inline uint32_t dd_format_argb8888(void) { return DRM_FORMAT_ARGB8888; }

#endif
