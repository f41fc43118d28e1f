import Foundation
import Unison

// Prints each preset's progress (0 = start, 1 = target) every 50 ms as a table and an
// ASCII plot: the headless demo for machines without a display.

let presets: [(String, Animation)] = [
    ("default", .default), ("spring", .spring), ("smooth", .smooth), ("snappy", .snappy),
    ("bouncy", .bouncy), ("interactiveSpring", .interactiveSpring), ("linear", .linear),
    ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
]

func progress(_ animation: Animation, at time: Double) -> Double {
    var context = AnimationContext<Double>()
    return animation.animate(value: 1.0, time: time, context: &context) ?? 1
}

let times = stride(from: 0.0, through: 1.0, by: 0.05).map { $0 }
print("Progress of each preset (change 0 -> 1) at t seconds\n")
print("t     " + presets.map { $0.0.padding(toLength: 9, withPad: " ", startingAt: 0) }.joined(separator: " "))
for t in times {
    let row = presets.map { String(format: "%9.4f", progress($0.1, at: t)) }.joined(separator: " ")
    print(String(format: "%.2f  ", t) + row)
}

print("\nbouncy vs smooth, 0...0.8 s (rows: progress 1.1 down to 0; b = bouncy, s = smooth)")
let width = 64
for level in stride(from: 1.1, through: -0.001, by: -0.1) {
    var line = Array(repeating: Character(" "), count: width)
    for column in 0..<width {
        let t = 0.8 * Double(column) / Double(width - 1)
        if abs(progress(.smooth, at: t) - level) < 0.05 { line[column] = "s" }
        if abs(progress(.bouncy, at: t) - level) < 0.05 { line[column] = "b" }
    }
    print(String(format: "%4.1f |", level) + String(line))
}
for (name, animation) in presets {
    print("\(name): \(animation)")
}
