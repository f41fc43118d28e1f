import Foundation

/// The values classes give a widget's drawn properties in one state: `opacity-80`, `scale-105`,
/// `translate-y-1`, `rotate-3`. A property no class mentions keeps its identity value here (and
/// is not in ``ClassStyle/properties``: it stays the caller's).
public struct StyledValues: Hashable, Sendable {
    /// 0...1 (`opacity-80` is 0.8).
    public var opacity: Double
    /// Scale factors about the widget's anchor (`scale-105` is 1.05 on both axes).
    public var scale: CGSize
    /// Offset in pixels (`translate-y-1` is 4 px: Tailwind's spacing unit, 0.25 rem at 16 px).
    public var translation: CGPoint
    /// Clockwise rotation in degrees (`rotate-3`).
    public var rotation: Double
    /// Padding in pixels (`p-6` is 24 px on every edge; `px-*`, `py-*`, `pt-*` … per edge): a size,
    /// so a change of it is a change of layout.
    public var padding: EdgeInsets
    /// CSS classes for what GTK's CSS draws (`bg-surface`, `rounded-xl`), in order; never animated.
    public var styleClasses: [String]

    /// Every property at rest: opaque, natural size, in place, upright.
    public static let identity = StyledValues(
        opacity: 1, scale: CGSize(width: 1, height: 1), translation: .zero, rotation: 0)

    /// Values for each property: `opacity` 0...1, `scale` factors, `translation` and `padding` in
    /// pixels, `rotation` in degrees clockwise, and CSS `styleClasses`.
    public init(
        opacity: Double, scale: CGSize, translation: CGPoint, rotation: Double, padding: EdgeInsets = EdgeInsets(),
        styleClasses: [String] = []
    ) {
        self.opacity = opacity
        self.scale = scale
        self.translation = translation
        self.rotation = rotation
        self.padding = padding
        self.styleClasses = styleClasses
    }
}

/// Which drawn properties a class string styles: those that some class (in any state) sets.
public struct StyledProperties: OptionSet, Hashable, Sendable {
    /// The properties as bits, one per property.
    public let rawValue: UInt8

    /// The set of properties whose bits are set in `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Opacity (`opacity-*`).
    public static let opacity = StyledProperties(rawValue: 1 << 0)
    /// Scale (`scale-*`).
    public static let scale = StyledProperties(rawValue: 1 << 1)
    /// Translation (`translate-x-*`, `translate-y-*`).
    public static let translation = StyledProperties(rawValue: 1 << 2)
    /// Rotation (`rotate-*`).
    public static let rotation = StyledProperties(rawValue: 1 << 3)
    /// Padding (`p-*`, `px-*`, `pt-*` …).
    public static let padding = StyledProperties(rawValue: 1 << 4)
    /// CSS styling classes (`bg-*`, `rounded-*` …).
    public static let styleClasses = StyledProperties(rawValue: 1 << 5)
    /// Every drawn property, and the CSS styling classes.
    public static let all: StyledProperties = [.opacity, .scale, .translation, .rotation, .padding, .styleClasses]
}
