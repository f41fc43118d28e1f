import Unison

/// Three tracked `Double`s (the demo's jump and squash): the keyframe suites' app-defined value type.
struct KeyframePose: Animatable, Equatable {
    var y = 0.0
    var scaleX = 1.0
    var scaleY = 1.0

    var animatableData: AnimatablePair<Double, AnimatablePair<Double, Double>> {
        get { AnimatablePair(y, AnimatablePair(scaleX, scaleY)) }
        set { (y, scaleX, scaleY) = (newValue.first, newValue.second.first, newValue.second.second) }
    }
}
