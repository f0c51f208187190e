// Written by Scripts/gl-entry-points from /usr/include/EGL/egl.h: do not edit.
// Every function of egl.h, its entry point looked up in libEGL.so.1 on first call
// (dd_egl_entry_point in shim.h).

static inline EGLBoolean EGLAPIENTRY eglChooseConfig(EGLDisplay dpy, const EGLint *attrib_list, EGLConfig *configs, EGLint config_size, EGLint *num_config) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, const EGLint *attrib_list, EGLConfig *configs, EGLint config_size, EGLint *num_config);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglChooseConfig");
    return function(dpy, attrib_list, configs, config_size, num_config);
}

static inline EGLBoolean EGLAPIENTRY eglCopyBuffers(EGLDisplay dpy, EGLSurface surface, EGLNativePixmapType target) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLSurface surface, EGLNativePixmapType target);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglCopyBuffers");
    return function(dpy, surface, target);
}

static inline EGLContext EGLAPIENTRY eglCreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share_context, const EGLint *attrib_list) {
    static void *entry;
    EGLContext (EGLAPIENTRY *function)(EGLDisplay dpy, EGLConfig config, EGLContext share_context, const EGLint *attrib_list);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglCreateContext");
    return function(dpy, config, share_context, attrib_list);
}

static inline EGLSurface EGLAPIENTRY eglCreatePbufferSurface(EGLDisplay dpy, EGLConfig config, const EGLint *attrib_list) {
    static void *entry;
    EGLSurface (EGLAPIENTRY *function)(EGLDisplay dpy, EGLConfig config, const EGLint *attrib_list);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglCreatePbufferSurface");
    return function(dpy, config, attrib_list);
}

static inline EGLSurface EGLAPIENTRY eglCreatePixmapSurface(EGLDisplay dpy, EGLConfig config, EGLNativePixmapType pixmap, const EGLint *attrib_list) {
    static void *entry;
    EGLSurface (EGLAPIENTRY *function)(EGLDisplay dpy, EGLConfig config, EGLNativePixmapType pixmap, const EGLint *attrib_list);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglCreatePixmapSurface");
    return function(dpy, config, pixmap, attrib_list);
}

static inline EGLSurface EGLAPIENTRY eglCreateWindowSurface(EGLDisplay dpy, EGLConfig config, EGLNativeWindowType win, const EGLint *attrib_list) {
    static void *entry;
    EGLSurface (EGLAPIENTRY *function)(EGLDisplay dpy, EGLConfig config, EGLNativeWindowType win, const EGLint *attrib_list);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglCreateWindowSurface");
    return function(dpy, config, win, attrib_list);
}

static inline EGLBoolean EGLAPIENTRY eglDestroyContext(EGLDisplay dpy, EGLContext ctx) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLContext ctx);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglDestroyContext");
    return function(dpy, ctx);
}

static inline EGLBoolean EGLAPIENTRY eglDestroySurface(EGLDisplay dpy, EGLSurface surface) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLSurface surface);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglDestroySurface");
    return function(dpy, surface);
}

static inline EGLBoolean EGLAPIENTRY eglGetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint attribute, EGLint *value) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLConfig config, EGLint attribute, EGLint *value);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglGetConfigAttrib");
    return function(dpy, config, attribute, value);
}

static inline EGLBoolean EGLAPIENTRY eglGetConfigs(EGLDisplay dpy, EGLConfig *configs, EGLint config_size, EGLint *num_config) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLConfig *configs, EGLint config_size, EGLint *num_config);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglGetConfigs");
    return function(dpy, configs, config_size, num_config);
}

static inline EGLDisplay EGLAPIENTRY eglGetCurrentDisplay(void) {
    static void *entry;
    EGLDisplay (EGLAPIENTRY *function)(void);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglGetCurrentDisplay");
    return function();
}

