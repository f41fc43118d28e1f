import Foundation
import Testing
import Unison
import UnisonTestSupport

/// One row of the transition table (each built-in transition's effects), for an element of `TransitionTests.size`.
struct TransitionRow: Sendable, CustomTestStringConvertible {
    let name: String
    let transition: AnyTransition
    let willAppear: TransitionEffects
    let didDisappear: TransitionEffects
    var identity = TransitionEffects.identity

    var testDescription: String { name }
}

/// A custom rotate transition, as an app would write one: a quarter turn about the top-leading corner, faded out.
let rotateActive = TransitionEffects(opacity: 0, rotation: -90, anchor: .topLeading)
let rotateIdentity = TransitionEffects(anchor: .topLeading)

@Suite("Transition effects")
struct TransitionTests {
    /// An element of width w = 200, height h = 100 (distinct, so a swapped axis shows).
    static let size = CGSize(width: 200, height: 100)

    static let table: [TransitionRow] = [
        TransitionRow(name: ".identity", transition: .identity, willAppear: .identity, didDisappear: .identity),
        TransitionRow(name: ".opacity", transition: .opacity, willAppear: faded(), didDisappear: faded()),
        TransitionRow(name: ".scale", transition: .scale, willAppear: scaled(0, 0), didDisappear: scaled(0, 0)),
        TransitionRow(
            name: ".scale(scale: 0.5, anchor: (0.25, 1))",
            transition: .scale(scale: 0.5, anchor: UnitPoint(x: 0.25, y: 1)),
            willAppear: scaled(0.5, 0.5, anchor: UnitPoint(x: 0.25, y: 1)),
            didDisappear: scaled(0.5, 0.5, anchor: UnitPoint(x: 0.25, y: 1))),
        TransitionRow(
            name: ".move(edge: .top)", transition: .move(edge: .top), willAppear: moved(y: -100),
            didDisappear: moved(y: -100)),
        TransitionRow(
            name: ".move(edge: .bottom)", transition: .move(edge: .bottom), willAppear: moved(y: 100),
            didDisappear: moved(y: 100)),
        TransitionRow(
            name: ".move(edge: .leading)", transition: .move(edge: .leading), willAppear: moved(x: -200),
            didDisappear: moved(x: -200)),
        TransitionRow(
            name: ".move(edge: .trailing)", transition: .move(edge: .trailing), willAppear: moved(x: 200),
            didDisappear: moved(x: 200)),
        TransitionRow(name: ".slide", transition: .slide, willAppear: moved(x: -200), didDisappear: moved(x: 200)),
        TransitionRow(
            name: ".push(from: .top)", transition: .push(from: .top), willAppear: faded(y: -100),
            didDisappear: faded(y: 100)),
        TransitionRow(
            name: ".push(from: .bottom)", transition: .push(from: .bottom), willAppear: faded(y: 100),
            didDisappear: faded(y: -100)),
        TransitionRow(
            name: ".push(from: .leading)", transition: .push(from: .leading), willAppear: faded(x: -200),
            didDisappear: faded(x: 200)),
        TransitionRow(
            name: ".push(from: .trailing)", transition: .push(from: .trailing), willAppear: faded(x: 200),
            didDisappear: faded(x: -200)),
        TransitionRow(
            name: ".offset(CGSize(12, -7))", transition: .offset(CGSize(width: 12, height: -7)),
            willAppear: moved(x: 12, y: -7), didDisappear: moved(x: 12, y: -7)),
        TransitionRow(
            name: ".offset(x: 3, y: 4)", transition: .offset(x: 3, y: 4), willAppear: moved(x: 3, y: 4),
            didDisappear: moved(x: 3, y: 4)),
        TransitionRow(
            name: ".asymmetric(insertion: .scale, removal: .opacity)",
            transition: .asymmetric(insertion: .scale, removal: .opacity), willAppear: scaled(0, 0),
            didDisappear: faded()),
        TransitionRow(
            name: ".modifier(active:identity:) (a custom rotate)",
            transition: .modifier(active: rotateActive, identity: rotateIdentity), willAppear: rotateActive,
            didDisappear: rotateActive, identity: rotateIdentity),
    ]

    // Every expectation below is exact: the effects are sums and products of small integers,
    // halves and the size, all exactly representable.

    @Test("each transition of the table has its active effects and identity", arguments: table)
    func referenceTable(row: TransitionRow) {
        #expect(row.transition.effects(for: .willAppear, size: Self.size) == row.willAppear)
        #expect(row.transition.effects(for: .identity, size: Self.size) == row.identity)
        #expect(row.transition.effects(for: .didDisappear, size: Self.size) == row.didDisappear)
    }

