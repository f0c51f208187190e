// Written by Scripts/gl-entry-points from /usr/include/GLES3/gl32.h: do not edit.
// Every function of gl32.h, its entry point looked up in libGLESv2.so.2 on first call
// (dd_gles_entry_point in shim.h).

static inline void GL_APIENTRY glActiveTexture(GLenum texture) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum texture);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glActiveTexture");
    function(texture);
}

static inline void GL_APIENTRY glAttachShader(GLuint program, GLuint shader) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLuint shader);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glAttachShader");
    function(program, shader);
}

static inline void GL_APIENTRY glBindAttribLocation(GLuint program, GLuint index, const GLchar *name) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLuint index, const GLchar *name);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBindAttribLocation");
    function(program, index, name);
}

static inline void GL_APIENTRY glBindBuffer(GLenum target, GLuint buffer) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLuint buffer);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBindBuffer");
    function(target, buffer);
}

static inline void GL_APIENTRY glBindFramebuffer(GLenum target, GLuint framebuffer) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLuint framebuffer);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBindFramebuffer");
    function(target, framebuffer);
}

static inline void GL_APIENTRY glBindRenderbuffer(GLenum target, GLuint renderbuffer) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLuint renderbuffer);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBindRenderbuffer");
    function(target, renderbuffer);
}

static inline void GL_APIENTRY glBindTexture(GLenum target, GLuint texture) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLuint texture);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBindTexture");
    function(target, texture);
}

static inline void GL_APIENTRY glBlendColor(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha) {
    static void *entry;
    void (GL_APIENTRY *function)(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBlendColor");
    function(red, green, blue, alpha);
}

static inline void GL_APIENTRY glBlendEquation(GLenum mode) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum mode);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBlendEquation");
    function(mode);
}

static inline void GL_APIENTRY glBlendEquationSeparate(GLenum modeRGB, GLenum modeAlpha) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum modeRGB, GLenum modeAlpha);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBlendEquationSeparate");
    function(modeRGB, modeAlpha);
}

static inline void GL_APIENTRY glBlendFunc(GLenum sfactor, GLenum dfactor) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum sfactor, GLenum dfactor);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBlendFunc");
    function(sfactor, dfactor);
}

static inline void GL_APIENTRY glBlendFuncSeparate(GLenum sfactorRGB, GLenum dfactorRGB, GLenum sfactorAlpha, GLenum dfactorAlpha) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum sfactorRGB, GLenum dfactorRGB, GLenum sfactorAlpha, GLenum dfactorAlpha);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBlendFuncSeparate");
    function(sfactorRGB, dfactorRGB, sfactorAlpha, dfactorAlpha);
}

static inline void GL_APIENTRY glBufferData(GLenum target, GLsizeiptr size, const void *data, GLenum usage) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLsizeiptr size, const void *data, GLenum usage);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBufferData");
    function(target, size, data, usage);
}

static inline void GL_APIENTRY glBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, const void *data) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLintptr offset, GLsizeiptr size, const void *data);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBufferSubData");
    function(target, offset, size, data);
}

static inline GLenum GL_APIENTRY glCheckFramebufferStatus(GLenum target) {
    static void *entry;
    GLenum (GL_APIENTRY *function)(GLenum target);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glCheckFramebufferStatus");
    return function(target);
}

static inline void GL_APIENTRY glClear(GLbitfield mask) {
    static void *entry;
    void (GL_APIENTRY *function)(GLbitfield mask);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glClear");
    function(mask);
}

static inline void GL_APIENTRY glClearColor(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha) {
    static void *entry;
    void (GL_APIENTRY *function)(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glClearColor");
    function(red, green, blue, alpha);
}

static inline void GL_APIENTRY glClearDepthf(GLfloat d) {
    static void *entry;
    void (GL_APIENTRY *function)(GLfloat d);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glClearDepthf");
    function(d);
}

static inline void GL_APIENTRY glClearStencil(GLint s) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint s);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glClearStencil");
    function(s);
}

static inline void GL_APIENTRY glColorMask(GLboolean red, GLboolean green, GLboolean blue, GLboolean alpha) {
    static void *entry;
    void (GL_APIENTRY *function)(GLboolean red, GLboolean green, GLboolean blue, GLboolean alpha);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glColorMask");
    function(red, green, blue, alpha);
}

static inline void GL_APIENTRY glCompileShader(GLuint shader) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint shader);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glCompileShader");
    function(shader);
}

static inline void GL_APIENTRY glCompressedTexImage2D(GLenum target, GLint level, GLenum internalformat, GLsizei width, GLsizei height, GLint border, GLsizei imageSize, const void *data) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLint level, GLenum internalformat, GLsizei width, GLsizei height, GLint border, GLsizei imageSize, const void *data);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glCompressedTexImage2D");
    function(target, level, internalformat, width, height, border, imageSize, data);
}

static inline void GL_APIENTRY glCompressedTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width, GLsizei height, GLenum format, GLsizei imageSize, const void *data) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width, GLsizei height, GLenum format, GLsizei imageSize, const void *data);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glCompressedTexSubImage2D");
    function(target, level, xoffset, yoffset, width, height, format, imageSize, data);
}

static inline void GL_APIENTRY glCopyTexImage2D(GLenum target, GLint level, GLenum internalformat, GLint x, GLint y, GLsizei width, GLsizei height, GLint border) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLint level, GLenum internalformat, GLint x, GLint y, GLsizei width, GLsizei height, GLint border);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glCopyTexImage2D");
    function(target, level, internalformat, x, y, width, height, border);
}

static inline void GL_APIENTRY glCopyTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint x, GLint y, GLsizei width, GLsizei height) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint x, GLint y, GLsizei width, GLsizei height);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glCopyTexSubImage2D");
    function(target, level, xoffset, yoffset, x, y, width, height);
}

static inline GLuint GL_APIENTRY glCreateProgram(void) {
    static void *entry;
    GLuint (GL_APIENTRY *function)(void);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glCreateProgram");
    return function();
}

static inline GLuint GL_APIENTRY glCreateShader(GLenum type) {
    static void *entry;
    GLuint (GL_APIENTRY *function)(GLenum type);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glCreateShader");
    return function(type);
}

static inline void GL_APIENTRY glCullFace(GLenum mode) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum mode);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glCullFace");
    function(mode);
}

static inline void GL_APIENTRY glDeleteBuffers(GLsizei n, const GLuint *buffers) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, const GLuint *buffers);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDeleteBuffers");
    function(n, buffers);
}

static inline void GL_APIENTRY glDeleteFramebuffers(GLsizei n, const GLuint *framebuffers) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, const GLuint *framebuffers);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDeleteFramebuffers");
    function(n, framebuffers);
}

static inline void GL_APIENTRY glDeleteProgram(GLuint program) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDeleteProgram");
    function(program);
}

static inline void GL_APIENTRY glDeleteRenderbuffers(GLsizei n, const GLuint *renderbuffers) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, const GLuint *renderbuffers);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDeleteRenderbuffers");
    function(n, renderbuffers);
}

static inline void GL_APIENTRY glDeleteShader(GLuint shader) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint shader);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDeleteShader");
    function(shader);
}

static inline void GL_APIENTRY glDeleteTextures(GLsizei n, const GLuint *textures) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, const GLuint *textures);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDeleteTextures");
    function(n, textures);
}

static inline void GL_APIENTRY glDepthFunc(GLenum func) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum func);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDepthFunc");
    function(func);
}

static inline void GL_APIENTRY glDepthMask(GLboolean flag) {
    static void *entry;
    void (GL_APIENTRY *function)(GLboolean flag);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDepthMask");
    function(flag);
}

static inline void GL_APIENTRY glDepthRangef(GLfloat n, GLfloat f) {
    static void *entry;
    void (GL_APIENTRY *function)(GLfloat n, GLfloat f);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDepthRangef");
    function(n, f);
}

static inline void GL_APIENTRY glDetachShader(GLuint program, GLuint shader) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLuint shader);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDetachShader");
    function(program, shader);
}

static inline void GL_APIENTRY glDisable(GLenum cap) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum cap);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDisable");
    function(cap);
}

static inline void GL_APIENTRY glDisableVertexAttribArray(GLuint index) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDisableVertexAttribArray");
    function(index);
}

static inline void GL_APIENTRY glDrawArrays(GLenum mode, GLint first, GLsizei count) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum mode, GLint first, GLsizei count);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDrawArrays");
    function(mode, first, count);
}

static inline void GL_APIENTRY glDrawElements(GLenum mode, GLsizei count, GLenum type, const void *indices) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum mode, GLsizei count, GLenum type, const void *indices);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDrawElements");
    function(mode, count, type, indices);
}

static inline void GL_APIENTRY glEnable(GLenum cap) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum cap);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glEnable");
    function(cap);
}

static inline void GL_APIENTRY glEnableVertexAttribArray(GLuint index) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glEnableVertexAttribArray");
    function(index);
}

static inline void GL_APIENTRY glFinish(void) {
    static void *entry;
    void (GL_APIENTRY *function)(void);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glFinish");
    function();
}

static inline void GL_APIENTRY glFlush(void) {
    static void *entry;
    void (GL_APIENTRY *function)(void);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glFlush");
    function();
}

static inline void GL_APIENTRY glFramebufferRenderbuffer(GLenum target, GLenum attachment, GLenum renderbuffertarget, GLuint renderbuffer) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum attachment, GLenum renderbuffertarget, GLuint renderbuffer);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glFramebufferRenderbuffer");
    function(target, attachment, renderbuffertarget, renderbuffer);
}

static inline void GL_APIENTRY glFramebufferTexture2D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture, GLint level) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum attachment, GLenum textarget, GLuint texture, GLint level);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glFramebufferTexture2D");
    function(target, attachment, textarget, texture, level);
}

static inline void GL_APIENTRY glFrontFace(GLenum mode) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum mode);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glFrontFace");
    function(mode);
}