static inline EGLSurface EGLAPIENTRY eglGetCurrentSurface(EGLint readdraw) {
    static void *entry;
    EGLSurface (EGLAPIENTRY *function)(EGLint readdraw);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglGetCurrentSurface");
    return function(readdraw);
}

static inline EGLDisplay EGLAPIENTRY eglGetDisplay(EGLNativeDisplayType display_id) {
    static void *entry;
    EGLDisplay (EGLAPIENTRY *function)(EGLNativeDisplayType display_id);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglGetDisplay");
    return function(display_id);
}

static inline EGLint EGLAPIENTRY eglGetError(void) {
    static void *entry;
    EGLint (EGLAPIENTRY *function)(void);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglGetError");
    return function();
}

static inline __eglMustCastToProperFunctionPointerType EGLAPIENTRY eglGetProcAddress(const char *procname) {
    static void *entry;
    __eglMustCastToProperFunctionPointerType (EGLAPIENTRY *function)(const char *procname);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglGetProcAddress");
    return function(procname);
}

static inline EGLBoolean EGLAPIENTRY eglInitialize(EGLDisplay dpy, EGLint *major, EGLint *minor) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLint *major, EGLint *minor);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglInitialize");
    return function(dpy, major, minor);
}

static inline EGLBoolean EGLAPIENTRY eglMakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglMakeCurrent");
    return function(dpy, draw, read, ctx);
}

static inline EGLBoolean EGLAPIENTRY eglQueryContext(EGLDisplay dpy, EGLContext ctx, EGLint attribute, EGLint *value) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLContext ctx, EGLint attribute, EGLint *value);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglQueryContext");
    return function(dpy, ctx, attribute, value);
}

static inline const char * EGLAPIENTRY eglQueryString(EGLDisplay dpy, EGLint name) {
    static void *entry;
    const char * (EGLAPIENTRY *function)(EGLDisplay dpy, EGLint name);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglQueryString");
    return function(dpy, name);
}

static inline EGLBoolean EGLAPIENTRY eglQuerySurface(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint *value) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint *value);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglQuerySurface");
    return function(dpy, surface, attribute, value);
}

static inline EGLBoolean EGLAPIENTRY eglSwapBuffers(EGLDisplay dpy, EGLSurface surface) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLSurface surface);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglSwapBuffers");
    return function(dpy, surface);
}

static inline EGLBoolean EGLAPIENTRY eglTerminate(EGLDisplay dpy) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglTerminate");
    return function(dpy);
}

static inline EGLBoolean EGLAPIENTRY eglWaitGL(void) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(void);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglWaitGL");
    return function();
}

static inline EGLBoolean EGLAPIENTRY eglWaitNative(EGLint engine) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLint engine);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglWaitNative");
    return function(engine);
}

static inline EGLBoolean EGLAPIENTRY eglBindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLSurface surface, EGLint buffer);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglBindTexImage");
    return function(dpy, surface, buffer);
}

static inline EGLBoolean EGLAPIENTRY eglReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLSurface surface, EGLint buffer);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglReleaseTexImage");
    return function(dpy, surface, buffer);
}

static inline EGLBoolean EGLAPIENTRY eglSurfaceAttrib(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint value) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint value);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglSurfaceAttrib");
    return function(dpy, surface, attribute, value);
}

static inline EGLBoolean EGLAPIENTRY eglSwapInterval(EGLDisplay dpy, EGLint interval) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLint interval);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglSwapInterval");
    return function(dpy, interval);
}

static inline EGLBoolean EGLAPIENTRY eglBindAPI(EGLenum api) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLenum api);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglBindAPI");
    return function(api);
}

static inline EGLenum EGLAPIENTRY eglQueryAPI(void) {
    static void *entry;
    EGLenum (EGLAPIENTRY *function)(void);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglQueryAPI");
    return function();
}

