import Foundation

/// What Unison hands GTK: every value a GTK writer of UnisonGtk passes to GTK goes through one of
/// these rules first, so that no value an app sets (NaN, infinities, 1e40, -1e300) can put a
/// non-finite number in GTK's float matrices, hang it, make it report a critical or trap a
/// conversion. (``AnimatableProperty`` already ignores a model value with a NaN or infinite
/// component; these rules are about finite values too large for GTK, and about any value at all
/// reaching GTK.)
///
/// | value | rule | why |
/// | --- | --- | --- |
/// | translation, position (px) | clamped to ±``maximumOffset`` (32 767); NaN: 0 | GTK composes transforms in `float`; at 1e40 a `float` is ∞ and the matrix turns NaN; GTK lays out in `int` pixels |
/// | rotation (degrees) | reduced to -180...180 (`remainder(angle, 360)`) in `Double`; non-finite: 0 | GTK 4.8's `gsk_transform_rotate` normalises the angle in `float` steps of 360, which never ends above about 6e9 |
/// | scale | clamped to ±``maximumScale`` (1 000); NaN: 1 | a `float` scale of ∞ reaches the render nodes |
/// | opacity | clamped to 0...1; NaN: 1 | GTK's range |
/// | margins (px) | rounded, clamped to 0...``maximumPixels`` (`G_MAXINT16`, 32 767); NaN: 0 | GTK's margin properties are `0...G_MAXINT16` (a larger value is a critical) |
/// | size request (px) | rounded, clamped to -1 (unset) ... ``maximumPixels``; NaN: -1 | whole pixels in `int`; the conversion never traps |
/// | a numeric GObject property | NaN: not written; clamped to its `GParamSpec`'s minimum and maximum; rounded for integer types | what the property accepts |
///
/// A `UnisonMotionBin`'s render state (offsets, scales, angle, opacity) is held to these rules by
/// the C bin's own setter, `unison_motion_bin_set_render`, which every drawing of a bin goes through.
///
/// Values inside these bounds are GTK's to lay out: a `GtkFixed` (or a widget with large margins
/// or a large size request) that is a window's child makes the window large enough to show it,
/// so a child placed thousands of pixels away makes a window that large, as `gtk_fixed_put`
/// would.
enum GtkLimits {
    /// The largest translation or position, in pixels, either way (`G_MAXINT16`).
    static let maximumOffset = 32_767.0
    /// The largest scale factor, either way.
    static let maximumScale = 1_000.0
    /// The largest margin or size request, in pixels (`G_MAXINT16`, GTK's bound for margins).
    static let maximumPixels: Int32 = 32_767

    /// A translation or position coordinate GTK's `float` matrices hold exactly enough.
    @inline(__always)
    static func offset(_ value: Double) -> Double {
        guard !value.isNaN else { return 0 }
        return min(max(value, -maximumOffset), maximumOffset)
    }

    /// An angle in degrees, reduced to -180...180 (the same rotation), before GTK sees it.
    @inline(__always)
    static func angle(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return 0 }
        if degrees >= -180 && degrees <= 180 { return degrees }
        return remainder(degrees, 360)
    }

    /// A scale factor within ±``maximumScale`` (0 and negative factors are kept: a flip).
    @inline(__always)
    static func scale(_ value: Double) -> Double {
        guard !value.isNaN else { return 1 }
        return min(max(value, -maximumScale), maximumScale)
    }

    /// An opacity in 0...1.
    @inline(__always)
    static func opacity(_ value: Double) -> Double {
        guard !value.isNaN else { return 1 }
        return min(max(value, 0), 1)
    }

    /// Whole pixels in `lower...upper`, rounded to nearest; NaN gives `nan`. Never traps.
    @inline(__always)
    static func pixels(_ value: Double, in lower: Int32, _ upper: Int32, nan: Int32) -> Int32 {
        guard !value.isNaN else { return nan }
        let rounded = value.rounded()
        if rounded <= Double(lower) { return lower }
        if rounded >= Double(upper) { return upper }
        return Int32(rounded)
    }

    /// A margin GTK accepts: whole pixels in 0...``maximumPixels``.
    @inline(__always)
    static func margin(_ value: Double) -> Int32 { pixels(value, in: 0, maximumPixels, nan: 0) }

    /// A size request GTK accepts: whole pixels in -1...``maximumPixels`` (-1: unset).
    @inline(__always)
    static func sizeRequest(_ value: Double) -> Int32 { pixels(value, in: -1, maximumPixels, nan: -1) }

    /// `value` rounded into `lower...upper` of an integer type, without trapping (NaN: `lower`).
    static func integer<T: BinaryInteger & FixedWidthInteger>(_ value: Double, in lower: T, _ upper: T) -> T {
        guard !value.isNaN else { return lower }
        let rounded = value.rounded()
        // `Double(upper)` may round up past `upper` (2^63 for Int64.max): compare before converting.
        if rounded <= Double(lower) { return lower }
        if rounded >= Double(upper) { return upper }
        return T(rounded)
    }
}