    @Test("only the identity phase is identity")
    func phases() {
        #expect(TransitionPhase.identity.isIdentity)
        #expect(!TransitionPhase.willAppear.isIdentity && !TransitionPhase.didDisappear.isIdentity)
    }

    @Test(
        "combined: opacities multiply, offsets add, scales multiply per axis, rotations add",
        arguments: [
            (
                "opacities", AnyTransition.modifier(active: faded(0.5), identity: .identity),
                AnyTransition.modifier(active: faded(0.25), identity: .identity), faded(0.125)
            ),
            ("offsets", .offset(x: 3, y: 4), .move(edge: .top), moved(x: 3, y: -96)),
            (
                "scales", .modifier(active: scaled(2, 3), identity: .identity),
                .modifier(active: scaled(0.5, 4), identity: .identity), scaled(1, 12)
            ),
            (
                "rotations", .modifier(active: TransitionEffects(rotation: 30), identity: .identity),
                .modifier(active: TransitionEffects(rotation: -90), identity: .identity),
                TransitionEffects(rotation: -60)
            ),
            (
                "everything", .move(edge: .leading).combined(with: .opacity), .scale(scale: 0.5),
                TransitionEffects(
                    opacity: 0, offset: CGSize(width: -200, height: 0), scale: CGSize(width: 0.5, height: 0.5))
            ),
        ])
    func combined(name: String, first: AnyTransition, second: AnyTransition, expected: TransitionEffects) {
        let both = first.combined(with: second)
        #expect(both.effects(for: .willAppear, size: Self.size) == expected)
        #expect(both.effects(for: .didDisappear, size: Self.size) == expected)
        #expect(both.effects(for: .identity, size: Self.size) == .identity)
        // The order only decides the anchor: the values are the same the other way round.
        var swapped = second.combined(with: first).effects(for: .willAppear, size: Self.size)
        swapped.anchor = expected.anchor
        #expect(swapped == expected)
    }

    @Test(
        "combined: the anchor is that of the first transition that scales or rotates",
        arguments: [
            (
                "first scales", AnyTransition.scale(scale: 0.5, anchor: .topLeading), AnyTransition.scale,
                UnitPoint.topLeading
            ),
            ("only the second scales", .opacity, .scale(scale: 0.5, anchor: .bottomTrailing), .bottomTrailing),
            (
                "first rotates", .modifier(active: TransitionEffects(rotation: 10, anchor: .zero), identity: .identity),
                .scale(scale: 2, anchor: .bottomTrailing), .zero
            ),
            ("neither", .move(edge: .top), .opacity, .center),
        ])
    func combinedAnchor(name: String, first: AnyTransition, second: AnyTransition, anchor: UnitPoint) {
        #expect(first.combined(with: second).effects(for: .willAppear, size: Self.size).anchor == anchor)
        // The same rule composes effects directly.
        let effects = first.effects(for: .willAppear, size: Self.size)
        #expect(effects.combined(with: second.effects(for: .willAppear, size: Self.size)).anchor == anchor)
    }

