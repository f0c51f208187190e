#ifndef DIRECTDISPLAY_CGLES_SHIM_H
#define DIRECTDISPLAY_CGLES_SHIM_H
#include "../LazyLibrary/lazy_library.h"
#include <stdio.h>
#include <stdlib.h>
// OpenGL ES 3.2 (libGLESv2 serves every GLES 2 and 3 version). The functions come from
// entry_points.h, not from the library's prototypes.
#define GL_GLES_PROTOTYPES 0
#include <GLES3/gl32.h>

// libGLESv2.so.2, opened on first use (lazy_library.h). NULL when it cannot be opened.
// (The handle lives in a function: Swift's importer emits no file-scope statics of a header.)
static inline void **dd_gles_handle(void) {
    static void *handle;
    return &handle;
}
static inline void *dd_gles_library(void) { return dd_lazy_library(dd_gles_handle(), "libGLESv2.so.2"); }

// The entry point `name` of libGLESv2.so.2, looked up once into `*entry`.
static inline void *dd_gles_entry_point(void **entry, const char *name) {
    return dd_lazy_entry_point(dd_gles_handle(), "libGLESv2.so.2", entry, name);
}

#include "entry_points.h"

#endif
