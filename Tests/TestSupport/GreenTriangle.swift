import CGLES

/// The GL tests' drawing: a flat green triangle over the top half of the
/// framebuffer (apex at the top edge, base across the middle) on a clear colour,
/// so both the colours and which way up the pixels come out can be checked.
package enum GreenTriangle {
    package static let vertexShader = """
        #version 300 es
        layout(location = 0) in vec2 position;
        void main() { gl_Position = vec4(position, 0.0, 1.0); }
        """
    package static let fragmentShader = """
        #version 300 es
        precision mediump float;
        out vec4 color;
        void main() { color = vec4(0.0, 1.0, 0.0, 1.0); }
        """

    /// Clears to (`red`, `green`, `blue`) and draws the triangle with `program`
    /// (a GL program name made from the two shaders above).
    package static func draw(program: GLuint, clear red: Float, _ green: Float, _ blue: Float) {
        glClearColor(red, green, blue, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glUseProgram(program)
        // GL's y goes up: (0, 1) is the top edge's middle.
        let vertices: [GLfloat] = [-1, 0, 1, 0, 0, 1]
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, vertices)
        glEnableVertexAttribArray(0)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        glDisableVertexAttribArray(0)
    }
}
