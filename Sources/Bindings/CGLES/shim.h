#ifndef DIRECTDISPLAY_CGLES_SHIM_H
#define DIRECTDISPLAY_CGLES_SHIM_H
// OpenGL ES 3.2 (libGLESv2 serves every GLES 2 and 3 version).
#include <GLES3/gl32.h>

#endif