static inline EGLSurface EGLAPIENTRY eglCreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum buftype, EGLClientBuffer buffer, EGLConfig config, const EGLint *attrib_list) {
    static void *entry;
    EGLSurface (EGLAPIENTRY *function)(EGLDisplay dpy, EGLenum buftype, EGLClientBuffer buffer, EGLConfig config, const EGLint *attrib_list);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglCreatePbufferFromClientBuffer");
    return function(dpy, buftype, buffer, config, attrib_list);
}

static inline EGLBoolean EGLAPIENTRY eglReleaseThread(void) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(void);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglReleaseThread");
    return function();
}

static inline EGLBoolean EGLAPIENTRY eglWaitClient(void) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(void);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglWaitClient");
    return function();
}

static inline EGLContext EGLAPIENTRY eglGetCurrentContext(void) {
    static void *entry;
    EGLContext (EGLAPIENTRY *function)(void);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglGetCurrentContext");
    return function();
}

static inline EGLSync EGLAPIENTRY eglCreateSync(EGLDisplay dpy, EGLenum type, const EGLAttrib *attrib_list) {
    static void *entry;
    EGLSync (EGLAPIENTRY *function)(EGLDisplay dpy, EGLenum type, const EGLAttrib *attrib_list);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglCreateSync");
    return function(dpy, type, attrib_list);
}

static inline EGLBoolean EGLAPIENTRY eglDestroySync(EGLDisplay dpy, EGLSync sync) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLSync sync);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglDestroySync");
    return function(dpy, sync);
}

static inline EGLint EGLAPIENTRY eglClientWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout) {
    static void *entry;
    EGLint (EGLAPIENTRY *function)(EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglClientWaitSync");
    return function(dpy, sync, flags, timeout);
}

static inline EGLBoolean EGLAPIENTRY eglGetSyncAttrib(EGLDisplay dpy, EGLSync sync, EGLint attribute, EGLAttrib *value) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLSync sync, EGLint attribute, EGLAttrib *value);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglGetSyncAttrib");
    return function(dpy, sync, attribute, value);
}

static inline EGLImage EGLAPIENTRY eglCreateImage(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer, const EGLAttrib *attrib_list) {
    static void *entry;
    EGLImage (EGLAPIENTRY *function)(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer, const EGLAttrib *attrib_list);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglCreateImage");
    return function(dpy, ctx, target, buffer, attrib_list);
}

static inline EGLBoolean EGLAPIENTRY eglDestroyImage(EGLDisplay dpy, EGLImage image) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLImage image);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglDestroyImage");
    return function(dpy, image);
}

static inline EGLDisplay EGLAPIENTRY eglGetPlatformDisplay(EGLenum platform, void *native_display, const EGLAttrib *attrib_list) {
    static void *entry;
    EGLDisplay (EGLAPIENTRY *function)(EGLenum platform, void *native_display, const EGLAttrib *attrib_list);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglGetPlatformDisplay");
    return function(platform, native_display, attrib_list);
}

static inline EGLSurface EGLAPIENTRY eglCreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config, void *native_window, const EGLAttrib *attrib_list) {
    static void *entry;
    EGLSurface (EGLAPIENTRY *function)(EGLDisplay dpy, EGLConfig config, void *native_window, const EGLAttrib *attrib_list);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglCreatePlatformWindowSurface");
    return function(dpy, config, native_window, attrib_list);
}

static inline EGLSurface EGLAPIENTRY eglCreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config, void *native_pixmap, const EGLAttrib *attrib_list) {
    static void *entry;
    EGLSurface (EGLAPIENTRY *function)(EGLDisplay dpy, EGLConfig config, void *native_pixmap, const EGLAttrib *attrib_list);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglCreatePlatformPixmapSurface");
    return function(dpy, config, native_pixmap, attrib_list);
}

static inline EGLBoolean EGLAPIENTRY eglWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags) {
    static void *entry;
    EGLBoolean (EGLAPIENTRY *function)(EGLDisplay dpy, EGLSync sync, EGLint flags);
    function = (__typeof__(function))dd_egl_entry_point(&entry, "eglWaitSync");
    return function(dpy, sync, flags);
}
