import CUnisonGtkExamples
import Foundation
import Testing
import Unison
import UnisonDemoKit
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// An app's own key, set on widgets.
struct GtkAccentKey: EnvironmentKey {
    static let defaultValue = "none"
}

extension EnvironmentValues {
    var gtkAccent: String {
        get { self[GtkAccentKey.self] }
        set { self[GtkAccentKey.self] = newValue }
    }
}

/// Sets GTK's default text direction for the length of a test; `restore` puts the one before back.
@MainActor
struct DefaultDirection {
    private let previous = gtk_widget_get_default_direction()

    init(_ direction: GtkTextDirection) { gtk_widget_set_default_direction(direction) }

    func restore() { gtk_widget_set_default_direction(previous) }
}

extension GtkAdapterTests {
    /// GskTransform stores floats: a 24-bit mantissa, so positions up to 256 px are kept to
    /// 256 / 2^24 ≈ 1.5e-5 px; 1e-4 leaves margin for the composition of translations.
    static let transformPrecision = Tolerance.floatTransform.value
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Environment")
    struct EnvironmentTests {
        /// The horizontal translation of `widget`, a child of `fixed`, as GTK holds it.
        func fixedX(_ widget: UnsafeMutablePointer<GtkWidget>, in fixed: UnsafeMutablePointer<GtkWidget>) -> Double {
            var m: (Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0)
            let transform = gtk_fixed_get_child_transform(unison_example_fixed(fixed), widget)
            gsk_transform_to_2d(transform, &m.0, &m.1, &m.2, &m.3, &m.4, &m.5)
            return Double(m.4)
        }

        @Test(
            "a widget's clock reports GTK's text direction, gtk-enable-animations and scale factor, and values set around it"
        )
        func widgetEnvironment() throws {
            let window = try TestWindow()
            let direction = DefaultDirection(GTK_TEXT_DIR_LTR)
            defer {
                direction.restore()
                gtk_widget_set_direction(window.fixed, GTK_TEXT_DIR_NONE)
                GtkRuntime.animationsEnabled = true
                window.close()
            }
            let box = window.colouredBox(red: 1, green: 0, blue: 0)
            let clock = GtkFrameClock.for(box)
            #expect(clock.environment.layoutDirection == .leftToRight)
            #expect(clock.environment.displayScale == CGFloat(gtk_widget_get_scale_factor(box)))
            #expect(!clock.environment.accessibilityReduceMotion)

            gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
            #expect(gtk_widget_get_direction(box) == GTK_TEXT_DIR_RTL)
            #expect(clock.environment.layoutDirection == .rightToLeft)
            // A container given its own direction packs its children that way: they follow it.
            gtk_widget_set_direction(window.fixed, GTK_TEXT_DIR_LTR)
            #expect(clock.environment.layoutDirection == .leftToRight)

            GtkRuntime.animationsEnabled = false
            #expect(clock.environment.accessibilityReduceMotion)
            #expect(!clock.animationsEnabled && clock.reducedMotionAnimationsEnabled)  // mapped: adapting ones run
            GtkRuntime.animationsEnabled = true
            #expect(!clock.environment.accessibilityReduceMotion)

            // Values set by the app: the window's reach the box, the fixed's win over the window's,
            // the box's own over both, and over what GTK says.
            WidgetEnvironment.set(\.layoutDirection, .rightToLeft, on: window.window)
            WidgetEnvironment.set(\.gtkAccent, "window", on: window.window)
            #expect(clock.environment.gtkAccent == "window")
            #expect(clock.environment.layoutDirection == .rightToLeft)  // over the fixed's own GTK direction
            WidgetEnvironment.set(\.gtkAccent, "fixed", on: window.fixed)
            #expect(clock.environment.gtkAccent == "fixed")
            WidgetEnvironment.set(\.gtkAccent, "box", on: box)
            #expect(clock.environment.gtkAccent == "box")
            #expect(WidgetEnvironment.values(setOn: window.fixed).gtkAccent == "fixed")
            WidgetEnvironment.set(EnvironmentValues(), on: box)
            #expect(clock.environment.gtkAccent == "fixed")
            #expect(WidgetEnvironment.values(setOn: box).gtkAccent == "none")

            let withValues = Self.microsecondsPerRead(clock)
            WidgetEnvironment.set(EnvironmentValues(), on: window.fixed)
            WidgetEnvironment.set(EnvironmentValues(), on: window.window)
            #expect(clock.environment.gtkAccent == "none")
            print(
                "GTK environment: \(String(format: "%.2f", Self.microsecondsPerRead(clock))) µs per read, "
                    + "\(String(format: "%.2f", withValues)) µs with values set on 2 enclosing widgets (debug build)")
        }

