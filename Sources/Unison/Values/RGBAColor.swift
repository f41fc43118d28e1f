import Foundation

/// An sRGB colour with alpha that animates through the Oklab perceptual space.
///
/// Interpolating gamma-encoded sRGB channels directly makes mid-points muddy and dark
/// (blue to yellow passes through grey). Unison converts to Björn Ottosson's Oklab,
/// where equal steps look like equal changes of lightness and hue, and interpolates
/// *premultiplied* by alpha (as CSS Color 4 does), so fading from a transparent colour
/// never flashes the transparent colour's hue.
///
/// `animatableData` is `((L·α, a·α), (b·α, α))`; reading it back clamps to the sRGB gamut.
///
/// ```swift
/// let tint = AnimatableProperty(RGBAColor.blue, clock: clock) { apply($0) }
/// withAnimation(.smooth) { tint.value = .red }
/// ```
public struct RGBAColor: Hashable, Sendable, Animatable {
    /// Gamma-encoded sRGB components and straight (not premultiplied) alpha, each 0...1.
    public var red, green, blue, alpha: Double

    /// A colour of gamma-encoded sRGB components and straight alpha, each 0...1 (opaque unless `alpha` is given).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// Opaque black.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
    /// Opaque pure sRGB red.
    public static let red = RGBAColor(red: 1, green: 0, blue: 0)
    /// Opaque pure sRGB green.
    public static let green = RGBAColor(red: 0, green: 1, blue: 0)
    /// Opaque pure sRGB blue.
    public static let blue = RGBAColor(red: 0, green: 0, blue: 1)
    /// Fully transparent black.
    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

    public typealias AnimatableData = AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>

    public var animatableData: AnimatableData {
        get {
            let lab = Oklab(srgbRed: red, green: green, blue: blue)
            let a = Self.unit(alpha)
            return AnimatablePair(AnimatablePair(lab.l * a, lab.a * a), AnimatablePair(lab.b * a, a))
        }
        set {
            let a = Self.unit(newValue.second.second)
            // A fully transparent colour has no defined hue: keep black rather than divide by zero.
            let inverse = a > 0 ? 1 / a : 0
            let lab = Oklab(
                l: newValue.first.first * inverse, a: newValue.first.second * inverse,
                b: newValue.second.first * inverse)
            let rgb = lab.srgb
            red = Self.unit(rgb.red)
            green = Self.unit(rgb.green)
            blue = Self.unit(rgb.blue)
            alpha = a
        }
    }

    /// Clamps to 0...1, mapping NaN to 0 so a colour never carries NaN to a renderer.
    static func unit(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }
}

/// Oklab coordinates (Ottosson 2020), converted from and to gamma-encoded sRGB.
struct Oklab: Equatable {
    var l, a, b: Double

    init(l: Double, a: Double, b: Double) { (self.l, self.a, self.b) = (l, a, b) }

    init(srgbRed r: Double, green g: Double, blue b: Double) {
        let (lr, lg, lb) = (Self.linear(r), Self.linear(g), Self.linear(b))
        let l = cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb)
        let m = cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb)
        let s = cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb)
        self.l = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        self.a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        self.b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    var srgb: (red: Double, green: Double, blue: Double) {
        let l = pow3(self.l + 0.3963377774 * a + 0.2158037573 * b)
        let m = pow3(self.l - 0.1055613458 * a - 0.0638541728 * b)
        let s = pow3(self.l - 0.0894841775 * a - 1.2914855480 * b)
        let r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s
        let g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s
        let bl = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
        return (Self.encoded(r), Self.encoded(g), Self.encoded(bl))
    }

    private func pow3(_ x: Double) -> Double { x * x * x }

    /// sRGB transfer function: gamma-encoded to linear light.
    static func linear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// Linear light to gamma-encoded sRGB.
    static func encoded(_ c: Double) -> Double {
        c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
    }
}
