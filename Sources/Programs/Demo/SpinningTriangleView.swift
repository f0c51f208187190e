import DirectDisplay
import Foundation

/// The demo's OpenGL ES view: a triangle with red, green and blue corners on a
/// dark grey clear colour, turning once every four seconds. A timer asks for a
/// new drawing each refresh period (60 Hz); the GL program is made on the first
/// drawing, and without OpenGL ES the view shows only its background.
@MainActor package final class SpinningTriangleView: GLView {
    private var program: GLProgram?
    private var programFailed = false
    private let start = Date()
    private var timer: DispatchSourceTimer?

    override package init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = Color(white: 0.2)
        isUserInteractionEnabled = false
    }

    /// Redraws 60 times a second while the view is in a window.
    override package func didMoveToWindow() {
        timer?.cancel()
        timer = nil
        guard window != nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now(), repeating: 1.0 / 60)
        timer.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.setNeedsDisplay() } }
        timer.resume()
        self.timer = timer
    }

    override package func draw(inGL rect: CGRect) {
        glClearColor(0.2, 0.2, 0.2, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        guard let program = loadedProgram() else { return }
        program.use()
        let angle = Float(Date().timeIntervalSince(start)) * .pi / 2
        glUniform1f(program.uniformLocation("angle"), angle)
        // x, y, r, g, b per corner; the shader turns them about the centre.
        let corners: [GLfloat] = [0, 0.8, 1, 0, 0, -0.7, -0.45, 0, 1, 0, 0.7, -0.45, 0, 0, 1]
        let stride = GLsizei(5 * MemoryLayout<GLfloat>.size)
        corners.withUnsafeBufferPointer { values in
            glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, values.baseAddress)
            glVertexAttribPointer(1, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, values.baseAddress! + 2)
            glEnableVertexAttribArray(0)
            glEnableVertexAttribArray(1)
            glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
            glDisableVertexAttribArray(0)
            glDisableVertexAttribArray(1)
        }
    }

    private func loadedProgram() -> GLProgram? {
        if program == nil && !programFailed {
            do {
                program = try GLView.makeProgram(vertexShader: Self.vertexShader, fragmentShader: Self.fragmentShader)
            } catch {
                programFailed = true
                DemoLog.write("demo: no spinning triangle: \(error)")
            }
        }
        return program
    }

    private static let vertexShader = """
        #version 300 es
        layout(location = 0) in vec2 position;
        layout(location = 1) in vec3 corner;
        uniform float angle;
        out vec3 shade;
        void main() {
            float c = cos(angle);
            float s = sin(angle);
            gl_Position = vec4(c * position.x - s * position.y, s * position.x + c * position.y, 0.0, 1.0);
            shade = corner;
        }
        """
    private static let fragmentShader = """
        #version 300 es
        precision mediump float;
        in vec3 shade;
        out vec4 color;
        void main() { color = vec4(shade, 1.0); }
        """
}
