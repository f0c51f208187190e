#ifndef DIRECTDISPLAY_CEGL_SHIM_H
#define DIRECTDISPLAY_CEGL_SHIM_H
#include "../LazyLibrary/lazy_library.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
// The functions come from entry_points.h, not from libEGL's prototypes.
#define EGL_EGL_PROTOTYPES 0
#include <EGL/egl.h>
#include <EGL/eglext.h>

// libEGL.so.1, opened on first use (lazy_library.h). NULL when it cannot be opened.
// (The handle lives in a function: Swift's importer emits no file-scope statics of a header.)
static inline void **dd_egl_handle(void) {
    static void *handle;
    return &handle;
}
static inline void *dd_egl_library(void) { return dd_lazy_library(dd_egl_handle(), "libEGL.so.1"); }

// The entry point `name` of libEGL.so.1, looked up once into `*entry`.
static inline void *dd_egl_entry_point(void **entry, const char *name) {
    return dd_lazy_entry_point(dd_egl_handle(), "libEGL.so.1", entry, name);
}

#include "entry_points.h"

// Extension entry points are looked up at run time (EGL 1.4 displays do not
// export them); each helper says "not offered" by its return value.

static inline EGLDisplay dd_egl_get_platform_display(EGLenum platform, void *native) {
    PFNEGLGETPLATFORMDISPLAYEXTPROC get =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    return get ? get(platform, native, NULL) : EGL_NO_DISPLAY;
}

static inline EGLImageKHR dd_egl_create_image(
    EGLDisplay display, EGLenum target, EGLClientBuffer buffer, const EGLint *attributes) {
    PFNEGLCREATEIMAGEKHRPROC create = (PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
    return create ? create(display, EGL_NO_CONTEXT, target, buffer, attributes) : EGL_NO_IMAGE_KHR;
}

static inline EGLBoolean dd_egl_destroy_image(EGLDisplay display, EGLImageKHR image) {
    PFNEGLDESTROYIMAGEKHRPROC destroy = (PFNEGLDESTROYIMAGEKHRPROC)eglGetProcAddress("eglDestroyImageKHR");
    return destroy ? destroy(display, image) : EGL_FALSE;
}

// glEGLImageTargetRenderbufferStorageOES (GL_OES_EGL_image): a renderbuffer whose
// storage is `image`. Returns 0 when the entry point is missing.
typedef void (*dd_image_target_renderbuffer_fn)(unsigned int target, void *image);
static inline int dd_gl_image_target_renderbuffer(unsigned int target, EGLImageKHR image) {
    dd_image_target_renderbuffer_fn bind =
        (dd_image_target_renderbuffer_fn)eglGetProcAddress("glEGLImageTargetRenderbufferStorageOES");
    if (!bind) return 0;
    bind(target, image);
    return 1;
}

// glEGLImageTargetTexture2DOES (GL_OES_EGL_image): the bound texture's storage is
// `image`, no copy. Returns 0 when the entry point is missing.
typedef void (*dd_image_target_texture_fn)(unsigned int target, void *image);
static inline int dd_gl_image_target_texture_2d(unsigned int target, EGLImageKHR image) {
    dd_image_target_texture_fn bind =
        (dd_image_target_texture_fn)eglGetProcAddress("glEGLImageTargetTexture2DOES");
    if (!bind) return 0;
    bind(target, image);
    return 1;
}

// eglCreatePlatformWindowSurfaceEXT (EGL_EXT_platform_base): a window surface on
// `window` (a gbm_surface on the GBM platform).
static inline EGLSurface dd_egl_create_platform_window_surface(
    EGLDisplay display, EGLConfig config, void *window) {
    PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC create =
        (PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC)eglGetProcAddress("eglCreatePlatformWindowSurfaceEXT");
    return create ? create(display, config, window, NULL) : EGL_NO_SURFACE;
}

// The extensions of the EGL device under `display` (EGL_EXT_device_query), e.g.
// EGL_MESA_device_software; NULL when the display cannot say.
static inline const char *dd_egl_device_extensions(EGLDisplay display) {
    PFNEGLQUERYDISPLAYATTRIBEXTPROC attribute =
        (PFNEGLQUERYDISPLAYATTRIBEXTPROC)eglGetProcAddress("eglQueryDisplayAttribEXT");
    PFNEGLQUERYDEVICESTRINGEXTPROC string =
        (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
    EGLAttrib device = 0;
    if (!attribute || !string || !attribute(display, EGL_DEVICE_EXT, &device) || !device) return NULL;
    return string((EGLDeviceEXT)device, EGL_EXTENSIONS);
}

#endif