static inline void GL_APIENTRY glGenBuffers(GLsizei n, GLuint *buffers) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, GLuint *buffers);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGenBuffers");
    function(n, buffers);
}

static inline void GL_APIENTRY glGenerateMipmap(GLenum target) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGenerateMipmap");
    function(target);
}

static inline void GL_APIENTRY glGenFramebuffers(GLsizei n, GLuint *framebuffers) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, GLuint *framebuffers);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGenFramebuffers");
    function(n, framebuffers);
}

static inline void GL_APIENTRY glGenRenderbuffers(GLsizei n, GLuint *renderbuffers) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, GLuint *renderbuffers);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGenRenderbuffers");
    function(n, renderbuffers);
}

static inline void GL_APIENTRY glGenTextures(GLsizei n, GLuint *textures) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, GLuint *textures);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGenTextures");
    function(n, textures);
}

static inline void GL_APIENTRY glGetActiveAttrib(GLuint program, GLuint index, GLsizei bufSize, GLsizei *length, GLint *size, GLenum *type, GLchar *name) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLuint index, GLsizei bufSize, GLsizei *length, GLint *size, GLenum *type, GLchar *name);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetActiveAttrib");
    function(program, index, bufSize, length, size, type, name);
}

static inline void GL_APIENTRY glGetActiveUniform(GLuint program, GLuint index, GLsizei bufSize, GLsizei *length, GLint *size, GLenum *type, GLchar *name) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLuint index, GLsizei bufSize, GLsizei *length, GLint *size, GLenum *type, GLchar *name);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetActiveUniform");
    function(program, index, bufSize, length, size, type, name);
}

static inline void GL_APIENTRY glGetAttachedShaders(GLuint program, GLsizei maxCount, GLsizei *count, GLuint *shaders) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLsizei maxCount, GLsizei *count, GLuint *shaders);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetAttachedShaders");
    function(program, maxCount, count, shaders);
}

static inline GLint GL_APIENTRY glGetAttribLocation(GLuint program, const GLchar *name) {
    static void *entry;
    GLint (GL_APIENTRY *function)(GLuint program, const GLchar *name);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetAttribLocation");
    return function(program, name);
}

static inline void GL_APIENTRY glGetBooleanv(GLenum pname, GLboolean *data) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum pname, GLboolean *data);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetBooleanv");
    function(pname, data);
}

static inline void GL_APIENTRY glGetBufferParameteriv(GLenum target, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetBufferParameteriv");
    function(target, pname, params);
}

static inline GLenum GL_APIENTRY glGetError(void) {
    static void *entry;
    GLenum (GL_APIENTRY *function)(void);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetError");
    return function();
}

static inline void GL_APIENTRY glGetFloatv(GLenum pname, GLfloat *data) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum pname, GLfloat *data);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetFloatv");
    function(pname, data);
}

static inline void GL_APIENTRY glGetFramebufferAttachmentParameteriv(GLenum target, GLenum attachment, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum attachment, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetFramebufferAttachmentParameteriv");
    function(target, attachment, pname, params);
}

static inline void GL_APIENTRY glGetIntegerv(GLenum pname, GLint *data) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum pname, GLint *data);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetIntegerv");
    function(pname, data);
}

static inline void GL_APIENTRY glGetProgramiv(GLuint program, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetProgramiv");
    function(program, pname, params);
}

static inline void GL_APIENTRY glGetProgramInfoLog(GLuint program, GLsizei bufSize, GLsizei *length, GLchar *infoLog) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLsizei bufSize, GLsizei *length, GLchar *infoLog);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetProgramInfoLog");
    function(program, bufSize, length, infoLog);
}

static inline void GL_APIENTRY glGetRenderbufferParameteriv(GLenum target, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetRenderbufferParameteriv");
    function(target, pname, params);
}

static inline void GL_APIENTRY glGetShaderiv(GLuint shader, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint shader, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetShaderiv");
    function(shader, pname, params);
}

static inline void GL_APIENTRY glGetShaderInfoLog(GLuint shader, GLsizei bufSize, GLsizei *length, GLchar *infoLog) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint shader, GLsizei bufSize, GLsizei *length, GLchar *infoLog);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetShaderInfoLog");
    function(shader, bufSize, length, infoLog);
}

static inline void GL_APIENTRY glGetShaderPrecisionFormat(GLenum shadertype, GLenum precisiontype, GLint *range, GLint *precision) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum shadertype, GLenum precisiontype, GLint *range, GLint *precision);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetShaderPrecisionFormat");
    function(shadertype, precisiontype, range, precision);
}

static inline void GL_APIENTRY glGetShaderSource(GLuint shader, GLsizei bufSize, GLsizei *length, GLchar *source) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint shader, GLsizei bufSize, GLsizei *length, GLchar *source);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetShaderSource");
    function(shader, bufSize, length, source);
}

static inline const GLubyte * GL_APIENTRY glGetString(GLenum name) {
    static void *entry;
    const GLubyte * (GL_APIENTRY *function)(GLenum name);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetString");
    return function(name);
}

static inline void GL_APIENTRY glGetTexParameterfv(GLenum target, GLenum pname, GLfloat *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, GLfloat *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetTexParameterfv");
    function(target, pname, params);
}

static inline void GL_APIENTRY glGetTexParameteriv(GLenum target, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetTexParameteriv");
    function(target, pname, params);
}

static inline void GL_APIENTRY glGetUniformfv(GLuint program, GLint location, GLfloat *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLfloat *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetUniformfv");
    function(program, location, params);
}

static inline void GL_APIENTRY glGetUniformiv(GLuint program, GLint location, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetUniformiv");
    function(program, location, params);
}

static inline GLint GL_APIENTRY glGetUniformLocation(GLuint program, const GLchar *name) {
    static void *entry;
    GLint (GL_APIENTRY *function)(GLuint program, const GLchar *name);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetUniformLocation");
    return function(program, name);
}

static inline void GL_APIENTRY glGetVertexAttribfv(GLuint index, GLenum pname, GLfloat *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, GLenum pname, GLfloat *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetVertexAttribfv");
    function(index, pname, params);
}

static inline void GL_APIENTRY glGetVertexAttribiv(GLuint index, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetVertexAttribiv");
    function(index, pname, params);
}

static inline void GL_APIENTRY glGetVertexAttribPointerv(GLuint index, GLenum pname, void **pointer) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, GLenum pname, void **pointer);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetVertexAttribPointerv");
    function(index, pname, pointer);
}

static inline void GL_APIENTRY glHint(GLenum target, GLenum mode) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum mode);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glHint");
    function(target, mode);
}

static inline GLboolean GL_APIENTRY glIsBuffer(GLuint buffer) {
    static void *entry;
    GLboolean (GL_APIENTRY *function)(GLuint buffer);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glIsBuffer");
    return function(buffer);
}

static inline GLboolean GL_APIENTRY glIsEnabled(GLenum cap) {
    static void *entry;
    GLboolean (GL_APIENTRY *function)(GLenum cap);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glIsEnabled");
    return function(cap);
}

static inline GLboolean GL_APIENTRY glIsFramebuffer(GLuint framebuffer) {
    static void *entry;
    GLboolean (GL_APIENTRY *function)(GLuint framebuffer);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glIsFramebuffer");
    return function(framebuffer);
}

static inline GLboolean GL_APIENTRY glIsProgram(GLuint program) {
    static void *entry;
    GLboolean (GL_APIENTRY *function)(GLuint program);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glIsProgram");
    return function(program);
}

static inline GLboolean GL_APIENTRY glIsRenderbuffer(GLuint renderbuffer) {
    static void *entry;
    GLboolean (GL_APIENTRY *function)(GLuint renderbuffer);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glIsRenderbuffer");
    return function(renderbuffer);
}

static inline GLboolean GL_APIENTRY glIsShader(GLuint shader) {
    static void *entry;
    GLboolean (GL_APIENTRY *function)(GLuint shader);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glIsShader");
    return function(shader);
}

static inline GLboolean GL_APIENTRY glIsTexture(GLuint texture) {
    static void *entry;
    GLboolean (GL_APIENTRY *function)(GLuint texture);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glIsTexture");
    return function(texture);
}

static inline void GL_APIENTRY glLineWidth(GLfloat width) {
    static void *entry;
    void (GL_APIENTRY *function)(GLfloat width);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glLineWidth");
    function(width);
}

static inline void GL_APIENTRY glLinkProgram(GLuint program) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glLinkProgram");
    function(program);
}

static inline void GL_APIENTRY glPixelStorei(GLenum pname, GLint param) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum pname, GLint param);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glPixelStorei");
    function(pname, param);
}

static inline void GL_APIENTRY glPolygonOffset(GLfloat factor, GLfloat units) {
    static void *entry;
    void (GL_APIENTRY *function)(GLfloat factor, GLfloat units);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glPolygonOffset");
    function(factor, units);
}

static inline void GL_APIENTRY glReadPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type, void *pixels) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type, void *pixels);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glReadPixels");
    function(x, y, width, height, format, type, pixels);
}

static inline void GL_APIENTRY glReleaseShaderCompiler(void) {
    static void *entry;
    void (GL_APIENTRY *function)(void);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glReleaseShaderCompiler");
    function();
}

static inline void GL_APIENTRY glRenderbufferStorage(GLenum target, GLenum internalformat, GLsizei width, GLsizei height) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum internalformat, GLsizei width, GLsizei height);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glRenderbufferStorage");
    function(target, internalformat, width, height);
}

static inline void GL_APIENTRY glSampleCoverage(GLfloat value, GLboolean invert) {
    static void *entry;
    void (GL_APIENTRY *function)(GLfloat value, GLboolean invert);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glSampleCoverage");
    function(value, invert);
}

static inline void GL_APIENTRY glScissor(GLint x, GLint y, GLsizei width, GLsizei height) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint x, GLint y, GLsizei width, GLsizei height);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glScissor");
    function(x, y, width, height);
}