        /// What reading a clock's environment costs (once per start of a custom animation or a
        /// transition), averaged over 2000 reads.
        static func microsecondsPerRead(_ clock: GtkFrameClock) -> Double {
            let reads = 2000
            let start = g_get_monotonic_time()
            for _ in 0..<reads { _ = clock.environment }
            return Double(g_get_monotonic_time() - start) / Double(reads)
        }

        @Test(
            "under a right-to-left default direction .slide comes in from the right and leaves to the left, read back per frame"
        )
        func slideRightToLeft() throws {
            let window = try TestWindow()
            let direction = DefaultDirection(GTK_TEXT_DIR_RTL)
            defer {
                direction.restore()
                window.close()
            }
            let origin = 100.0
            let box = window.colouredBox(red: 0, green: 0.6, blue: 0.2, size: 60, at: CGPoint(x: origin, y: 20))
            let fixed = window.fixed
            gtk_widget_set_visible(box, unison_example_false)
            // The fixed's clock: mapped while the box is hidden, so the insertion can animate.
            let presence = Presence(
                isPresent: false, transition: .slide, size: CGSize(width: 60, height: 60),
                clock: GtkFrameClock.for(fixed),
                apply: { gtk_fixed_move(unison_example_fixed(fixed), box, origin + $0.offset.width, 20) },
                visibilityChanged: { gtk_widget_set_visible(box, $0 ? unison_example_true : unison_example_false) })
            var painted: [Double] = []
            window.record { _ in if gtk_widget_get_visible(box) != 0 { painted.append(self.fixedX(box, in: fixed)) } }

            withAnimation(.easeInOut(duration: 0.3)) { presence.isPresent = true }
            // At once at the right.
            #expect(abs(fixedX(box, in: fixed) - (origin + 60)) <= GtkAdapterTests.transformPrecision)
            #expect(GtkRuntime.iterate(timeout: 3) { !presence.isAnimating })
            window.settle()
            #expect(painted.count >= 8, "only \(painted.count) frames painted")
            #expect(
                painted.allSatisfy {
                    $0 >= origin - GtkAdapterTests.transformPrecision
                        && $0 <= origin + 60 + GtkAdapterTests.transformPrecision
                }
            )
            // Leftwards.
            #expect(zip(painted, painted.dropFirst()).allSatisfy { $0 >= $1 - GtkAdapterTests.transformPrecision })
            #expect(painted.contains { $0 > origin + 1 && $0 < origin + 59 })  // frames in between
            #expect(abs(painted.last! - origin) <= GtkAdapterTests.transformPrecision)

            painted = []
            withAnimation(.easeInOut(duration: 0.3)) { presence.isPresent = false }
            #expect(GtkRuntime.iterate(timeout: 3) { !presence.isVisible })
            // To the left.
            #expect(painted.count >= 8 && painted.allSatisfy { $0 <= origin + GtkAdapterTests.transformPrecision })
            #expect(zip(painted, painted.dropFirst()).allSatisfy { $0 >= $1 - GtkAdapterTests.transformPrecision })
            #expect(abs(fixedX(box, in: fixed) - (origin - 60)) <= GtkAdapterTests.transformPrecision)

            // Left to right again, the same change comes in from the left.
            direction.restore()
            withAnimation(.easeInOut(duration: 0.3)) { presence.isPresent = true }
            #expect(abs(fixedX(box, in: fixed) - (origin - 60)) <= GtkAdapterTests.transformPrecision)
            #expect(GtkRuntime.iterate(timeout: 3) { !presence.isAnimating })
        }

