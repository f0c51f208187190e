#ifndef DIRECTDISPLAY_CGLES_SHIM_H
#define DIRECTDISPLAY_CGLES_SHIM_H
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
// OpenGL ES 3.2 (libGLESv2 serves every GLES 2 and 3 version). The functions come from
// entry_points.h, not from the library's prototypes.
#define GL_GLES_PROTOTYPES 0
#include <GLES3/gl32.h>

// libGLESv2.so.2, opened on first use: the library is not linked, so an app that never
// makes a GLView or composes with GL does not load it. NULL when it cannot be opened (dlerror says why).
static inline void *dd_gles_library(void) {
    static void *handle;
    void *library = __atomic_load_n(&handle, __ATOMIC_ACQUIRE);
    if (!library) {
        library = dlopen("libGLESv2.so.2", RTLD_NOW | RTLD_LOCAL);
        __atomic_store_n(&handle, library, __ATOMIC_RELEASE);
    }
    return library;
}

// The entry point `name` of libGLESv2.so.2, looked up once into `*entry`. GLDisplay opens the
// library before any call, so a library without one of its own functions is broken: say
// which, and stop (there is no value to return in its place).
static inline void *dd_gles_entry_point(void **entry, const char *name) {
    void *function = __atomic_load_n(entry, __ATOMIC_ACQUIRE);
    if (function) return function;
    void *library = dd_gles_library();
    function = library ? dlsym(library, name) : NULL;
    if (!function) {
        fprintf(stderr, "DirectDisplay: libGLESv2.so.2 has no %s (%s)\n", name, library ? dlerror() : "not opened");
        abort();
    }
    __atomic_store_n(entry, function, __ATOMIC_RELEASE);
    return function;
}

#include "entry_points.h"

#endif