static inline void GL_APIENTRY glShaderBinary(GLsizei count, const GLuint *shaders, GLenum binaryformat, const void *binary, GLsizei length) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei count, const GLuint *shaders, GLenum binaryformat, const void *binary, GLsizei length);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glShaderBinary");
    function(count, shaders, binaryformat, binary, length);
}

static inline void GL_APIENTRY glShaderSource(GLuint shader, GLsizei count, const GLchar *const*string, const GLint *length) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint shader, GLsizei count, const GLchar *const*string, const GLint *length);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glShaderSource");
    function(shader, count, string, length);
}

static inline void GL_APIENTRY glStencilFunc(GLenum func, GLint ref, GLuint mask) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum func, GLint ref, GLuint mask);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glStencilFunc");
    function(func, ref, mask);
}

static inline void GL_APIENTRY glStencilFuncSeparate(GLenum face, GLenum func, GLint ref, GLuint mask) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum face, GLenum func, GLint ref, GLuint mask);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glStencilFuncSeparate");
    function(face, func, ref, mask);
}

static inline void GL_APIENTRY glStencilMask(GLuint mask) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint mask);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glStencilMask");
    function(mask);
}

static inline void GL_APIENTRY glStencilMaskSeparate(GLenum face, GLuint mask) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum face, GLuint mask);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glStencilMaskSeparate");
    function(face, mask);
}

static inline void GL_APIENTRY glStencilOp(GLenum fail, GLenum zfail, GLenum zpass) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum fail, GLenum zfail, GLenum zpass);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glStencilOp");
    function(fail, zfail, zpass);
}

static inline void GL_APIENTRY glStencilOpSeparate(GLenum face, GLenum sfail, GLenum dpfail, GLenum dppass) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum face, GLenum sfail, GLenum dpfail, GLenum dppass);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glStencilOpSeparate");
    function(face, sfail, dpfail, dppass);
}

static inline void GL_APIENTRY glTexImage2D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height, GLint border, GLenum format, GLenum type, const void *pixels) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height, GLint border, GLenum format, GLenum type, const void *pixels);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexImage2D");
    function(target, level, internalformat, width, height, border, format, type, pixels);
}

static inline void GL_APIENTRY glTexParameterf(GLenum target, GLenum pname, GLfloat param) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, GLfloat param);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexParameterf");
    function(target, pname, param);
}

static inline void GL_APIENTRY glTexParameterfv(GLenum target, GLenum pname, const GLfloat *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, const GLfloat *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexParameterfv");
    function(target, pname, params);
}

static inline void GL_APIENTRY glTexParameteri(GLenum target, GLenum pname, GLint param) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, GLint param);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexParameteri");
    function(target, pname, param);
}

static inline void GL_APIENTRY glTexParameteriv(GLenum target, GLenum pname, const GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, const GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexParameteriv");
    function(target, pname, params);
}

static inline void GL_APIENTRY glTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width, GLsizei height, GLenum format, GLenum type, const void *pixels) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width, GLsizei height, GLenum format, GLenum type, const void *pixels);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexSubImage2D");
    function(target, level, xoffset, yoffset, width, height, format, type, pixels);
}

static inline void GL_APIENTRY glUniform1f(GLint location, GLfloat v0) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLfloat v0);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform1f");
    function(location, v0);
}

static inline void GL_APIENTRY glUniform1fv(GLint location, GLsizei count, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform1fv");
    function(location, count, value);
}

static inline void GL_APIENTRY glUniform1i(GLint location, GLint v0) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLint v0);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform1i");
    function(location, v0);
}

static inline void GL_APIENTRY glUniform1iv(GLint location, GLsizei count, const GLint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, const GLint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform1iv");
    function(location, count, value);
}

static inline void GL_APIENTRY glUniform2f(GLint location, GLfloat v0, GLfloat v1) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLfloat v0, GLfloat v1);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform2f");
    function(location, v0, v1);
}

static inline void GL_APIENTRY glUniform2fv(GLint location, GLsizei count, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform2fv");
    function(location, count, value);
}

static inline void GL_APIENTRY glUniform2i(GLint location, GLint v0, GLint v1) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLint v0, GLint v1);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform2i");
    function(location, v0, v1);
}

static inline void GL_APIENTRY glUniform2iv(GLint location, GLsizei count, const GLint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, const GLint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform2iv");
    function(location, count, value);
}

static inline void GL_APIENTRY glUniform3f(GLint location, GLfloat v0, GLfloat v1, GLfloat v2) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLfloat v0, GLfloat v1, GLfloat v2);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform3f");
    function(location, v0, v1, v2);
}

static inline void GL_APIENTRY glUniform3fv(GLint location, GLsizei count, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform3fv");
    function(location, count, value);
}

static inline void GL_APIENTRY glUniform3i(GLint location, GLint v0, GLint v1, GLint v2) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLint v0, GLint v1, GLint v2);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform3i");
    function(location, v0, v1, v2);
}

static inline void GL_APIENTRY glUniform3iv(GLint location, GLsizei count, const GLint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, const GLint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform3iv");
    function(location, count, value);
}

static inline void GL_APIENTRY glUniform4f(GLint location, GLfloat v0, GLfloat v1, GLfloat v2, GLfloat v3) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLfloat v0, GLfloat v1, GLfloat v2, GLfloat v3);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform4f");
    function(location, v0, v1, v2, v3);
}

static inline void GL_APIENTRY glUniform4fv(GLint location, GLsizei count, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform4fv");
    function(location, count, value);
}

static inline void GL_APIENTRY glUniform4i(GLint location, GLint v0, GLint v1, GLint v2, GLint v3) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLint v0, GLint v1, GLint v2, GLint v3);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform4i");
    function(location, v0, v1, v2, v3);
}

static inline void GL_APIENTRY glUniform4iv(GLint location, GLsizei count, const GLint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, const GLint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform4iv");
    function(location, count, value);
}

static inline void GL_APIENTRY glUniformMatrix2fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniformMatrix2fv");
    function(location, count, transpose, value);
}

static inline void GL_APIENTRY glUniformMatrix3fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniformMatrix3fv");
    function(location, count, transpose, value);
}

static inline void GL_APIENTRY glUniformMatrix4fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniformMatrix4fv");
    function(location, count, transpose, value);
}

static inline void GL_APIENTRY glUseProgram(GLuint program) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUseProgram");
    function(program);
}

static inline void GL_APIENTRY glValidateProgram(GLuint program) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glValidateProgram");
    function(program);
}

static inline void GL_APIENTRY glVertexAttrib1f(GLuint index, GLfloat x) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, GLfloat x);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttrib1f");
    function(index, x);
}

static inline void GL_APIENTRY glVertexAttrib1fv(GLuint index, const GLfloat *v) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, const GLfloat *v);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttrib1fv");
    function(index, v);
}

static inline void GL_APIENTRY glVertexAttrib2f(GLuint index, GLfloat x, GLfloat y) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, GLfloat x, GLfloat y);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttrib2f");
    function(index, x, y);
}

static inline void GL_APIENTRY glVertexAttrib2fv(GLuint index, const GLfloat *v) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, const GLfloat *v);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttrib2fv");
    function(index, v);
}

static inline void GL_APIENTRY glVertexAttrib3f(GLuint index, GLfloat x, GLfloat y, GLfloat z) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, GLfloat x, GLfloat y, GLfloat z);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttrib3f");
    function(index, x, y, z);
}

static inline void GL_APIENTRY glVertexAttrib3fv(GLuint index, const GLfloat *v) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, const GLfloat *v);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttrib3fv");
    function(index, v);
}

static inline void GL_APIENTRY glVertexAttrib4f(GLuint index, GLfloat x, GLfloat y, GLfloat z, GLfloat w) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, GLfloat x, GLfloat y, GLfloat z, GLfloat w);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttrib4f");
    function(index, x, y, z, w);
}

static inline void GL_APIENTRY glVertexAttrib4fv(GLuint index, const GLfloat *v) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, const GLfloat *v);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttrib4fv");
    function(index, v);
}

static inline void GL_APIENTRY glVertexAttribPointer(GLuint index, GLint size, GLenum type, GLboolean normalized, GLsizei stride, const void *pointer) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, GLint size, GLenum type, GLboolean normalized, GLsizei stride, const void *pointer);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttribPointer");
    function(index, size, type, normalized, stride, pointer);
}

static inline void GL_APIENTRY glViewport(GLint x, GLint y, GLsizei width, GLsizei height) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint x, GLint y, GLsizei width, GLsizei height);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glViewport");
    function(x, y, width, height);
}

static inline void GL_APIENTRY glReadBuffer(GLenum src) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum src);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glReadBuffer");
    function(src);
}

static inline void GL_APIENTRY glDrawRangeElements(GLenum mode, GLuint start, GLuint end, GLsizei count, GLenum type, const void *indices) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum mode, GLuint start, GLuint end, GLsizei count, GLenum type, const void *indices);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDrawRangeElements");
    function(mode, start, end, count, type, indices);
}

static inline void GL_APIENTRY glTexImage3D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height, GLsizei depth, GLint border, GLenum format, GLenum type, const void *pixels) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height, GLsizei depth, GLint border, GLenum format, GLenum type, const void *pixels);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexImage3D");
    function(target, level, internalformat, width, height, depth, border, format, type, pixels);
}

static inline void GL_APIENTRY glTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset, GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type, const void *pixels) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset, GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type, const void *pixels);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexSubImage3D");
    function(target, level, xoffset, yoffset, zoffset, width, height, depth, format, type, pixels);
}

static inline void GL_APIENTRY glCopyTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset, GLint x, GLint y, GLsizei width, GLsizei height) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset, GLint x, GLint y, GLsizei width, GLsizei height);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glCopyTexSubImage3D");
    function(target, level, xoffset, yoffset, zoffset, x, y, width, height);
}

