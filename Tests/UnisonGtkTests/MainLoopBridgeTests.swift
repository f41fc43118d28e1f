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
        // Task.sleep(0.5 s) on the main actor resumed, not before its time (how late depends on
        // the machine's load, so only the lower bound is a property of the bridge).
        #expect(m["sleptSeconds"] >= 0.5)
        // Velocity continuity across the retarget. Until the new spring's first frame the property
        // shows the old motion, so the two reads differ only by the old spring's acceleration over
        // the time between them. For `.spring(duration: 1)` (critically damped, ω = 2π/1 s) moving
        // at most 400 px from its target, |a| ≤ ω²·400 + 2ω·|v| (a bound of the closed form).
        let before = m["velocityBeforeY"]
        let omega = 2 * Double.pi
        let bound = (omega * omega * 400 + 2 * omega * abs(before)) * m["velocityReadsApart"] + 1e-9
        #expect(abs(before) > 10)
        #expect(abs(m["velocityAfterY"] - before) <= bound, "reads \(m["velocityReadsApart"]) s apart")
        #expect(m["finalX"] == 100 && m["finalY"] == 400 && m["presentedY"] == 400)
        // GTK's frame clock presented the animation (Xvfb paints at about 60 Hz; the rate under
        // load is not a property of Unison, so only that frames came).
        #expect(m["fps"] > 0)
        // Nothing animates and nothing polls: under 2 % of one core (measured ~0.05 %).
        #expect(m["idleCPUPercent"] < 2)
        #expect(m["tickingWhenIdle"] == 0)
        print("bridge measurements: \(m.values.sorted { $0.key < $1.key })")
    }
}
