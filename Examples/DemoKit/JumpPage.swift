import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// A jump with anticipation, stretch and squash: one value with three parallel keyframe tracks.
public struct JumpPose: Animatable, Equatable, Sendable {
    /// Height above the ground, in pixels (negative is up).
    public var y = 0.0
    public var scaleX = 1.0
    public var scaleY = 1.0

    public init(y: Double = 0, scaleX: Double = 1, scaleY: Double = 1) {
        (self.y, self.scaleX, self.scaleY) = (y, scaleX, scaleY)
    }

    public var animatableData: AnimatablePair<Double, AnimatablePair<Double, Double>> {
        get { AnimatablePair(y, AnimatablePair(scaleX, scaleY)) }
        set { (y, scaleX, scaleY) = (newValue.first, newValue.second.first, newValue.second.second) }
    }
}

/// A keyframed jump-and-squash (SwiftUI's `keyframeAnimator`): `KeyframeTrack`s over a struct's
/// `y`, `scaleX` and `scaleY` run side by side, played by a `KeyframeAnimator` on one property.
/// The sprite crouches, takes off stretched along a parabola, squashes on landing and wobbles back.
@MainActor
public final class JumpPage: DemoPage {
    public let title = "Keyframes"
    public let root: UnsafeMutablePointer<GtkWidget>
    public private(set) var pose: AnimatableProperty<JumpPose>!
    public private(set) var animator: KeyframeAnimator<JumpPose>!

    /// The jump: every track starts at the pose it is played from.
    @KeyframesBuilder<JumpPose>
    public static func jump(from start: JumpPose) -> some Keyframes<JumpPose> {
        KeyframeTrack(\.y) {
            LinearKeyframe(0, duration: 0.15)  // crouch on the ground
            // Up and down a parabola: 150 px in 0.3 s leaves the ground at 1000 px/s.
            CubicKeyframe(-150, duration: 0.3, startVelocity: -1000, endVelocity: 0)
            CubicKeyframe(0, duration: 0.3, startVelocity: 0, endVelocity: 1000)
            LinearKeyframe(0, duration: 0.4)  // on the ground while the squash recovers
        }
        KeyframeTrack(\.scaleY) {
            CubicKeyframe(0.75, duration: 0.15)  // anticipation: squash
            CubicKeyframe(1.2, duration: 0.1)  // take-off: stretch
            CubicKeyframe(1.0, duration: 0.2)  // the apex
            CubicKeyframe(1.1, duration: 0.3)  // falling: stretch
            CubicKeyframe(0.7, duration: 0.06)  // impact: squash
            SpringKeyframe(1.0, spring: Spring(duration: 0.35, bounce: 0.5))  // wobble back
        }
        KeyframeTrack(\.scaleX) {
            CubicKeyframe(1.2, duration: 0.15)
            CubicKeyframe(0.85, duration: 0.1)
            CubicKeyframe(1.0, duration: 0.2)
            CubicKeyframe(0.93, duration: 0.3)
            CubicKeyframe(1.3, duration: 0.06)
            SpringKeyframe(1.0, spring: Spring(duration: 0.35, bounce: 0.5))
        }
    }

    private static let size = 90.0
    private static let groundY = 250.0
    private static let spriteX = 275.0

    private let scene: UnsafeMutablePointer<GtkWidget>
    private let backdrop: UnsafeMutablePointer<GtkWidget>
    private let sprite: UnsafeMutablePointer<GtkWidget>

    public init(context: DemoContext) {
        scene = UI.fixed(width: 640, height: 280)
        backdrop = gtk_drawing_area_new()!
        gtk_widget_set_size_request(backdrop, 640, 280)
        gtk_fixed_put(unison_example_fixed(scene), backdrop, 0, 0)
        let (tile, _) = UI.tile(size: Int32(Self.size), colour: .demoGreen, clock: context.clock)
        sprite = tile
        gtk_fixed_put(unison_example_fixed(scene), sprite, 0, 0)
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label(
                    "Keyframes: a jump-and-squash, KeyframeTrack(\\.y), (\\.scaleX), (\\.scaleY) side by side",
                    bold: true),
                scene,
            ])
        gtk_box_append(
            unison_example_box(root),
            UI.box(GTK_ORIENTATION_HORIZONTAL, [UI.button("Jump") { [unowned self] in play() }]))
        pose = AnimatableProperty(JumpPose(), clock: context.clock) { [unowned self] pose in place(pose) }
        animator = KeyframeAnimator(pose) { start in JumpPage.jump(from: start) }
        place(JumpPose())
        let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
            let page = Unmanaged<JumpPage>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { page.drawBackdrop(cr!, Double(width), Double(height)) }
        }
        gtk_drawing_area_set_draw_func(
            unison_example_drawing_area(backdrop), draw, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// The sprite's transform: lifted by `y`, scaled about the middle of its bottom edge.
    private func place(_ pose: JumpPose) {
        let size = Float(Self.size)
        var origin = graphene_point_t(x: Float(Self.spriteX), y: Float(Self.groundY + pose.y) - size)
        var foot = graphene_point_t(x: size / 2, y: size)
        var back = graphene_point_t(x: -size / 2, y: -size)
        var transform = gsk_transform_translate(nil, &origin)
        transform = gsk_transform_translate(transform, &foot)
        transform = gsk_transform_scale(transform, Float(pose.scaleX), Float(pose.scaleY))
        transform = gsk_transform_translate(transform, &back)
        gtk_fixed_set_child_transform(unison_example_fixed(scene), sprite, transform)
        gsk_transform_unref(transform)
        gtk_widget_queue_draw(backdrop)
    }

    /// The ground, and a shadow that shrinks and fades as the sprite rises.
    private func drawBackdrop(_ cr: OpaquePointer, _ width: Double, _ height: Double) {
        let pose = self.pose.presentationValue
        cairo_set_source_rgb(cr, 0.8, 0.8, 0.82)
        cairo_set_line_width(cr, 2)
        cairo_move_to(cr, 40, Self.groundY + 1)
        cairo_line_to(cr, width - 40, Self.groundY + 1)
        cairo_stroke(cr)
        let lift = min(max(-pose.y / 150, 0), 1)
        cairo_save(cr)
        cairo_translate(cr, Self.spriteX + Self.size / 2, Self.groundY + 6)
        cairo_scale(cr, Self.size * pose.scaleX * (0.6 - 0.25 * lift), 5)
        cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
        cairo_restore(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.25 - 0.15 * lift)
        cairo_fill(cr)
    }

    public func play() { animator.play() }

    public var isAtTarget: Bool { !animator.isPlaying && !pose.isAnimating }
}