static inline void GL_APIENTRY glCompressedTexImage3D(GLenum target, GLint level, GLenum internalformat, GLsizei width, GLsizei height, GLsizei depth, GLint border, GLsizei imageSize, const void *data) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLint level, GLenum internalformat, GLsizei width, GLsizei height, GLsizei depth, GLint border, GLsizei imageSize, const void *data);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glCompressedTexImage3D");
    function(target, level, internalformat, width, height, depth, border, imageSize, data);
}

static inline void GL_APIENTRY glCompressedTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset, GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLsizei imageSize, const void *data) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset, GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLsizei imageSize, const void *data);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glCompressedTexSubImage3D");
    function(target, level, xoffset, yoffset, zoffset, width, height, depth, format, imageSize, data);
}

static inline void GL_APIENTRY glGenQueries(GLsizei n, GLuint *ids) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, GLuint *ids);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGenQueries");
    function(n, ids);
}

static inline void GL_APIENTRY glDeleteQueries(GLsizei n, const GLuint *ids) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, const GLuint *ids);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDeleteQueries");
    function(n, ids);
}

static inline GLboolean GL_APIENTRY glIsQuery(GLuint id) {
    static void *entry;
    GLboolean (GL_APIENTRY *function)(GLuint id);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glIsQuery");
    return function(id);
}

static inline void GL_APIENTRY glBeginQuery(GLenum target, GLuint id) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLuint id);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBeginQuery");
    function(target, id);
}

static inline void GL_APIENTRY glEndQuery(GLenum target) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glEndQuery");
    function(target);
}

static inline void GL_APIENTRY glGetQueryiv(GLenum target, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetQueryiv");
    function(target, pname, params);
}

static inline void GL_APIENTRY glGetQueryObjectuiv(GLuint id, GLenum pname, GLuint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint id, GLenum pname, GLuint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetQueryObjectuiv");
    function(id, pname, params);
}

static inline GLboolean GL_APIENTRY glUnmapBuffer(GLenum target) {
    static void *entry;
    GLboolean (GL_APIENTRY *function)(GLenum target);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUnmapBuffer");
    return function(target);
}

static inline void GL_APIENTRY glGetBufferPointerv(GLenum target, GLenum pname, void **params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, void **params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetBufferPointerv");
    function(target, pname, params);
}

static inline void GL_APIENTRY glDrawBuffers(GLsizei n, const GLenum *bufs) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, const GLenum *bufs);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDrawBuffers");
    function(n, bufs);
}

static inline void GL_APIENTRY glUniformMatrix2x3fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniformMatrix2x3fv");
    function(location, count, transpose, value);
}

static inline void GL_APIENTRY glUniformMatrix3x2fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniformMatrix3x2fv");
    function(location, count, transpose, value);
}

static inline void GL_APIENTRY glUniformMatrix2x4fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniformMatrix2x4fv");
    function(location, count, transpose, value);
}

static inline void GL_APIENTRY glUniformMatrix4x2fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniformMatrix4x2fv");
    function(location, count, transpose, value);
}

static inline void GL_APIENTRY glUniformMatrix3x4fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniformMatrix3x4fv");
    function(location, count, transpose, value);
}

static inline void GL_APIENTRY glUniformMatrix4x3fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniformMatrix4x3fv");
    function(location, count, transpose, value);
}

static inline void GL_APIENTRY glBlitFramebuffer(GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1, GLint dstX0, GLint dstY0, GLint dstX1, GLint dstY1, GLbitfield mask, GLenum filter) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1, GLint dstX0, GLint dstY0, GLint dstX1, GLint dstY1, GLbitfield mask, GLenum filter);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBlitFramebuffer");
    function(srcX0, srcY0, srcX1, srcY1, dstX0, dstY0, dstX1, dstY1, mask, filter);
}

static inline void GL_APIENTRY glRenderbufferStorageMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width, GLsizei height) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width, GLsizei height);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glRenderbufferStorageMultisample");
    function(target, samples, internalformat, width, height);
}

static inline void GL_APIENTRY glFramebufferTextureLayer(GLenum target, GLenum attachment, GLuint texture, GLint level, GLint layer) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum attachment, GLuint texture, GLint level, GLint layer);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glFramebufferTextureLayer");
    function(target, attachment, texture, level, layer);
}

static inline void * GL_APIENTRY glMapBufferRange(GLenum target, GLintptr offset, GLsizeiptr length, GLbitfield access) {
    static void *entry;
    void * (GL_APIENTRY *function)(GLenum target, GLintptr offset, GLsizeiptr length, GLbitfield access);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glMapBufferRange");
    return function(target, offset, length, access);
}

static inline void GL_APIENTRY glFlushMappedBufferRange(GLenum target, GLintptr offset, GLsizeiptr length) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLintptr offset, GLsizeiptr length);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glFlushMappedBufferRange");
    function(target, offset, length);
}

static inline void GL_APIENTRY glBindVertexArray(GLuint array) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint array);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBindVertexArray");
    function(array);
}

static inline void GL_APIENTRY glDeleteVertexArrays(GLsizei n, const GLuint *arrays) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, const GLuint *arrays);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDeleteVertexArrays");
    function(n, arrays);
}

static inline void GL_APIENTRY glGenVertexArrays(GLsizei n, GLuint *arrays) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, GLuint *arrays);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGenVertexArrays");
    function(n, arrays);
}

static inline GLboolean GL_APIENTRY glIsVertexArray(GLuint array) {
    static void *entry;
    GLboolean (GL_APIENTRY *function)(GLuint array);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glIsVertexArray");
    return function(array);
}

static inline void GL_APIENTRY glGetIntegeri_v(GLenum target, GLuint index, GLint *data) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLuint index, GLint *data);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetIntegeri_v");
    function(target, index, data);
}

static inline void GL_APIENTRY glBeginTransformFeedback(GLenum primitiveMode) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum primitiveMode);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBeginTransformFeedback");
    function(primitiveMode);
}

static inline void GL_APIENTRY glEndTransformFeedback(void) {
    static void *entry;
    void (GL_APIENTRY *function)(void);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glEndTransformFeedback");
    function();
}

static inline void GL_APIENTRY glBindBufferRange(GLenum target, GLuint index, GLuint buffer, GLintptr offset, GLsizeiptr size) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLuint index, GLuint buffer, GLintptr offset, GLsizeiptr size);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBindBufferRange");
    function(target, index, buffer, offset, size);
}

static inline void GL_APIENTRY glBindBufferBase(GLenum target, GLuint index, GLuint buffer) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLuint index, GLuint buffer);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBindBufferBase");
    function(target, index, buffer);
}

static inline void GL_APIENTRY glTransformFeedbackVaryings(GLuint program, GLsizei count, const GLchar *const*varyings, GLenum bufferMode) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLsizei count, const GLchar *const*varyings, GLenum bufferMode);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTransformFeedbackVaryings");
    function(program, count, varyings, bufferMode);
}

static inline void GL_APIENTRY glGetTransformFeedbackVarying(GLuint program, GLuint index, GLsizei bufSize, GLsizei *length, GLsizei *size, GLenum *type, GLchar *name) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLuint index, GLsizei bufSize, GLsizei *length, GLsizei *size, GLenum *type, GLchar *name);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetTransformFeedbackVarying");
    function(program, index, bufSize, length, size, type, name);
}

static inline void GL_APIENTRY glVertexAttribIPointer(GLuint index, GLint size, GLenum type, GLsizei stride, const void *pointer) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, GLint size, GLenum type, GLsizei stride, const void *pointer);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttribIPointer");
    function(index, size, type, stride, pointer);
}

static inline void GL_APIENTRY glGetVertexAttribIiv(GLuint index, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetVertexAttribIiv");
    function(index, pname, params);
}

static inline void GL_APIENTRY glGetVertexAttribIuiv(GLuint index, GLenum pname, GLuint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, GLenum pname, GLuint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetVertexAttribIuiv");
    function(index, pname, params);
}

static inline void GL_APIENTRY glVertexAttribI4i(GLuint index, GLint x, GLint y, GLint z, GLint w) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, GLint x, GLint y, GLint z, GLint w);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttribI4i");
    function(index, x, y, z, w);
}

static inline void GL_APIENTRY glVertexAttribI4ui(GLuint index, GLuint x, GLuint y, GLuint z, GLuint w) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, GLuint x, GLuint y, GLuint z, GLuint w);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttribI4ui");
    function(index, x, y, z, w);
}

static inline void GL_APIENTRY glVertexAttribI4iv(GLuint index, const GLint *v) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, const GLint *v);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttribI4iv");
    function(index, v);
}

static inline void GL_APIENTRY glVertexAttribI4uiv(GLuint index, const GLuint *v) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, const GLuint *v);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttribI4uiv");
    function(index, v);
}

static inline void GL_APIENTRY glGetUniformuiv(GLuint program, GLint location, GLuint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLuint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetUniformuiv");
    function(program, location, params);
}

static inline GLint GL_APIENTRY glGetFragDataLocation(GLuint program, const GLchar *name) {
    static void *entry;
    GLint (GL_APIENTRY *function)(GLuint program, const GLchar *name);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetFragDataLocation");
    return function(program, name);
}

static inline void GL_APIENTRY glUniform1ui(GLint location, GLuint v0) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLuint v0);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform1ui");
    function(location, v0);
}

static inline void GL_APIENTRY glUniform2ui(GLint location, GLuint v0, GLuint v1) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLuint v0, GLuint v1);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform2ui");
    function(location, v0, v1);
}

static inline void GL_APIENTRY glUniform3ui(GLint location, GLuint v0, GLuint v1, GLuint v2) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLuint v0, GLuint v1, GLuint v2);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform3ui");
    function(location, v0, v1, v2);
}

static inline void GL_APIENTRY glUniform4ui(GLint location, GLuint v0, GLuint v1, GLuint v2, GLuint v3) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLuint v0, GLuint v1, GLuint v2, GLuint v3);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform4ui");
    function(location, v0, v1, v2, v3);
}