    @Test(
        "asymmetric: insertion effects on the way in, removal effects on the way out, composed with the other side's identity"
    )
    func asymmetric() {
        let guide = AnyTransition.asymmetric(insertion: .scale.combined(with: .opacity), removal: .opacity)
        #expect(guide.effects(for: .willAppear, size: Self.size) == TransitionEffects(opacity: 0, scale: .zero))
        #expect(guide.effects(for: .didDisappear, size: Self.size) == faded())
        #expect(guide.effects(for: .identity, size: Self.size) == .identity)
        // Custom identities are both kept: each phase applies both sides, the unused one at identity.
        let tilted = TransitionEffects(rotation: 5)
        let custom = AnyTransition.asymmetric(
            insertion: .modifier(active: faded(), identity: tilted), removal: .move(edge: .bottom))
        #expect(custom.effects(for: .identity, size: Self.size) == tilted)
        #expect(custom.effects(for: .willAppear, size: Self.size) == faded())
        #expect(
            custom.effects(for: .didDisappear, size: Self.size)
                == TransitionEffects(offset: CGSize(width: 0, height: 100), rotation: 5))
        // Nested: a push inside an asymmetric keeps its own two sides.
        let nested = AnyTransition.asymmetric(insertion: .push(from: .top), removal: .identity)
        #expect(nested.effects(for: .willAppear, size: Self.size) == faded(y: -100))
        #expect(nested.effects(for: .didDisappear, size: Self.size) == .identity)
    }

    @Test("modifier: the active effects on both sides, the identity on stage, anchors as given")
    func modifier() {
        let rotate = AnyTransition.modifier(active: rotateActive, identity: rotateIdentity)
        #expect(rotate.effects(for: .willAppear, size: Self.size).anchor == .topLeading)
        #expect(rotate.effects(for: .identity, size: .zero) == rotateIdentity)
        // Size does not matter to fixed effects.
        #expect(rotate.effects(for: .didDisappear, size: CGSize(width: 1e4, height: 3)) == rotateActive)
    }

    @Test("move offsets follow the size they are evaluated at")
    func moveFollowsSize() {
        for edge in Edge.allCases {
            let small = AnyTransition.move(edge: edge).effects(for: .willAppear, size: CGSize(width: 10, height: 20))
            let large = AnyTransition.move(edge: edge).effects(for: .willAppear, size: CGSize(width: 30, height: 60))
            #expect(large.offset == CGSize(width: small.offset.width * 3, height: small.offset.height * 3))
        }
    }

    @Test(
        "bad numbers never come out: non-finite sizes and offsets count as zero, other non-finite values as identity",
        arguments: [
            (
                "NaN size", AnyTransition.move(edge: .bottom), CGSize(width: CGFloat.nan, height: .nan),
                TransitionEffects.identity
            ),
            (
                "infinite size", .slide, CGSize(width: CGFloat.infinity, height: 5),
                TransitionEffects.identity
            ),
            ("negative size", .move(edge: .top), CGSize(width: -5, height: -8), .identity),
            ("NaN offset", .offset(x: .nan, y: 7), TransitionTests.size, moved(y: 7)),
            (
                "infinite offset", .offset(CGSize(width: -CGFloat.infinity, height: .infinity)), TransitionTests.size,
                .identity
            ),
            (
                "NaN scale", .scale(scale: .nan, anchor: UnitPoint(x: .nan, y: 0)), TransitionTests.size,
                scaled(1, 1, anchor: UnitPoint(x: 0.5, y: 0))
            ),
            (
                "NaN modifier",
                .modifier(
                    active: TransitionEffects(
                        opacity: .nan, offset: CGSize(width: CGFloat.nan, height: 1),
                        scale: CGSize(width: 2, height: CGFloat.infinity),
                        rotation: -.infinity, anchor: UnitPoint(x: .infinity, y: .nan)), identity: .identity),
                TransitionTests.size,
                TransitionEffects(offset: CGSize(width: 0, height: 1), scale: CGSize(width: 2, height: 1))
            ),
        ])
    func badInput(name: String, transition: AnyTransition, size: CGSize, willAppear: TransitionEffects) {
        #expect(transition.effects(for: .willAppear, size: size) == willAppear)
        for phase in [TransitionPhase.willAppear, .identity, .didDisappear] {
            #expect(transition.effects(for: phase, size: size).isFinite)
        }
    }

    @Test("huge values are limited, so products and sums stay finite")
    func hugeValues() {
        let huge = AnyTransition.modifier(
            active: TransitionEffects(
                offset: CGSize(width: 1e300, height: -1e300), scale: CGSize(width: 1e200, height: 1e200)),
            identity: .identity)
        let combined = huge.combined(with: huge).combined(with: .move(edge: .trailing))
        let effects = combined.effects(for: .willAppear, size: CGSize(width: 1e300, height: 1e300))
        #expect(effects.isFinite)
        // The documented limit: ±1e9 per number, after every combination and after sizing.
        #expect(effects.offset.width == 1e9 && effects.offset.height == -1e9 && effects.scale.width == 1e9)
    }

    @Test("animatableData covers opacity, rotation, offset and scale, and leaves the anchor alone")
    func animatableData() {
        var effects = TransitionEffects(
            opacity: 0.5, offset: CGSize(width: 1, height: 2), scale: CGSize(width: 3, height: 4), rotation: 45,
            anchor: .topLeading)
        let data = effects.animatableData
        #expect(data.first.first == 0.5 && data.first.second == 45)
        #expect(data.second.first.first == 1 && data.second.first.second == 2)
        #expect(data.second.second.first == 3 && data.second.second.second == 4)
        effects.animatableData = TransitionEffects.identity.animatableData
        #expect(effects == TransitionEffects(anchor: .topLeading))
    }
}
