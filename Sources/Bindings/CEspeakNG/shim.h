#ifndef DIRECTDISPLAY_CESPEAKNG_SHIM_H
#define DIRECTDISPLAY_CESPEAKNG_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <espeak-ng/speak_lib.h>

// libespeak-ng is opened at run time (dlopen), not linked: a machine without it
// still runs, silently. The header (libespeak-ng-dev) gives the types only.

typedef struct {
    int (*initialize)(espeak_AUDIO_OUTPUT, int, const char *, int);
    void (*set_synth_callback)(t_espeak_callback *);
    espeak_ERROR (*synth)(const void *, size_t, unsigned int, espeak_POSITION_TYPE, unsigned int, unsigned int,
                          unsigned int *, void *);
    espeak_ERROR (*cancel)(void);
    espeak_ERROR (*synchronize)(void);
    espeak_ERROR (*set_parameter)(espeak_PARAMETER, int, int);
    espeak_ERROR (*set_voice_by_name)(const char *);
} dd_espeak_library;

// The library's entry points, or 0 when libespeak-ng.so.1 (or one of them) is missing.
static inline int dd_espeak_open(dd_espeak_library *library) {
    void *handle = dlopen("libespeak-ng.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!handle) return 0;
    library->initialize = (int (*)(espeak_AUDIO_OUTPUT, int, const char *, int))dlsym(handle, "espeak_Initialize");
    library->set_synth_callback = (void (*)(t_espeak_callback *))dlsym(handle, "espeak_SetSynthCallback");
    library->synth = (espeak_ERROR (*)(const void *, size_t, unsigned int, espeak_POSITION_TYPE, unsigned int,
                                       unsigned int, unsigned int *, void *))dlsym(handle, "espeak_Synth");
    library->cancel = (espeak_ERROR (*)(void))dlsym(handle, "espeak_Cancel");
    library->synchronize = (espeak_ERROR (*)(void))dlsym(handle, "espeak_Synchronize");
    library->set_parameter = (espeak_ERROR (*)(espeak_PARAMETER, int, int))dlsym(handle, "espeak_SetParameter");
    library->set_voice_by_name = (espeak_ERROR (*)(const char *))dlsym(handle, "espeak_SetVoiceByName");
    return library->initialize && library->set_synth_callback && library->synth && library->cancel
        && library->synchronize && library->set_parameter && library->set_voice_by_name;
}

#endif
