#ifndef DIRECTDISPLAY_CGBM_SHIM_H
#define DIRECTDISPLAY_CGBM_SHIM_H
#include "../LazyLibrary/lazy_library.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <gbm.h>

// Swift cannot import the function-like __gbm_fourcc_code() macros behind GBM_FORMAT_*.
static inline uint32_t dd_gbm_format_xrgb8888(void) { return GBM_FORMAT_XRGB8888; }
static inline uint32_t dd_gbm_format_argb8888(void) { return GBM_FORMAT_ARGB8888; }

// libgbm.so.1, opened on first use (lazy_library.h). NULL when it cannot be opened.
// (The handle lives in a function: Swift's importer emits no file-scope statics of a header.)
static inline void **dd_gbm_handle(void) {
    static void *handle;
    return &handle;
}
static inline void *dd_gbm_library(void) { return dd_lazy_library(dd_gbm_handle(), "libgbm.so.1"); }

// The entry point `name` of libgbm.so.1, looked up once into `*entry`.
static inline void *dd_gbm_entry_point(void **entry, const char *name) {
    return dd_lazy_entry_point(dd_gbm_handle(), "libgbm.so.1", entry, name);
}

// The GBM functions the package calls, each under dd_ (gbm.h's own prototypes name symbols
// that are not linked: a call to one fails to link, it does not load the library).
#define DD_GBM_ENTRY_POINT(name) ((__typeof__(&name))dd_gbm_entry_point(&entry, #name))

static inline struct gbm_device *dd_gbm_create_device(int fd) {
    static void *entry;
    return DD_GBM_ENTRY_POINT(gbm_create_device)(fd);
}

static inline void dd_gbm_device_destroy(struct gbm_device *gbm) {
    static void *entry;
    DD_GBM_ENTRY_POINT(gbm_device_destroy)(gbm);
}

static inline struct gbm_bo *dd_gbm_bo_create(struct gbm_device *gbm, uint32_t width, uint32_t height, uint32_t format, uint32_t flags) {
    static void *entry;
    return DD_GBM_ENTRY_POINT(gbm_bo_create)(gbm, width, height, format, flags);
}

static inline void dd_gbm_bo_destroy(struct gbm_bo *bo) {
    static void *entry;
    DD_GBM_ENTRY_POINT(gbm_bo_destroy)(bo);
}

static inline union gbm_bo_handle dd_gbm_bo_get_handle(struct gbm_bo *bo) {
    static void *entry;
    return DD_GBM_ENTRY_POINT(gbm_bo_get_handle)(bo);
}

static inline uint32_t dd_gbm_bo_get_stride(struct gbm_bo *bo) {
    static void *entry;
    return DD_GBM_ENTRY_POINT(gbm_bo_get_stride)(bo);
}

static inline void *dd_gbm_bo_map(struct gbm_bo *bo, uint32_t x, uint32_t y, uint32_t width, uint32_t height, uint32_t flags, uint32_t *stride, void **map_data) {
    static void *entry;
    return DD_GBM_ENTRY_POINT(gbm_bo_map)(bo, x, y, width, height, flags, stride, map_data);
}

static inline void dd_gbm_bo_unmap(struct gbm_bo *bo, void *map_data) {
    static void *entry;
    DD_GBM_ENTRY_POINT(gbm_bo_unmap)(bo, map_data);
}

static inline struct gbm_surface *dd_gbm_surface_create(struct gbm_device *gbm, uint32_t width, uint32_t height, uint32_t format, uint32_t flags) {
    static void *entry;
    return DD_GBM_ENTRY_POINT(gbm_surface_create)(gbm, width, height, format, flags);
}

static inline void dd_gbm_surface_destroy(struct gbm_surface *surface) {
    static void *entry;
    DD_GBM_ENTRY_POINT(gbm_surface_destroy)(surface);
}

static inline int dd_gbm_surface_has_free_buffers(struct gbm_surface *surface) {
    static void *entry;
    return DD_GBM_ENTRY_POINT(gbm_surface_has_free_buffers)(surface);
}

static inline struct gbm_bo *dd_gbm_surface_lock_front_buffer(struct gbm_surface *surface) {
    static void *entry;
    return DD_GBM_ENTRY_POINT(gbm_surface_lock_front_buffer)(surface);
}

static inline void dd_gbm_surface_release_buffer(struct gbm_surface *surface, struct gbm_bo *bo) {
    static void *entry;
    DD_GBM_ENTRY_POINT(gbm_surface_release_buffer)(surface, bo);
}

#endif
