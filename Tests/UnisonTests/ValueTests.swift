import Foundation
import Testing

@testable import Unison

@Suite("Values")
struct ValueTests {
    @Test("vector operations and interpolation")
    func vectors() {
        var pair = AnimatablePair(3.0, 4.0)
        #expect(pair.magnitudeSquared == 25)
        pair.scale(by: 2)
        #expect(pair == AnimatablePair(6, 8))
        #expect(pair - AnimatablePair(1, 1) == AnimatablePair(5, 7))
        #expect(2.0.interpolated(towards: 4, amount: 0.25) == 2.5)
        #expect(Float(2).scaled(by: 0.5) == 1)
        #expect(CGFloat(3).magnitudeSquared == 9)
        #expect(EmptyAnimatableData().scaled(by: 5) == .zero)
    }

    @Test("geometry animates with SwiftUI's data layout")
    func geometry() {
        var rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(rect.animatableData == AnimatablePair(AnimatablePair(1, 2), AnimatablePair(3, 4)))
        rect.animatableData = rect.animatableData.scaled(by: 2)
        #expect(rect == CGRect(x: 2, y: 4, width: 6, height: 8))
        var point = CGPoint(x: 1, y: 1)
        point.animatableData = AnimatablePair(5, 6)
        #expect(point == CGPoint(x: 5, y: 6))
        var size = CGSize(width: 1, height: 1)
        size.animatableData += AnimatablePair(1, 2)
        #expect(size == CGSize(width: 2, height: 3))
    }

    @Test("colours round-trip through Oklab")
    func colourRoundTrip() {
        for colour in [
            RGBAColor.red, .green, .blue, .white, .black, RGBAColor(red: 0.2, green: 0.5, blue: 0.7, alpha: 0.4),
        ] {
            var copy = colour
            copy.animatableData = colour.animatableData
            // Ottosson's published matrices are inverse to about 1e-7 (ten significant digits, cubed).
            #expect(
                copy.red.isApproximatelyEqual(to: colour.red, within: .oklabMatrices)
                    && copy.green.isApproximatelyEqual(to: colour.green, within: .oklabMatrices))
            #expect(
                copy.blue.isApproximatelyEqual(to: colour.blue, within: .oklabMatrices)
                    && copy.alpha.isApproximatelyEqual(to: colour.alpha, within: .rounding))
        }
        // White is L = 1, a = b = 0 (to the matrices' precision).
        let white = RGBAColor.white.animatableData
        #expect(
            white.first.first.isApproximatelyEqual(to: 1, within: .oklabMatrices)
                && white.first.second.isApproximatelyEqual(to: 0, within: .oklabMatrices))
    }

    @Test("blue to yellow passes through a light colour, not grey; transparent ends keep their hue")
    func colourMidpoint() {
        let blue = RGBAColor.blue
        let yellow = RGBAColor(red: 1, green: 1, blue: 0)
        var mid = blue
        mid.animatableData = blue.animatableData.interpolated(towards: yellow.animatableData, amount: 0.5)
        // Naive sRGB averaging gives (0.5, 0.5, 0.5); Oklab's midpoint has half the Oklab lightness.
        let lightness = Oklab(srgbRed: mid.red, green: mid.green, blue: mid.blue).l
        let expected = (Oklab(srgbRed: 0, green: 0, blue: 1).l + Oklab(srgbRed: 1, green: 1, blue: 0).l) / 2
        #expect(abs(lightness - expected) < 1e-3)  // gamut clamping may shift it slightly
        var fade = RGBAColor.clear
        fade.animatableData = RGBAColor.clear.animatableData.interpolated(
            towards: RGBAColor.red.animatableData, amount: 0.5)
        #expect(fade.alpha.isApproximatelyEqual(to: 0.5, within: .rounding))
        #expect(fade.red > 0.99 && fade.green < 0.01)  // premultiplied: pure red at half alpha
        var bad = RGBAColor.red
        bad.animatableData = AnimatablePair(AnimatablePair(.nan, 0), AnimatablePair(0, .nan))
        #expect(!bad.red.isNaN && !bad.alpha.isNaN)
    }
}
