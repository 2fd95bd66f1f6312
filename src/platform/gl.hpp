// OpenGL for the platform layer: GL 3.3 core on the desktop (with its extension prototypes),
// OpenGL ES 3 (WebGL 2) under Emscripten.
#pragma once

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>
#endif
