import Foundation

extension Animation {
    /// Starts the animation `delay` seconds later. A negative, NaN or infinite delay is 0.
    public func delay(_ delay: TimeInterval) -> Animation {
        Animation(.delay(nonNegativeFinite(delay), storage))
    }

    /// Plays the animation `speed` times faster. A NaN speed is 1; a speed that is zero,
    /// negative or infinite makes the animation instant.
    public func speed(_ speed: Double) -> Animation {
        let s: Double = speed.isNaN ? 1 : (speed > 0 && speed.isFinite ? speed : .infinity)
        return Animation(.speed(s, storage))
    }

    /// Plays the animation `repeatCount` times in total (one-way passes); with
    /// `autoreverses`, every second pass runs backwards. A count of zero or less ends
    /// at once, presenting the model value. Any count, however large, costs nothing extra.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        Animation(.repeating(count: max(repeatCount, 0), autoreverses: autoreverses, storage))
    }

    /// Repeats the animation for as long as the property lives; it never finishes.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        Animation(.repeating(count: nil, autoreverses: autoreverses, storage))
    }

    /// Reports the animation logically complete (firing `.logicallyComplete` completions)
    /// `duration` seconds after it starts. A negative, NaN or infinite duration is 0.
    public func logicallyComplete(after duration: TimeInterval) -> Animation {
        Animation(.logicallyComplete(after: nonNegativeFinite(duration), storage))
    }
}
