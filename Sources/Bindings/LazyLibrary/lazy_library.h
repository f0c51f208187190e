#ifndef DIRECTDISPLAY_LAZY_LIBRARY_H
#define DIRECTDISPLAY_LAZY_LIBRARY_H
// A shared library opened on first use, for CEGL, CGLES and CGBM: GL's libraries are not
// linked, so an app that never makes a GLView or composes with GL does not load them.
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

// `soname`, opened once into `*handle`. NULL when it cannot be opened (dlerror says why).
static inline void *dd_lazy_library(void **handle, const char *soname) {
    void *library = __atomic_load_n(handle, __ATOMIC_ACQUIRE);
    if (!library) {
        library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
        __atomic_store_n(handle, library, __ATOMIC_RELEASE);
    }
    return library;
}

// The entry point `name` of `soname` (opened into `*handle` if it is not yet), looked up
// once into `*entry`. The library is opened (and checked) before any call, so one without
// its own function is broken: say which, and stop (there is no value to return in its place).
static inline void *dd_lazy_entry_point(void **handle, const char *soname, void **entry, const char *name) {
    void *function = __atomic_load_n(entry, __ATOMIC_ACQUIRE);
    if (function) return function;
    void *library = dd_lazy_library(handle, soname);
    function = library ? dlsym(library, name) : NULL;
    if (!function) {
        fprintf(stderr, "DirectDisplay: %s has no %s (%s)\n", soname, name, library ? dlerror() : "not opened");
        abort();
    }
    __atomic_store_n(entry, function, __ATOMIC_RELEASE);
    return function;
}

#endif
