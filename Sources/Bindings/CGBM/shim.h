#ifndef DIRECTDISPLAY_CGBM_SHIM_H
#define DIRECTDISPLAY_CGBM_SHIM_H
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <gbm.h>

// Swift cannot import the function-like __gbm_fourcc_code() macros behind GBM_FORMAT_*.
static inline uint32_t dd_gbm_format_xrgb8888(void) { return GBM_FORMAT_XRGB8888; }
static inline uint32_t dd_gbm_format_argb8888(void) { return GBM_FORMAT_ARGB8888; }

// libgbm.so.1, opened on first use: the library is not linked, so an app that never
// makes a GLView or composes with GL does not load it. NULL when it cannot be opened
// (dlerror says why).
static inline void *dd_gbm_library(void) {
    static void *handle;
    void *library = __atomic_load_n(&handle, __ATOMIC_ACQUIRE);
    if (!library) {
        library = dlopen("libgbm.so.1", RTLD_NOW | RTLD_LOCAL);
        __atomic_store_n(&handle, library, __ATOMIC_RELEASE);
    }
    return library;
}

// The entry point `name` of libgbm.so.1, looked up once into `*entry`. GBMDevice opens the
// library before any call, so a library without one of its own functions is broken: say
// which, and stop (there is no value to return in its place).
static inline void *dd_gbm_entry_point(void **entry, const char *name) {
    void *function = __atomic_load_n(entry, __ATOMIC_ACQUIRE);
    if (function) return function;
    void *library = dd_gbm_library();
    function = library ? dlsym(library, name) : NULL;
    if (!function) {
        fprintf(stderr, "DirectDisplay: libgbm.so.1 has no %s (%s)\n", name, library ? dlerror() : "not opened");
        abort();
    }
    __atomic_store_n(entry, function, __ATOMIC_RELEASE);
    return function;
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
