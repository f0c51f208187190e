import CGLES

/// A linked GLSL ES program made from a vertex and a fragment shader: the one
/// owner of the program name. Compile and link errors carry GL's info log.
public final class GLProgram {
    package let context: GLContext
    public let name: GLuint

    /// Compiles and links the two shaders (sources in GLSL ES, e.g. `#version 300 es`)
    /// with `context` current.
    package init(context: GLContext, vertexShader: String, fragmentShader: String) throws(GLProgramError) {
        let outer = GLCurrentBinding.ofThisThread
        defer { outer.restore() }
        do { try context.makeCurrent() } catch { throw .context(error) }
        let vertex = try Self.compile(vertexShader, kind: GLenum(GL_VERTEX_SHADER))
        defer { glDeleteShader(vertex) }
        let fragment = try Self.compile(fragmentShader, kind: GLenum(GL_FRAGMENT_SHADER))
        defer { glDeleteShader(fragment) }
        let program = glCreateProgram()
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked != 0 else {
            let log = Self.log(program, length: glGetProgramiv, read: glGetProgramInfoLog)
            glDeleteProgram(program)
            throw .link(log)
        }
        self.context = context
        name = program
    }

    deinit {
        let outer = GLCurrentBinding.ofThisThread
        defer { outer.restore() }
        guard (try? context.makeCurrent()) != nil else { return }
        glDeleteProgram(name)
    }

    /// Makes the program the one GL draws with.
    public func use() { glUseProgram(name) }

    /// The location of a uniform (-1 when the program has none of that name).
    public func uniformLocation(_ uniform: String) -> GLint { glGetUniformLocation(name, uniform) }

    private static func compile(_ source: String, kind: GLenum) throws(GLProgramError) -> GLuint {
        let shader = glCreateShader(kind)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled != 0 else {
            let log = Self.log(shader, length: glGetShaderiv, read: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw .compile(kind == GLenum(GL_VERTEX_SHADER) ? "vertex" : "fragment", log)
        }
        return shader
    }

    private static func log(
        _ object: GLuint, length: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var size: GLint = 0
        length(object, GLenum(GL_INFO_LOG_LENGTH), &size)
        guard size > 1 else { return "no log" }
        var text = [GLchar](repeating: 0, count: Int(size))
        read(object, GLsizei(size), nil, &text)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Why a GLProgram could not be made: GL's info log in one line.
public enum GLProgramError: Error, CustomStringConvertible {
    case context(GLError)
    case compile(String, String)
    case link(String)

    public var description: String {
        switch self {
        case .context(let error): return error.description
        case .compile(let stage, let log): return "the \(stage) shader does not compile: \(log.oneLine)"
        case .link(let log): return "the program does not link: \(log.oneLine)"
        }
    }
}

extension String {
    fileprivate var oneLine: String {
        split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }.joined(separator: "; ")
    }
}