static inline void GL_APIENTRY glUniform1uiv(GLint location, GLsizei count, const GLuint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, const GLuint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform1uiv");
    function(location, count, value);
}

static inline void GL_APIENTRY glUniform2uiv(GLint location, GLsizei count, const GLuint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, const GLuint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform2uiv");
    function(location, count, value);
}

static inline void GL_APIENTRY glUniform3uiv(GLint location, GLsizei count, const GLuint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, const GLuint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform3uiv");
    function(location, count, value);
}

static inline void GL_APIENTRY glUniform4uiv(GLint location, GLsizei count, const GLuint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint location, GLsizei count, const GLuint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniform4uiv");
    function(location, count, value);
}

static inline void GL_APIENTRY glClearBufferiv(GLenum buffer, GLint drawbuffer, const GLint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum buffer, GLint drawbuffer, const GLint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glClearBufferiv");
    function(buffer, drawbuffer, value);
}

static inline void GL_APIENTRY glClearBufferuiv(GLenum buffer, GLint drawbuffer, const GLuint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum buffer, GLint drawbuffer, const GLuint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glClearBufferuiv");
    function(buffer, drawbuffer, value);
}

static inline void GL_APIENTRY glClearBufferfv(GLenum buffer, GLint drawbuffer, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum buffer, GLint drawbuffer, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glClearBufferfv");
    function(buffer, drawbuffer, value);
}

static inline void GL_APIENTRY glClearBufferfi(GLenum buffer, GLint drawbuffer, GLfloat depth, GLint stencil) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum buffer, GLint drawbuffer, GLfloat depth, GLint stencil);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glClearBufferfi");
    function(buffer, drawbuffer, depth, stencil);
}

static inline const GLubyte * GL_APIENTRY glGetStringi(GLenum name, GLuint index) {
    static void *entry;
    const GLubyte * (GL_APIENTRY *function)(GLenum name, GLuint index);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetStringi");
    return function(name, index);
}

static inline void GL_APIENTRY glCopyBufferSubData(GLenum readTarget, GLenum writeTarget, GLintptr readOffset, GLintptr writeOffset, GLsizeiptr size) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum readTarget, GLenum writeTarget, GLintptr readOffset, GLintptr writeOffset, GLsizeiptr size);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glCopyBufferSubData");
    function(readTarget, writeTarget, readOffset, writeOffset, size);
}

static inline void GL_APIENTRY glGetUniformIndices(GLuint program, GLsizei uniformCount, const GLchar *const*uniformNames, GLuint *uniformIndices) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLsizei uniformCount, const GLchar *const*uniformNames, GLuint *uniformIndices);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetUniformIndices");
    function(program, uniformCount, uniformNames, uniformIndices);
}

static inline void GL_APIENTRY glGetActiveUniformsiv(GLuint program, GLsizei uniformCount, const GLuint *uniformIndices, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLsizei uniformCount, const GLuint *uniformIndices, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetActiveUniformsiv");
    function(program, uniformCount, uniformIndices, pname, params);
}

static inline GLuint GL_APIENTRY glGetUniformBlockIndex(GLuint program, const GLchar *uniformBlockName) {
    static void *entry;
    GLuint (GL_APIENTRY *function)(GLuint program, const GLchar *uniformBlockName);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetUniformBlockIndex");
    return function(program, uniformBlockName);
}

static inline void GL_APIENTRY glGetActiveUniformBlockiv(GLuint program, GLuint uniformBlockIndex, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLuint uniformBlockIndex, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetActiveUniformBlockiv");
    function(program, uniformBlockIndex, pname, params);
}

static inline void GL_APIENTRY glGetActiveUniformBlockName(GLuint program, GLuint uniformBlockIndex, GLsizei bufSize, GLsizei *length, GLchar *uniformBlockName) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLuint uniformBlockIndex, GLsizei bufSize, GLsizei *length, GLchar *uniformBlockName);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetActiveUniformBlockName");
    function(program, uniformBlockIndex, bufSize, length, uniformBlockName);
}

static inline void GL_APIENTRY glUniformBlockBinding(GLuint program, GLuint uniformBlockIndex, GLuint uniformBlockBinding) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLuint uniformBlockIndex, GLuint uniformBlockBinding);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUniformBlockBinding");
    function(program, uniformBlockIndex, uniformBlockBinding);
}

static inline void GL_APIENTRY glDrawArraysInstanced(GLenum mode, GLint first, GLsizei count, GLsizei instancecount) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum mode, GLint first, GLsizei count, GLsizei instancecount);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDrawArraysInstanced");
    function(mode, first, count, instancecount);
}

static inline void GL_APIENTRY glDrawElementsInstanced(GLenum mode, GLsizei count, GLenum type, const void *indices, GLsizei instancecount) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum mode, GLsizei count, GLenum type, const void *indices, GLsizei instancecount);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDrawElementsInstanced");
    function(mode, count, type, indices, instancecount);
}

static inline GLsync GL_APIENTRY glFenceSync(GLenum condition, GLbitfield flags) {
    static void *entry;
    GLsync (GL_APIENTRY *function)(GLenum condition, GLbitfield flags);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glFenceSync");
    return function(condition, flags);
}

static inline GLboolean GL_APIENTRY glIsSync(GLsync sync) {
    static void *entry;
    GLboolean (GL_APIENTRY *function)(GLsync sync);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glIsSync");
    return function(sync);
}

static inline void GL_APIENTRY glDeleteSync(GLsync sync) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsync sync);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDeleteSync");
    function(sync);
}

static inline GLenum GL_APIENTRY glClientWaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout) {
    static void *entry;
    GLenum (GL_APIENTRY *function)(GLsync sync, GLbitfield flags, GLuint64 timeout);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glClientWaitSync");
    return function(sync, flags, timeout);
}

static inline void GL_APIENTRY glWaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsync sync, GLbitfield flags, GLuint64 timeout);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glWaitSync");
    function(sync, flags, timeout);
}

static inline void GL_APIENTRY glGetInteger64v(GLenum pname, GLint64 *data) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum pname, GLint64 *data);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetInteger64v");
    function(pname, data);
}

static inline void GL_APIENTRY glGetSynciv(GLsync sync, GLenum pname, GLsizei bufSize, GLsizei *length, GLint *values) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsync sync, GLenum pname, GLsizei bufSize, GLsizei *length, GLint *values);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetSynciv");
    function(sync, pname, bufSize, length, values);
}

static inline void GL_APIENTRY glGetInteger64i_v(GLenum target, GLuint index, GLint64 *data) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLuint index, GLint64 *data);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetInteger64i_v");
    function(target, index, data);
}

static inline void GL_APIENTRY glGetBufferParameteri64v(GLenum target, GLenum pname, GLint64 *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, GLint64 *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetBufferParameteri64v");
    function(target, pname, params);
}

static inline void GL_APIENTRY glGenSamplers(GLsizei count, GLuint *samplers) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei count, GLuint *samplers);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGenSamplers");
    function(count, samplers);
}

static inline void GL_APIENTRY glDeleteSamplers(GLsizei count, const GLuint *samplers) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei count, const GLuint *samplers);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDeleteSamplers");
    function(count, samplers);
}

static inline GLboolean GL_APIENTRY glIsSampler(GLuint sampler) {
    static void *entry;
    GLboolean (GL_APIENTRY *function)(GLuint sampler);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glIsSampler");
    return function(sampler);
}

static inline void GL_APIENTRY glBindSampler(GLuint unit, GLuint sampler) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint unit, GLuint sampler);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBindSampler");
    function(unit, sampler);
}

static inline void GL_APIENTRY glSamplerParameteri(GLuint sampler, GLenum pname, GLint param) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint sampler, GLenum pname, GLint param);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glSamplerParameteri");
    function(sampler, pname, param);
}

static inline void GL_APIENTRY glSamplerParameteriv(GLuint sampler, GLenum pname, const GLint *param) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint sampler, GLenum pname, const GLint *param);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glSamplerParameteriv");
    function(sampler, pname, param);
}

static inline void GL_APIENTRY glSamplerParameterf(GLuint sampler, GLenum pname, GLfloat param) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint sampler, GLenum pname, GLfloat param);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glSamplerParameterf");
    function(sampler, pname, param);
}

static inline void GL_APIENTRY glSamplerParameterfv(GLuint sampler, GLenum pname, const GLfloat *param) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint sampler, GLenum pname, const GLfloat *param);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glSamplerParameterfv");
    function(sampler, pname, param);
}

static inline void GL_APIENTRY glGetSamplerParameteriv(GLuint sampler, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint sampler, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetSamplerParameteriv");
    function(sampler, pname, params);
}

static inline void GL_APIENTRY glGetSamplerParameterfv(GLuint sampler, GLenum pname, GLfloat *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint sampler, GLenum pname, GLfloat *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetSamplerParameterfv");
    function(sampler, pname, params);
}

static inline void GL_APIENTRY glVertexAttribDivisor(GLuint index, GLuint divisor) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, GLuint divisor);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttribDivisor");
    function(index, divisor);
}

static inline void GL_APIENTRY glBindTransformFeedback(GLenum target, GLuint id) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLuint id);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBindTransformFeedback");
    function(target, id);
}

static inline void GL_APIENTRY glDeleteTransformFeedbacks(GLsizei n, const GLuint *ids) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, const GLuint *ids);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDeleteTransformFeedbacks");
    function(n, ids);
}

static inline void GL_APIENTRY glGenTransformFeedbacks(GLsizei n, GLuint *ids) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, GLuint *ids);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGenTransformFeedbacks");
    function(n, ids);
}

static inline GLboolean GL_APIENTRY glIsTransformFeedback(GLuint id) {
    static void *entry;
    GLboolean (GL_APIENTRY *function)(GLuint id);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glIsTransformFeedback");
    return function(id);
}

static inline void GL_APIENTRY glPauseTransformFeedback(void) {
    static void *entry;
    void (GL_APIENTRY *function)(void);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glPauseTransformFeedback");
    function();
}