        @Test(
            "MotionAwareElasticAnimation runs as a 0.2 s ease-out where motion is reduced, per GTK frame; others jump")
        func motionAwareAnimation() throws {
            let window = try TestWindow()
            defer {
                GtkRuntime.animationsEnabled = true
                window.close()
            }
            let box = window.colouredBox(red: 0, green: 0, blue: 1, size: 40)
            // On the window's clock: the animation still sees the box's environment.
            let widget = AnimatedWidget(box, clock: GtkFrameClock.for(window.window))
            let fixed = window.fixed
            var samples: [(time: Double, x: Double)] = []
            window.record { time in samples.append((time, self.fixedX(box, in: fixed))) }

            /// Animates the box from its place by `distance` with `animation`; returns the painted
            /// frames from the first one of the animation, with times relative to it.
            func play(by distance: Double, _ animation: Animation) -> [(time: Double, x: Double)] {
                samples = []
                let from = widget.translation.x
                withAnimation(animation) { widget.translation = CGPoint(x: from + distance, y: 0) }
                runUntilIdle(widget.translationProperty)
                window.settle()
                guard let moved = samples.firstIndex(where: { abs($0.x - from) > GtkAdapterTests.transformPrecision })
                else {
                    return []
                }
                // The animation's first frame shows it at its start (an animation that starts away
                // from it, as the elastic does by 0.04 px, moves on its first painted frame).
                let first = max(moved - 1, 0)
                let start = samples[first].time
                return samples[first...].map { ($0.time - start, $0.x - from) }
            }

            /// The reduced motion: 100 px along a cubic ease-out over 0.2 s.
            func reduced(_ t: Double) -> Double { 100 * (1 - pow(1 - min(t / 0.2, 1), 3)) }

            // gtk-enable-animations off: the environment says reduce motion; a plain custom animation
            // jumps, the motion-aware one runs, shortened, at every painted frame on its curve.
            GtkRuntime.animationsEnabled = false
            #expect(WidgetEnvironment.resolved(for: box).accessibilityReduceMotion)
            withAnimation(.elasticEaseInEaseOut(duration: 0.6)) { widget.translation = CGPoint(x: 100, y: 0) }
            #expect(
                !widget.translationProperty.isAnimating
                    && abs(fixedX(box, in: fixed) - 100) <= GtkAdapterTests.transformPrecision)
            let off = play(by: -100, .motionAwareElastic(duration: 0.6))
            #expect(off.count >= 6, "only \(off.count) frames")
            for (t, x) in off { #expect(abs(x - -reduced(t)) <= GtkAdapterTests.transformPrecision, "t=\(t)") }
            let offLength = off.last { abs($0.x + 100) > GtkAdapterTests.transformPrecision }?.time ?? 0
            #expect(offLength < 0.2, "moved for \(offLength) s")

            // Animations on, but reduce motion set by the app around the box: the same shortened motion.
            GtkRuntime.animationsEnabled = true
            WidgetEnvironment.set(\.accessibilityReduceMotion, true, on: fixed)
            let scoped = play(by: 100, .motionAwareElastic(duration: 0.6))
            #expect(scoped.count >= 6)
            for (t, x) in scoped { #expect(abs(x - reduced(t)) <= GtkAdapterTests.transformPrecision, "t=\(t)") }

            // Nothing reduces motion: the full elastic, which overshoots both ends, for its 0.6 s.
            WidgetEnvironment.set(EnvironmentValues(), on: fixed)
            let full = play(by: -100, .motionAwareElastic(duration: 0.6))
            #expect(full.contains { $0.x > 0 } && full.contains { $0.x < -100 })
            let fullLength = full.last { abs($0.x + 100) > GtkAdapterTests.transformPrecision }?.time ?? 0
            #expect(fullLength > 0.4, "moved for \(fullLength) s")
            print(
                "GTK environment: reduced motion ran \(off.count) frames over \(String(format: "%.3f", offLength)) s, "
                    + "the elastic \(full.count) frames over \(String(format: "%.3f", fullLength)) s")
        }
    }
}
