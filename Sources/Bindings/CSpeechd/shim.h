#ifndef DIRECTDISPLAY_CSPEECHD_SHIM_H
#define DIRECTDISPLAY_CSPEECHD_SHIM_H
#include <dlfcn.h>
#include <speech-dispatcher/libspeechd.h>

// libspeechd (speech-dispatcher's client) is opened at run time (dlopen), not
// linked: a machine without it still runs. The header (libspeechd-dev) gives the types only.

typedef struct {
    SPDConnection *(*open2)(const char *, const char *, const char *, SPDConnectionMode, const SPDConnectionAddress *,
                            int, char **);
    void (*close)(SPDConnection *);
    int (*say)(SPDConnection *, SPDPriority, const char *);
    int (*cancel)(SPDConnection *);
    int (*set_voice_rate)(SPDConnection *, signed int);
    int (*set_language)(SPDConnection *, const char *);
} dd_speechd_library;

// The library's entry points, or 0 when libspeechd.so.2 (or one of them) is missing.
static inline int dd_speechd_open(dd_speechd_library *library) {
    void *handle = dlopen("libspeechd.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!handle) return 0;
    library->open2 = (SPDConnection * (*)(const char *, const char *, const char *, SPDConnectionMode,
                                          const SPDConnectionAddress *, int, char **))dlsym(handle, "spd_open2");
    library->close = (void (*)(SPDConnection *))dlsym(handle, "spd_close");
    library->say = (int (*)(SPDConnection *, SPDPriority, const char *))dlsym(handle, "spd_say");
    library->cancel = (int (*)(SPDConnection *))dlsym(handle, "spd_cancel");
    library->set_voice_rate = (int (*)(SPDConnection *, signed int))dlsym(handle, "spd_set_voice_rate");
    library->set_language = (int (*)(SPDConnection *, const char *))dlsym(handle, "spd_set_language");
    return library->open2 && library->close && library->say && library->cancel && library->set_voice_rate
        && library->set_language;
}

#endif