static inline void GL_APIENTRY glResumeTransformFeedback(void) {
    static void *entry;
    void (GL_APIENTRY *function)(void);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glResumeTransformFeedback");
    function();
}

static inline void GL_APIENTRY glGetProgramBinary(GLuint program, GLsizei bufSize, GLsizei *length, GLenum *binaryFormat, void *binary) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLsizei bufSize, GLsizei *length, GLenum *binaryFormat, void *binary);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetProgramBinary");
    function(program, bufSize, length, binaryFormat, binary);
}

static inline void GL_APIENTRY glProgramBinary(GLuint program, GLenum binaryFormat, const void *binary, GLsizei length) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLenum binaryFormat, const void *binary, GLsizei length);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramBinary");
    function(program, binaryFormat, binary, length);
}

static inline void GL_APIENTRY glProgramParameteri(GLuint program, GLenum pname, GLint value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLenum pname, GLint value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramParameteri");
    function(program, pname, value);
}

static inline void GL_APIENTRY glInvalidateFramebuffer(GLenum target, GLsizei numAttachments, const GLenum *attachments) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLsizei numAttachments, const GLenum *attachments);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glInvalidateFramebuffer");
    function(target, numAttachments, attachments);
}

static inline void GL_APIENTRY glInvalidateSubFramebuffer(GLenum target, GLsizei numAttachments, const GLenum *attachments, GLint x, GLint y, GLsizei width, GLsizei height) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLsizei numAttachments, const GLenum *attachments, GLint x, GLint y, GLsizei width, GLsizei height);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glInvalidateSubFramebuffer");
    function(target, numAttachments, attachments, x, y, width, height);
}

static inline void GL_APIENTRY glTexStorage2D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width, GLsizei height) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width, GLsizei height);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexStorage2D");
    function(target, levels, internalformat, width, height);
}

static inline void GL_APIENTRY glTexStorage3D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width, GLsizei height, GLsizei depth) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width, GLsizei height, GLsizei depth);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexStorage3D");
    function(target, levels, internalformat, width, height, depth);
}

static inline void GL_APIENTRY glGetInternalformativ(GLenum target, GLenum internalformat, GLenum pname, GLsizei bufSize, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum internalformat, GLenum pname, GLsizei bufSize, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetInternalformativ");
    function(target, internalformat, pname, bufSize, params);
}

static inline void GL_APIENTRY glDispatchCompute(GLuint num_groups_x, GLuint num_groups_y, GLuint num_groups_z) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint num_groups_x, GLuint num_groups_y, GLuint num_groups_z);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDispatchCompute");
    function(num_groups_x, num_groups_y, num_groups_z);
}

static inline void GL_APIENTRY glDispatchComputeIndirect(GLintptr indirect) {
    static void *entry;
    void (GL_APIENTRY *function)(GLintptr indirect);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDispatchComputeIndirect");
    function(indirect);
}

static inline void GL_APIENTRY glDrawArraysIndirect(GLenum mode, const void *indirect) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum mode, const void *indirect);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDrawArraysIndirect");
    function(mode, indirect);
}

static inline void GL_APIENTRY glDrawElementsIndirect(GLenum mode, GLenum type, const void *indirect) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum mode, GLenum type, const void *indirect);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDrawElementsIndirect");
    function(mode, type, indirect);
}

static inline void GL_APIENTRY glFramebufferParameteri(GLenum target, GLenum pname, GLint param) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, GLint param);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glFramebufferParameteri");
    function(target, pname, param);
}

static inline void GL_APIENTRY glGetFramebufferParameteriv(GLenum target, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetFramebufferParameteriv");
    function(target, pname, params);
}

static inline void GL_APIENTRY glGetProgramInterfaceiv(GLuint program, GLenum programInterface, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLenum programInterface, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetProgramInterfaceiv");
    function(program, programInterface, pname, params);
}

static inline GLuint GL_APIENTRY glGetProgramResourceIndex(GLuint program, GLenum programInterface, const GLchar *name) {
    static void *entry;
    GLuint (GL_APIENTRY *function)(GLuint program, GLenum programInterface, const GLchar *name);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetProgramResourceIndex");
    return function(program, programInterface, name);
}

static inline void GL_APIENTRY glGetProgramResourceName(GLuint program, GLenum programInterface, GLuint index, GLsizei bufSize, GLsizei *length, GLchar *name) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLenum programInterface, GLuint index, GLsizei bufSize, GLsizei *length, GLchar *name);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetProgramResourceName");
    function(program, programInterface, index, bufSize, length, name);
}

static inline void GL_APIENTRY glGetProgramResourceiv(GLuint program, GLenum programInterface, GLuint index, GLsizei propCount, const GLenum *props, GLsizei bufSize, GLsizei *length, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLenum programInterface, GLuint index, GLsizei propCount, const GLenum *props, GLsizei bufSize, GLsizei *length, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetProgramResourceiv");
    function(program, programInterface, index, propCount, props, bufSize, length, params);
}

static inline GLint GL_APIENTRY glGetProgramResourceLocation(GLuint program, GLenum programInterface, const GLchar *name) {
    static void *entry;
    GLint (GL_APIENTRY *function)(GLuint program, GLenum programInterface, const GLchar *name);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetProgramResourceLocation");
    return function(program, programInterface, name);
}

static inline void GL_APIENTRY glUseProgramStages(GLuint pipeline, GLbitfield stages, GLuint program) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint pipeline, GLbitfield stages, GLuint program);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glUseProgramStages");
    function(pipeline, stages, program);
}

static inline void GL_APIENTRY glActiveShaderProgram(GLuint pipeline, GLuint program) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint pipeline, GLuint program);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glActiveShaderProgram");
    function(pipeline, program);
}

static inline GLuint GL_APIENTRY glCreateShaderProgramv(GLenum type, GLsizei count, const GLchar *const*strings) {
    static void *entry;
    GLuint (GL_APIENTRY *function)(GLenum type, GLsizei count, const GLchar *const*strings);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glCreateShaderProgramv");
    return function(type, count, strings);
}

static inline void GL_APIENTRY glBindProgramPipeline(GLuint pipeline) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint pipeline);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBindProgramPipeline");
    function(pipeline);
}

static inline void GL_APIENTRY glDeleteProgramPipelines(GLsizei n, const GLuint *pipelines) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, const GLuint *pipelines);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDeleteProgramPipelines");
    function(n, pipelines);
}

static inline void GL_APIENTRY glGenProgramPipelines(GLsizei n, GLuint *pipelines) {
    static void *entry;
    void (GL_APIENTRY *function)(GLsizei n, GLuint *pipelines);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGenProgramPipelines");
    function(n, pipelines);
}

static inline GLboolean GL_APIENTRY glIsProgramPipeline(GLuint pipeline) {
    static void *entry;
    GLboolean (GL_APIENTRY *function)(GLuint pipeline);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glIsProgramPipeline");
    return function(pipeline);
}

static inline void GL_APIENTRY glGetProgramPipelineiv(GLuint pipeline, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint pipeline, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetProgramPipelineiv");
    function(pipeline, pname, params);
}

static inline void GL_APIENTRY glProgramUniform1i(GLuint program, GLint location, GLint v0) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLint v0);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform1i");
    function(program, location, v0);
}

static inline void GL_APIENTRY glProgramUniform2i(GLuint program, GLint location, GLint v0, GLint v1) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLint v0, GLint v1);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform2i");
    function(program, location, v0, v1);
}

static inline void GL_APIENTRY glProgramUniform3i(GLuint program, GLint location, GLint v0, GLint v1, GLint v2) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLint v0, GLint v1, GLint v2);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform3i");
    function(program, location, v0, v1, v2);
}

static inline void GL_APIENTRY glProgramUniform4i(GLuint program, GLint location, GLint v0, GLint v1, GLint v2, GLint v3) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLint v0, GLint v1, GLint v2, GLint v3);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform4i");
    function(program, location, v0, v1, v2, v3);
}

static inline void GL_APIENTRY glProgramUniform1ui(GLuint program, GLint location, GLuint v0) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLuint v0);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform1ui");
    function(program, location, v0);
}

static inline void GL_APIENTRY glProgramUniform2ui(GLuint program, GLint location, GLuint v0, GLuint v1) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLuint v0, GLuint v1);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform2ui");
    function(program, location, v0, v1);
}

static inline void GL_APIENTRY glProgramUniform3ui(GLuint program, GLint location, GLuint v0, GLuint v1, GLuint v2) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLuint v0, GLuint v1, GLuint v2);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform3ui");
    function(program, location, v0, v1, v2);
}

static inline void GL_APIENTRY glProgramUniform4ui(GLuint program, GLint location, GLuint v0, GLuint v1, GLuint v2, GLuint v3) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLuint v0, GLuint v1, GLuint v2, GLuint v3);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform4ui");
    function(program, location, v0, v1, v2, v3);
}

static inline void GL_APIENTRY glProgramUniform1f(GLuint program, GLint location, GLfloat v0) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLfloat v0);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform1f");
    function(program, location, v0);
}

static inline void GL_APIENTRY glProgramUniform2f(GLuint program, GLint location, GLfloat v0, GLfloat v1) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLfloat v0, GLfloat v1);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform2f");
    function(program, location, v0, v1);
}

static inline void GL_APIENTRY glProgramUniform3f(GLuint program, GLint location, GLfloat v0, GLfloat v1, GLfloat v2) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLfloat v0, GLfloat v1, GLfloat v2);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform3f");
    function(program, location, v0, v1, v2);
}

static inline void GL_APIENTRY glProgramUniform4f(GLuint program, GLint location, GLfloat v0, GLfloat v1, GLfloat v2, GLfloat v3) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLfloat v0, GLfloat v1, GLfloat v2, GLfloat v3);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform4f");
    function(program, location, v0, v1, v2, v3);
}

