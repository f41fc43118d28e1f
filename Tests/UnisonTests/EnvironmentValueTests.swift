import Foundation
import Testing
import Unison
import UnisonTestSupport

// Environment values as values: keys, defaults, and the direction-aware transitions they select
// (custom animations and properties reading them on a clock are in UnisonHeadlessTests'
// `EnvironmentTests`).

struct StrideKey: EnvironmentKey {
    static let defaultValue = 1.0
}

/// An optional value: setting it to nil must read back nil, not the default.
struct BadgeKey: EnvironmentKey {
    static let defaultValue: Int? = 7
}

@Suite("Environment values")
struct EnvironmentValueTests {
    @Test("a key never set reads its default; set keys read back what was set, nil included")
    func defaults() {
        var environment = EnvironmentValues()
        #expect(environment.layoutDirection == .leftToRight)
        #expect(environment.accessibilityReduceMotion == false)
        #expect(environment.displayScale == 1)
        #expect(environment.accent == "blue" && environment[StrideKey.self] == 1 && environment[BadgeKey.self] == 7)
        #expect(environment.description == "EnvironmentValues()")
        environment.layoutDirection = .rightToLeft
        environment.displayScale = 2
        environment[BadgeKey.self] = nil
        environment[StrideKey.self] = 0.5
        #expect(environment.layoutDirection == .rightToLeft && environment.displayScale == 2)
        #expect(environment[BadgeKey.self] == nil)  // set to nil: not the default
        #expect(environment[StrideKey.self] == 0.5 && environment.accent == "blue")
        #expect(environment.description.contains("StrideKey: 0.5"))
        // A fresh context has every key at its default too.
        #expect(AnimationContext<Double>().environment.layoutDirection == .leftToRight)
    }

    @Test("keys are types: two keys of the same value type never collide")
    func customKeysByType() {
        struct OtherAccentKey: EnvironmentKey { static let defaultValue = "red" }
        var environment = EnvironmentValues()
        environment.accent = "green"
        #expect(environment[OtherAccentKey.self] == "red")
        environment[OtherAccentKey.self] = "black"
        #expect(environment.accent == "green" && environment[OtherAccentKey.self] == "black")
    }

    // MARK: Direction-aware transitions

    nonisolated static let size = CGSize(width: 200, height: 100)

    /// Rows of the transition table (`TransitionTests.table`) as laid out right to left: every horizontal offset
    /// from an edge changes sign, vertical ones and offsets in points stay.
    nonisolated static let mirroredTable: [TransitionRow] = [
        TransitionRow(
            name: ".move(edge: .leading)", transition: .move(edge: .leading), willAppear: moved(x: 200),
            didDisappear: moved(x: 200)),
        TransitionRow(
            name: ".move(edge: .trailing)", transition: .move(edge: .trailing), willAppear: moved(x: -200),
            didDisappear: moved(x: -200)),
        TransitionRow(name: ".slide", transition: .slide, willAppear: moved(x: 200), didDisappear: moved(x: -200)),
        TransitionRow(
            name: ".push(from: .leading)", transition: .push(from: .leading), willAppear: faded(x: 200),
            didDisappear: faded(x: -200)),
        TransitionRow(
            name: ".push(from: .trailing)", transition: .push(from: .trailing), willAppear: faded(x: -200),
            didDisappear: faded(x: 200)),
        TransitionRow(
            name: ".push(from: .top) (vertical: unchanged)", transition: .push(from: .top), willAppear: faded(y: -100),
            didDisappear: faded(y: 100)),
        TransitionRow(
            name: ".offset(x: 12) (points: unchanged)", transition: .offset(x: 12), willAppear: moved(x: 12),
            didDisappear: moved(x: 12)),
        TransitionRow(
            name: ".slide combined with .offset(x: 5)", transition: .slide.combined(with: .offset(x: 5)),
            willAppear: moved(x: 205), didDisappear: moved(x: -195)),
        TransitionRow(
            name: ".asymmetric(insertion: .move(edge: .trailing), removal: .scale)",
            transition: .asymmetric(insertion: .move(edge: .trailing), removal: .scale), willAppear: moved(x: -200),
            didDisappear: scaled(0, 0)),
    ]

    // Exact: sums and sign changes of the size's components.
    @Test("right to left, leading and trailing swap sides in move, slide and push", arguments: mirroredTable)
    func mirrored(row: TransitionRow) {
        let t = row.transition
        #expect(t.effects(for: .willAppear, size: Self.size, layoutDirection: .rightToLeft) == row.willAppear)
        #expect(t.effects(for: .didDisappear, size: Self.size, layoutDirection: .rightToLeft) == row.didDisappear)
        #expect(t.effects(for: .identity, size: Self.size, layoutDirection: .rightToLeft) == row.identity)
        for phase in [TransitionPhase.willAppear, .identity, .didDisappear] {
            #expect(
                t.effects(for: phase, size: Self.size, layoutDirection: .leftToRight)
                    == t.effects(for: phase, size: Self.size))
        }
    }
}
