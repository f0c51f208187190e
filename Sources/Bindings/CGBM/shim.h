#ifndef DIRECTDISPLAY_CGBM_SHIM_H
#define DIRECTDISPLAY_CGBM_SHIM_H
#include <stdint.h>
#include <gbm.h>

// Swift cannot import the function-like __gbm_fourcc_code() macros behind GBM_FORMAT_*.
static inline uint32_t dd_gbm_format_xrgb8888(void) { return GBM_FORMAT_XRGB8888; }
static inline uint32_t dd_gbm_format_argb8888(void) { return GBM_FORMAT_ARGB8888; }

#endif