static inline void GL_APIENTRY glProgramUniform1iv(GLuint program, GLint location, GLsizei count, const GLint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, const GLint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform1iv");
    function(program, location, count, value);
}

static inline void GL_APIENTRY glProgramUniform2iv(GLuint program, GLint location, GLsizei count, const GLint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, const GLint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform2iv");
    function(program, location, count, value);
}

static inline void GL_APIENTRY glProgramUniform3iv(GLuint program, GLint location, GLsizei count, const GLint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, const GLint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform3iv");
    function(program, location, count, value);
}

static inline void GL_APIENTRY glProgramUniform4iv(GLuint program, GLint location, GLsizei count, const GLint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, const GLint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform4iv");
    function(program, location, count, value);
}

static inline void GL_APIENTRY glProgramUniform1uiv(GLuint program, GLint location, GLsizei count, const GLuint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, const GLuint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform1uiv");
    function(program, location, count, value);
}

static inline void GL_APIENTRY glProgramUniform2uiv(GLuint program, GLint location, GLsizei count, const GLuint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, const GLuint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform2uiv");
    function(program, location, count, value);
}

static inline void GL_APIENTRY glProgramUniform3uiv(GLuint program, GLint location, GLsizei count, const GLuint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, const GLuint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform3uiv");
    function(program, location, count, value);
}

static inline void GL_APIENTRY glProgramUniform4uiv(GLuint program, GLint location, GLsizei count, const GLuint *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, const GLuint *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform4uiv");
    function(program, location, count, value);
}

static inline void GL_APIENTRY glProgramUniform1fv(GLuint program, GLint location, GLsizei count, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform1fv");
    function(program, location, count, value);
}

static inline void GL_APIENTRY glProgramUniform2fv(GLuint program, GLint location, GLsizei count, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform2fv");
    function(program, location, count, value);
}

static inline void GL_APIENTRY glProgramUniform3fv(GLuint program, GLint location, GLsizei count, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform3fv");
    function(program, location, count, value);
}

static inline void GL_APIENTRY glProgramUniform4fv(GLuint program, GLint location, GLsizei count, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniform4fv");
    function(program, location, count, value);
}

static inline void GL_APIENTRY glProgramUniformMatrix2fv(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniformMatrix2fv");
    function(program, location, count, transpose, value);
}

static inline void GL_APIENTRY glProgramUniformMatrix3fv(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniformMatrix3fv");
    function(program, location, count, transpose, value);
}

static inline void GL_APIENTRY glProgramUniformMatrix4fv(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniformMatrix4fv");
    function(program, location, count, transpose, value);
}

static inline void GL_APIENTRY glProgramUniformMatrix2x3fv(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniformMatrix2x3fv");
    function(program, location, count, transpose, value);
}

static inline void GL_APIENTRY glProgramUniformMatrix3x2fv(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniformMatrix3x2fv");
    function(program, location, count, transpose, value);
}

static inline void GL_APIENTRY glProgramUniformMatrix2x4fv(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniformMatrix2x4fv");
    function(program, location, count, transpose, value);
}

static inline void GL_APIENTRY glProgramUniformMatrix4x2fv(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniformMatrix4x2fv");
    function(program, location, count, transpose, value);
}

static inline void GL_APIENTRY glProgramUniformMatrix3x4fv(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniformMatrix3x4fv");
    function(program, location, count, transpose, value);
}

static inline void GL_APIENTRY glProgramUniformMatrix4x3fv(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei count, GLboolean transpose, const GLfloat *value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glProgramUniformMatrix4x3fv");
    function(program, location, count, transpose, value);
}

static inline void GL_APIENTRY glValidateProgramPipeline(GLuint pipeline) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint pipeline);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glValidateProgramPipeline");
    function(pipeline);
}

static inline void GL_APIENTRY glGetProgramPipelineInfoLog(GLuint pipeline, GLsizei bufSize, GLsizei *length, GLchar *infoLog) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint pipeline, GLsizei bufSize, GLsizei *length, GLchar *infoLog);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetProgramPipelineInfoLog");
    function(pipeline, bufSize, length, infoLog);
}

static inline void GL_APIENTRY glBindImageTexture(GLuint unit, GLuint texture, GLint level, GLboolean layered, GLint layer, GLenum access, GLenum format) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint unit, GLuint texture, GLint level, GLboolean layered, GLint layer, GLenum access, GLenum format);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBindImageTexture");
    function(unit, texture, level, layered, layer, access, format);
}

static inline void GL_APIENTRY glGetBooleani_v(GLenum target, GLuint index, GLboolean *data) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLuint index, GLboolean *data);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetBooleani_v");
    function(target, index, data);
}

static inline void GL_APIENTRY glMemoryBarrier(GLbitfield barriers) {
    static void *entry;
    void (GL_APIENTRY *function)(GLbitfield barriers);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glMemoryBarrier");
    function(barriers);
}

static inline void GL_APIENTRY glMemoryBarrierByRegion(GLbitfield barriers) {
    static void *entry;
    void (GL_APIENTRY *function)(GLbitfield barriers);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glMemoryBarrierByRegion");
    function(barriers);
}

static inline void GL_APIENTRY glTexStorage2DMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width, GLsizei height, GLboolean fixedsamplelocations) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width, GLsizei height, GLboolean fixedsamplelocations);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexStorage2DMultisample");
    function(target, samples, internalformat, width, height, fixedsamplelocations);
}

static inline void GL_APIENTRY glGetMultisamplefv(GLenum pname, GLuint index, GLfloat *val) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum pname, GLuint index, GLfloat *val);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetMultisamplefv");
    function(pname, index, val);
}

static inline void GL_APIENTRY glSampleMaski(GLuint maskNumber, GLbitfield mask) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint maskNumber, GLbitfield mask);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glSampleMaski");
    function(maskNumber, mask);
}

static inline void GL_APIENTRY glGetTexLevelParameteriv(GLenum target, GLint level, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLint level, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetTexLevelParameteriv");
    function(target, level, pname, params);
}

static inline void GL_APIENTRY glGetTexLevelParameterfv(GLenum target, GLint level, GLenum pname, GLfloat *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLint level, GLenum pname, GLfloat *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetTexLevelParameterfv");
    function(target, level, pname, params);
}

static inline void GL_APIENTRY glBindVertexBuffer(GLuint bindingindex, GLuint buffer, GLintptr offset, GLsizei stride) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint bindingindex, GLuint buffer, GLintptr offset, GLsizei stride);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBindVertexBuffer");
    function(bindingindex, buffer, offset, stride);
}

static inline void GL_APIENTRY glVertexAttribFormat(GLuint attribindex, GLint size, GLenum type, GLboolean normalized, GLuint relativeoffset) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint attribindex, GLint size, GLenum type, GLboolean normalized, GLuint relativeoffset);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttribFormat");
    function(attribindex, size, type, normalized, relativeoffset);
}

static inline void GL_APIENTRY glVertexAttribIFormat(GLuint attribindex, GLint size, GLenum type, GLuint relativeoffset) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint attribindex, GLint size, GLenum type, GLuint relativeoffset);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttribIFormat");
    function(attribindex, size, type, relativeoffset);
}

static inline void GL_APIENTRY glVertexAttribBinding(GLuint attribindex, GLuint bindingindex) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint attribindex, GLuint bindingindex);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexAttribBinding");
    function(attribindex, bindingindex);
}

static inline void GL_APIENTRY glVertexBindingDivisor(GLuint bindingindex, GLuint divisor) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint bindingindex, GLuint divisor);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glVertexBindingDivisor");
    function(bindingindex, divisor);
}

static inline void GL_APIENTRY glBlendBarrier(void) {
    static void *entry;
    void (GL_APIENTRY *function)(void);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBlendBarrier");
    function();
}

static inline void GL_APIENTRY glCopyImageSubData(GLuint srcName, GLenum srcTarget, GLint srcLevel, GLint srcX, GLint srcY, GLint srcZ, GLuint dstName, GLenum dstTarget, GLint dstLevel, GLint dstX, GLint dstY, GLint dstZ, GLsizei srcWidth, GLsizei srcHeight, GLsizei srcDepth) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint srcName, GLenum srcTarget, GLint srcLevel, GLint srcX, GLint srcY, GLint srcZ, GLuint dstName, GLenum dstTarget, GLint dstLevel, GLint dstX, GLint dstY, GLint dstZ, GLsizei srcWidth, GLsizei srcHeight, GLsizei srcDepth);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glCopyImageSubData");
    function(srcName, srcTarget, srcLevel, srcX, srcY, srcZ, dstName, dstTarget, dstLevel, dstX, dstY, dstZ, srcWidth, srcHeight, srcDepth);
}

static inline void GL_APIENTRY glDebugMessageControl(GLenum source, GLenum type, GLenum severity, GLsizei count, const GLuint *ids, GLboolean enabled) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum source, GLenum type, GLenum severity, GLsizei count, const GLuint *ids, GLboolean enabled);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDebugMessageControl");
    function(source, type, severity, count, ids, enabled);
}

static inline void GL_APIENTRY glDebugMessageInsert(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length, const GLchar *buf) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length, const GLchar *buf);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDebugMessageInsert");
    function(source, type, id, severity, length, buf);
}

static inline void GL_APIENTRY glDebugMessageCallback(GLDEBUGPROC callback, const void *userParam) {
    static void *entry;
    void (GL_APIENTRY *function)(GLDEBUGPROC callback, const void *userParam);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDebugMessageCallback");
    function(callback, userParam);
}

static inline GLuint GL_APIENTRY glGetDebugMessageLog(GLuint count, GLsizei bufSize, GLenum *sources, GLenum *types, GLuint *ids, GLenum *severities, GLsizei *lengths, GLchar *messageLog) {
    static void *entry;
    GLuint (GL_APIENTRY *function)(GLuint count, GLsizei bufSize, GLenum *sources, GLenum *types, GLuint *ids, GLenum *severities, GLsizei *lengths, GLchar *messageLog);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetDebugMessageLog");
    return function(count, bufSize, sources, types, ids, severities, lengths, messageLog);
}

