import Foundation
import Speech
import XCTest

/// espeak-ng on the host: a phrase rendered to samples is speech, not silence.
final class EspeakTests: XCTestCase {
    func testAPhraseRendersToAudibleSamples() throws {
        let espeak: Espeak
        do {
            espeak = try Espeak.open(for: .samples)
        } catch .libraryMissing {
            throw XCTSkip("libespeak-ng is not installed (Scripts/setup installs it)")
        }
        XCTAssertTrue(espeak.setLanguage("en"))
        let samples = espeak.samples(for: "Acknowledge, button")
        let seconds = Double(samples.count) / Double(espeak.sampleRate)
        // Root mean square over the whole phrase, on 16-bit full scale.
        let meanSquare = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(samples.count, 1))
        let rms = meanSquare.squareRoot() / Double(Int16.max)
        print("espeak-ng: \"Acknowledge, button\" is \(samples.count) samples (\(seconds) s), RMS \(rms) of full scale")
        XCTAssertGreaterThan(seconds, 0.5, "a two-word phrase lasts over half a second")
        XCTAssertLessThan(seconds, 5)
        XCTAssertGreaterThan(rms, 0.01, "the samples are not silent")
        // Twice in a row renders the phrase again, nothing left over from the first (a sample may differ).
        XCTAssertEqual(Double(espeak.samples(for: "Acknowledge, button").count), Double(samples.count), accuracy: 100)
    }

    func testASecondOutputKindIsRefusedWithAReason() throws {
        do {
            _ = try Espeak.open(for: .samples)
        } catch .libraryMissing {
            throw XCTSkip("libespeak-ng is not installed (Scripts/setup installs it)")
        }
        XCTAssertThrowsError(try Espeak.open(for: .soundDevice)) { error in
            XCTAssertEqual(error as? Espeak.Failure, .alreadyInitialized(for: .samples))
        }
    }

    func testASoundDeviceIsAPlaybackDeviceOrASoundServersSocket() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("speech-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let devices = root + "/snd"
        let runtime = root + "/run"
        try FileManager.default.createDirectory(atPath: devices, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: runtime + "/pulse", withIntermediateDirectories: true)
        XCTAssertFalse(SoundDevices.canPlay(devices: root + "/none", runtimeDirectory: nil))
        XCTAssertTrue(FileManager.default.createFile(atPath: devices + "/pcmC0D0c", contents: nil))
        XCTAssertFalse(SoundDevices.canPlay(devices: devices, runtimeDirectory: runtime), "a capture device only")
        XCTAssertTrue(FileManager.default.createFile(atPath: runtime + "/pulse/native", contents: nil))
        XCTAssertTrue(SoundDevices.canPlay(devices: devices, runtimeDirectory: runtime))
        XCTAssertTrue(FileManager.default.createFile(atPath: devices + "/pcmC0D0p", contents: nil))
        XCTAssertTrue(SoundDevices.canPlay(devices: devices, runtimeDirectory: nil))
    }
}
