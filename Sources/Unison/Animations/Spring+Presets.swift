import Foundation

extension Spring {
    /// No bounce, 0.5 s: the smooth preset.
    public static var smooth: Spring { smooth() }
    /// A touch of bounce (0.15), 0.5 s.
    public static var snappy: Spring { snappy() }
    /// Visible bounce (0.3), 0.5 s.
    public static var bouncy: Spring { bouncy() }

    /// A smooth spring (bounce `0 + extraBounce`).
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }

    /// A snappy spring (bounce `0.15 + extraBounce`).
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A bouncy spring (bounce `0.3 + extraBounce`).
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}