static inline void GL_APIENTRY glPushDebugGroup(GLenum source, GLuint id, GLsizei length, const GLchar *message) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum source, GLuint id, GLsizei length, const GLchar *message);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glPushDebugGroup");
    function(source, id, length, message);
}

static inline void GL_APIENTRY glPopDebugGroup(void) {
    static void *entry;
    void (GL_APIENTRY *function)(void);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glPopDebugGroup");
    function();
}

static inline void GL_APIENTRY glObjectLabel(GLenum identifier, GLuint name, GLsizei length, const GLchar *label) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum identifier, GLuint name, GLsizei length, const GLchar *label);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glObjectLabel");
    function(identifier, name, length, label);
}

static inline void GL_APIENTRY glGetObjectLabel(GLenum identifier, GLuint name, GLsizei bufSize, GLsizei *length, GLchar *label) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum identifier, GLuint name, GLsizei bufSize, GLsizei *length, GLchar *label);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetObjectLabel");
    function(identifier, name, bufSize, length, label);
}

static inline void GL_APIENTRY glObjectPtrLabel(const void *ptr, GLsizei length, const GLchar *label) {
    static void *entry;
    void (GL_APIENTRY *function)(const void *ptr, GLsizei length, const GLchar *label);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glObjectPtrLabel");
    function(ptr, length, label);
}

static inline void GL_APIENTRY glGetObjectPtrLabel(const void *ptr, GLsizei bufSize, GLsizei *length, GLchar *label) {
    static void *entry;
    void (GL_APIENTRY *function)(const void *ptr, GLsizei bufSize, GLsizei *length, GLchar *label);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetObjectPtrLabel");
    function(ptr, bufSize, length, label);
}

static inline void GL_APIENTRY glGetPointerv(GLenum pname, void **params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum pname, void **params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetPointerv");
    function(pname, params);
}

static inline void GL_APIENTRY glEnablei(GLenum target, GLuint index) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLuint index);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glEnablei");
    function(target, index);
}

static inline void GL_APIENTRY glDisablei(GLenum target, GLuint index) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLuint index);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDisablei");
    function(target, index);
}

static inline void GL_APIENTRY glBlendEquationi(GLuint buf, GLenum mode) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint buf, GLenum mode);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBlendEquationi");
    function(buf, mode);
}

static inline void GL_APIENTRY glBlendEquationSeparatei(GLuint buf, GLenum modeRGB, GLenum modeAlpha) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint buf, GLenum modeRGB, GLenum modeAlpha);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBlendEquationSeparatei");
    function(buf, modeRGB, modeAlpha);
}

static inline void GL_APIENTRY glBlendFunci(GLuint buf, GLenum src, GLenum dst) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint buf, GLenum src, GLenum dst);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBlendFunci");
    function(buf, src, dst);
}

static inline void GL_APIENTRY glBlendFuncSeparatei(GLuint buf, GLenum srcRGB, GLenum dstRGB, GLenum srcAlpha, GLenum dstAlpha) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint buf, GLenum srcRGB, GLenum dstRGB, GLenum srcAlpha, GLenum dstAlpha);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glBlendFuncSeparatei");
    function(buf, srcRGB, dstRGB, srcAlpha, dstAlpha);
}

static inline void GL_APIENTRY glColorMaski(GLuint index, GLboolean r, GLboolean g, GLboolean b, GLboolean a) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint index, GLboolean r, GLboolean g, GLboolean b, GLboolean a);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glColorMaski");
    function(index, r, g, b, a);
}

static inline GLboolean GL_APIENTRY glIsEnabledi(GLenum target, GLuint index) {
    static void *entry;
    GLboolean (GL_APIENTRY *function)(GLenum target, GLuint index);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glIsEnabledi");
    return function(target, index);
}

static inline void GL_APIENTRY glDrawElementsBaseVertex(GLenum mode, GLsizei count, GLenum type, const void *indices, GLint basevertex) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum mode, GLsizei count, GLenum type, const void *indices, GLint basevertex);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDrawElementsBaseVertex");
    function(mode, count, type, indices, basevertex);
}

static inline void GL_APIENTRY glDrawRangeElementsBaseVertex(GLenum mode, GLuint start, GLuint end, GLsizei count, GLenum type, const void *indices, GLint basevertex) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum mode, GLuint start, GLuint end, GLsizei count, GLenum type, const void *indices, GLint basevertex);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDrawRangeElementsBaseVertex");
    function(mode, start, end, count, type, indices, basevertex);
}

static inline void GL_APIENTRY glDrawElementsInstancedBaseVertex(GLenum mode, GLsizei count, GLenum type, const void *indices, GLsizei instancecount, GLint basevertex) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum mode, GLsizei count, GLenum type, const void *indices, GLsizei instancecount, GLint basevertex);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glDrawElementsInstancedBaseVertex");
    function(mode, count, type, indices, instancecount, basevertex);
}

static inline void GL_APIENTRY glFramebufferTexture(GLenum target, GLenum attachment, GLuint texture, GLint level) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum attachment, GLuint texture, GLint level);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glFramebufferTexture");
    function(target, attachment, texture, level);
}

static inline void GL_APIENTRY glPrimitiveBoundingBox(GLfloat minX, GLfloat minY, GLfloat minZ, GLfloat minW, GLfloat maxX, GLfloat maxY, GLfloat maxZ, GLfloat maxW) {
    static void *entry;
    void (GL_APIENTRY *function)(GLfloat minX, GLfloat minY, GLfloat minZ, GLfloat minW, GLfloat maxX, GLfloat maxY, GLfloat maxZ, GLfloat maxW);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glPrimitiveBoundingBox");
    function(minX, minY, minZ, minW, maxX, maxY, maxZ, maxW);
}

static inline GLenum GL_APIENTRY glGetGraphicsResetStatus(void) {
    static void *entry;
    GLenum (GL_APIENTRY *function)(void);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetGraphicsResetStatus");
    return function();
}

static inline void GL_APIENTRY glReadnPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type, GLsizei bufSize, void *data) {
    static void *entry;
    void (GL_APIENTRY *function)(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type, GLsizei bufSize, void *data);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glReadnPixels");
    function(x, y, width, height, format, type, bufSize, data);
}

static inline void GL_APIENTRY glGetnUniformfv(GLuint program, GLint location, GLsizei bufSize, GLfloat *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei bufSize, GLfloat *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetnUniformfv");
    function(program, location, bufSize, params);
}

static inline void GL_APIENTRY glGetnUniformiv(GLuint program, GLint location, GLsizei bufSize, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei bufSize, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetnUniformiv");
    function(program, location, bufSize, params);
}

static inline void GL_APIENTRY glGetnUniformuiv(GLuint program, GLint location, GLsizei bufSize, GLuint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint program, GLint location, GLsizei bufSize, GLuint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetnUniformuiv");
    function(program, location, bufSize, params);
}

static inline void GL_APIENTRY glMinSampleShading(GLfloat value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLfloat value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glMinSampleShading");
    function(value);
}

static inline void GL_APIENTRY glPatchParameteri(GLenum pname, GLint value) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum pname, GLint value);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glPatchParameteri");
    function(pname, value);
}

static inline void GL_APIENTRY glTexParameterIiv(GLenum target, GLenum pname, const GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, const GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexParameterIiv");
    function(target, pname, params);
}

static inline void GL_APIENTRY glTexParameterIuiv(GLenum target, GLenum pname, const GLuint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, const GLuint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexParameterIuiv");
    function(target, pname, params);
}

static inline void GL_APIENTRY glGetTexParameterIiv(GLenum target, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetTexParameterIiv");
    function(target, pname, params);
}

static inline void GL_APIENTRY glGetTexParameterIuiv(GLenum target, GLenum pname, GLuint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum pname, GLuint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetTexParameterIuiv");
    function(target, pname, params);
}

static inline void GL_APIENTRY glSamplerParameterIiv(GLuint sampler, GLenum pname, const GLint *param) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint sampler, GLenum pname, const GLint *param);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glSamplerParameterIiv");
    function(sampler, pname, param);
}

static inline void GL_APIENTRY glSamplerParameterIuiv(GLuint sampler, GLenum pname, const GLuint *param) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint sampler, GLenum pname, const GLuint *param);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glSamplerParameterIuiv");
    function(sampler, pname, param);
}

static inline void GL_APIENTRY glGetSamplerParameterIiv(GLuint sampler, GLenum pname, GLint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint sampler, GLenum pname, GLint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetSamplerParameterIiv");
    function(sampler, pname, params);
}

static inline void GL_APIENTRY glGetSamplerParameterIuiv(GLuint sampler, GLenum pname, GLuint *params) {
    static void *entry;
    void (GL_APIENTRY *function)(GLuint sampler, GLenum pname, GLuint *params);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glGetSamplerParameterIuiv");
    function(sampler, pname, params);
}

static inline void GL_APIENTRY glTexBuffer(GLenum target, GLenum internalformat, GLuint buffer) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum internalformat, GLuint buffer);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexBuffer");
    function(target, internalformat, buffer);
}

static inline void GL_APIENTRY glTexBufferRange(GLenum target, GLenum internalformat, GLuint buffer, GLintptr offset, GLsizeiptr size) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLenum internalformat, GLuint buffer, GLintptr offset, GLsizeiptr size);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexBufferRange");
    function(target, internalformat, buffer, offset, size);
}

static inline void GL_APIENTRY glTexStorage3DMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width, GLsizei height, GLsizei depth, GLboolean fixedsamplelocations) {
    static void *entry;
    void (GL_APIENTRY *function)(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width, GLsizei height, GLsizei depth, GLboolean fixedsamplelocations);
    function = (__typeof__(function))dd_gles_entry_point(&entry, "glTexStorage3DMultisample");
    function(target, samples, internalformat, width, height, depth, fixedsamplelocations);
}
