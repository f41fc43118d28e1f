import Foundation
import Testing

/// Runs the `unison-gtk-retarget` example (a real GtkApplication owning the main thread) and
/// reads the measurements it prints. A separate process, because Swift Testing parks the real
/// main thread, and the bridge is about code running on it under `g_application_run`.
@Suite("Main-loop bridge")
struct MainLoopBridgeTests {
    struct Measurements {
        let values: [String: Double]
        subscript(_ key: String) -> Double { values[key] ?? .nan }
    }

    static func runExample() throws -> Measurements {
        let (output, _) = try runPackageExecutable("unison-gtk-retarget")
        let line = try #require(output.split(separator: "\n").last { $0.hasPrefix("RESULT ") })
        let json = Data(line.dropFirst("RESULT ".count).utf8)
        let values = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Double])
        return Measurements(values: values)
    }

    @Test(
        "the Task/sleep retarget example of Apple's animation article runs inside g_application_run with continuous velocity and an idle CPU"
    )
    func retargetInsideGtkApplication() throws {
        let m = try Self.runExample()
        #expect(m.values["timedOut"] == nil)
        #expect(m["dispatchMainAsyncRan"] == 1)
        // Task.sleep(0.5 s) on the main actor resumed (GLib timers are ~1 ms accurate; allow a frame).
        #expect(m["sleptSeconds"] >= 0.5 && m["sleptSeconds"] < 0.55)
        // The velocity read just before the retarget and the inherited one just after: the two
        // reads are microseconds apart on the real clock, so they agree to well under 1 %.
        let before = m["velocityBeforeY"]
        #expect(abs(before) > 10)
        #expect(abs(m["velocityAfterY"] - before) < 0.01 * abs(before))
        #expect(m["finalX"] == 100 && m["finalY"] == 400 && m["presentedY"] == 400)
        // Xvfb's frame clock: 60 Hz.
        #expect(m["fps"] > 50 && m["fps"] < 70)
        // Nothing animates and nothing polls: under 2 % of one core (measured ~0.05 %).
        #expect(m["idleCPUPercent"] < 2)
        #expect(m["tickingWhenIdle"] == 0)
        print("bridge measurements: \(m.values.sorted { $0.key < $1.key })")
    }
}
