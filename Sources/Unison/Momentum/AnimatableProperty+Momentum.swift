import Foundation

extension AnimatableProperty {
    /// Ends a flick on the nearest of `snapPoints`: projects the presented value with
    /// `velocity` under `rate`, picks the snap point nearest that projection, and springs
    /// there starting with `velocity` (so the motion continues the finger's). Returns the
    /// snap point chosen, or nil when there is none (nothing changes then).
    ///
    /// ```swift
    /// // A pager: release the drag with the gesture's velocity.
    /// page.snap(velocity: drag.velocity, to: [0, 320, 640])
    /// ```
    ///
    /// Snapping back to the point the value rests on still springs, with the velocity (a zero
    /// velocity there changes nothing, and the completion runs at once).
    @discardableResult
    public func snap(
        velocity: Value.AnimatableData, to snapPoints: [Value], rate: DecelerationRate = .normal,
        spring: Spring = Spring(), completion: (@MainActor () -> Void)? = nil
    ) -> Value? {
        let velocity = isFiniteVector(velocity) ? velocity : .zero
        let projected = project(presentationValue.animatableData, velocity: velocity, rate: rate)
        guard let target = nearestSnapPoint(to: projected, in: snapPoints.map(\.animatableData)),
            let chosen = snapPoints.first(where: { $0.animatableData == target })
        else { return nil }
        var transaction = Transaction(animation: .spring(spring))
        if let completion { transaction.addAnimationCompletion(completion) }
        withTransaction(transaction) {
            if velocity == .zero {
                value = chosen
            } else {
                if clock.animationsEnabled { handOff(velocity: velocity) }
                setRestartingAnimation(chosen)
            }
        }
        return chosen
    }
}

extension AnimatableProperty where Value: BinaryFloatingPoint, Value.AnimatableData == Value {
    /// Lets a flicked value coast to rest with `rate`'s friction, stopping at `bounds` the way
    /// a scroll view does: returns where it will rest.
    ///
    /// Where the projection (``project(_:velocity:rate:)``) lies within `bounds` the value
    /// decays there (``Animation/decay(_:)``, starting with `velocity` exactly). Where it lies
    /// beyond a bound, the value decays towards the projection until it reaches the bound, then
    /// `spring` takes over towards the bound with the velocity it has there (overshooting
    /// and settling back, as content does at the end of a scroll view). A value already outside
    /// the bounds (released while rubber-banding) springs back with `velocity`.
    ///
    /// ```swift
    /// offset.fling(velocity: drag.velocity, bounds: 0...maxOffset)
    /// ```
    ///
    /// A non-finite velocity is 0; a NaN bound is ignored.
    @discardableResult
    public func fling(
        velocity: Value, rate: DecelerationRate = .normal, bounds: ClosedRange<Value>? = nil,
        spring: Spring = Spring(), completion: (@MainActor () -> Void)? = nil
    ) -> Value {
        let v = velocity.isFinite ? Double(velocity) : 0
        let x0 = Double(presentationValue)
        let lower = bounds.map { Double($0.lowerBound) }.flatMap { $0.isNaN ? nil : $0 } ?? -.infinity
        let upper = bounds.map { Double($0.upperBound) }.flatMap { $0.isNaN ? nil : $0 } ?? .infinity
        let projection = x0 + v / rate.decayConstant
        let animation: Animation
        let target: Double
        // Springs (and the decay that ends in one) must run even towards the value's current target,
        // carrying the velocity; a plain decay towards its current target has nothing to show.
        var restarts = true
        var springVelocity: Double?
        if x0 < lower || x0 > upper {
            // Outside already: back to the nearer bound, continuing the finger's velocity.
            target = min(max(x0, lower), upper)
            animation = .spring(spring)
            springVelocity = v
        } else if projection >= lower && projection <= upper {
            target = projection
            animation = .decay(rate)
            restarts = false
        } else {
            target = projection > upper ? upper : lower
            let change = target - x0
            if change == 0 {
                // At the bound, moving out: only the spring's part of the motion is left.
                animation = .spring(spring)
                springVelocity = v
            } else {
                animation = .decay(rate, overshoot: (projection - x0) / change, spring: spring)
            }
        }
        var transaction = Transaction(animation: animation)
        if let completion { transaction.addAnimationCompletion(completion) }
        withTransaction(transaction) {
            if let springVelocity, clock.animationsEnabled { handOff(velocity: Value(springVelocity)) }
            if restarts {
                setRestartingAnimation(Value(target))
            } else {
                value = Value(target)
            }
        }
        return Value(target)
    }
}
