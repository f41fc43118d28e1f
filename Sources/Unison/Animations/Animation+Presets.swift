import Foundation

// MARK: - Springs

extension Animation {
    /// The default animation: a critically damped spring with a 0.55 s response.
    public static let `default` = Animation.spring(response: 0.55, dampingFraction: 1, blendDuration: 0)

    /// A spring with a 0.5 s duration and no bounce.
    public static var spring: Animation { spring() }
    /// A smooth spring: 0.5 s, no bounce.
    public static var smooth: Animation { smooth() }
    /// A snappy spring: 0.5 s, bounce 0.15.
    public static var snappy: Animation { snappy() }
    /// A bouncy spring: 0.5 s, bounce 0.3.
    public static var bouncy: Animation { bouncy() }
    /// A quick spring for following a finger: 0.15 s, no bounce, 0.25 s blend.
    public static var interactiveSpring: Animation { interactiveSpring() }

    /// A spring with a perceptual duration and bounce (see ``Spring/init(duration:bounce:)``).
    /// It takes over any running animation of the same property with its velocity.
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation
    {
        springAnimation(Spring(duration: duration, bounce: bounce), blendDuration: blendDuration, spelling: .duration)
    }

    /// A spring in SwiftUI's older response/damping-fraction spelling.
    @_disfavoredOverload
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0)
        -> Animation
    {
        springAnimation(
            Spring(response: response, dampingRatio: dampingFraction), blendDuration: blendDuration,
            spelling: .response)
    }

    /// An animation driven by `spring`.
    public static func spring(_ spring: Spring, blendDuration: TimeInterval = 0) -> Animation {
        springAnimation(spring, blendDuration: blendDuration, spelling: .duration)
    }

    /// A smooth spring: bounce `extraBounce`.
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        spring(.smooth(duration: duration, extraBounce: extraBounce))
    }

    /// A snappy spring: bounce `0.15 + extraBounce`.
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        spring(.snappy(duration: duration, extraBounce: extraBounce))
    }

    /// A bouncy spring: bounce `0.3 + extraBounce`.
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        spring(.bouncy(duration: duration, extraBounce: extraBounce))
    }

    /// A quick, stiff spring for interactive changes, in the response spelling.
    @_disfavoredOverload
    public static func interactiveSpring(
        response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: TimeInterval = 0.25
    ) -> Animation {
        spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// A quick spring for interactive changes, in the duration spelling.
    public static func interactiveSpring(
        duration: TimeInterval = 0.15, extraBounce: Double = 0, blendDuration: TimeInterval = 0.25
    ) -> Animation {
        spring(duration: duration, bounce: extraBounce, blendDuration: blendDuration)
    }

    /// A plain closed-form spring that never takes over a running animation (it combines
    /// with it). `initialVelocity` is in units of the whole change per second.
    public static func interpolatingSpring(
        mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
    ) -> Animation {
        let spring = Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)
        return interpolating(spring, initialVelocity: initialVelocity, spelling: .physical)
    }

    /// An interpolating spring from a perceptual duration and bounce.
    public static func interpolatingSpring(
        duration: TimeInterval = 0.5, bounce: Double = 0, initialVelocity: Double = 0
    )
        -> Animation
    {
        interpolating(Spring(duration: duration, bounce: bounce), initialVelocity: initialVelocity, spelling: .duration)
    }

    /// An interpolating spring driven by `spring`.
    public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0) -> Animation {
        interpolating(spring, initialVelocity: initialVelocity, spelling: .duration)
    }

    private static func springAnimation(_ spring: Spring, blendDuration: Double, spelling: SpringAnimation.Spelling)
        -> Animation
    {
        Animation(
            .spring(
                SpringAnimation(
                    spring: spring, blendDuration: nonNegativeFinite(blendDuration), merges: true, initialVelocity: 0,
                    spelling: spelling)))
    }

    private static func interpolating(_ spring: Spring, initialVelocity: Double, spelling: SpringAnimation.Spelling)
        -> Animation
    {
        let velocity = initialVelocity.isFinite ? initialVelocity : 0
        return Animation(
            .spring(
                SpringAnimation(
                    spring: spring, blendDuration: 0, merges: false, initialVelocity: velocity, spelling: spelling)))
    }
}

// MARK: - Timing curves

extension Animation {
    /// Default duration of the curve presets: 0.35 s.
    public static let defaultCurveDuration: TimeInterval = 0.35

    /// A constant-speed animation lasting ``defaultCurveDuration`` seconds.
    public static var linear: Animation { linear(duration: defaultCurveDuration) }
    /// An animation that starts slowly and ends at full speed, lasting ``defaultCurveDuration`` seconds.
    public static var easeIn: Animation { easeIn(duration: defaultCurveDuration) }
    /// An animation that starts at full speed and slows to a stop, lasting ``defaultCurveDuration`` seconds.
    public static var easeOut: Animation { easeOut(duration: defaultCurveDuration) }
    /// An animation that speeds up, then slows to a stop, lasting ``defaultCurveDuration`` seconds.
    public static var easeInOut: Animation { easeInOut(duration: defaultCurveDuration) }

    /// A constant-speed animation lasting `duration` seconds.
    public static func linear(duration: TimeInterval) -> Animation { timingCurve(.linear, duration: duration) }
    /// An animation that starts slowly and ends at full speed, lasting `duration` seconds.
    public static func easeIn(duration: TimeInterval) -> Animation { timingCurve(.easeIn, duration: duration) }
    /// An animation that starts at full speed and slows to a stop, lasting `duration` seconds.
    public static func easeOut(duration: TimeInterval) -> Animation { timingCurve(.easeOut, duration: duration) }
    /// An animation that speeds up, then slows to a stop, lasting `duration` seconds.
    public static func easeInOut(duration: TimeInterval) -> Animation { timingCurve(.easeInOut, duration: duration) }

    /// A cubic Bezier timing curve with control points `(c0x, c0y)` and `(c1x, c1y)`.
    public static func timingCurve(
        _ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: TimeInterval = 0.35
    ) -> Animation {
        timingCurve(
            .bezier(startControlPoint: UnitPoint(x: c0x, y: c0y), endControlPoint: UnitPoint(x: c1x, y: c1y)),
            duration: duration)
    }

    /// An animation that follows `curve` over `duration` seconds. A duration that is
    /// negative, zero, NaN or infinite makes the animation instant (it ends on its first frame).
    public static func timingCurve(_ curve: UnitCurve, duration: TimeInterval) -> Animation {
        let d = duration.isFinite && duration > 0 ? duration : 0
        return Animation(.curve(CurveAnimation(curve: curve, duration: d)))
    }
}

/// `x` if it is finite and positive, else 0: the rule for delays and blend durations.
func nonNegativeFinite(_ x: Double) -> Double { x.isFinite && x > 0 ? x : 0 }
