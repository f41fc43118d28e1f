import Foundation
import Testing
import Unison
import UnisonTestSupport

/// What a watched animation's recipe and scopes decide before anything animates (the scopes on
/// properties are in UnisonHeadlessTests' `WatchedAnimationTests`).
@MainActor
@Suite("Watched animation recipes")
struct WatchedAnimationRecipeTests {
    @Test("watched surface and layout scopes make content inherit identity; an explicit one wins")
    func inheritedContentTransition() {
        #expect(AnimationScope.surface.inheritedContentTransition == .identity)
        #expect(AnimationScope.layout.inheritedContentTransition == .identity)
        #expect(AnimationScope.content.inheritedContentTransition == nil)
        #expect(AnimationScope.all.inheritedContentTransition == nil)
    }

    @Test("the wrapper validates a whole recipe but applies only its animation")
    func wrapperValidatesRecipes() throws {
        let rules = AnimationClassRules(named: ["image": "p-2 rounded-lg opacity-90 animate-spring duration-150"])
        let watch = try WatchedAnimation("image", value: 0, rules: rules)
        #expect(watch.style.presetName == "spring" && watch.style.duration == 0.15)
        #expect(throws: AnimationClassError.self) { try WatchedAnimation("image p-oops", value: 0, rules: rules) }
        #expect(throws: AnimationClassError.self) { try WatchedAnimation("animate-smooth bgsurface", value: 0) }
    }
}

@Suite("Content transitions")
struct ContentTransitionTests {
    @Test("numericText rolls only the changed digits, lined up at the last one")
    func numericPieces() {
        let change = ContentChange(from: "41", to: "42", transition: .numericText())
        #expect(change.direction == 1)
        let half = change.pieces(at: 0.5)
        #expect(
            half == [
                .init(source: .new, characters: 0..<1, offset: 0, opacity: 1),  // the 4 stays
                .init(source: .new, characters: 1..<2, offset: 0.5, opacity: 0.5),  // the 2 rises from below
                .init(source: .old, characters: 1..<2, offset: -0.5, opacity: 0.5),  // the 1 leaves upwards
            ])
        #expect(change.pieces(at: 1).isEmpty && change.pieces(at: .nan).isEmpty)
        // A spring past 1: the arriving digit overshoots upwards a little.
        let over = change.pieces(at: 1.05)
        #expect(over.contains { $0.source == .new && $0.offset.isApproximatelyEqual(to: -0.05, within: .rounding) })
    }

    @Test("the direction comes from the numbers, countsDown or the values")
    func directions() {
        #expect(ContentChange(from: "10", to: "9", transition: .numericText()).direction == -1)
        #expect(ContentChange(from: "1,024 items", to: "999 items", transition: .numericText()).direction == -1)
        #expect(ContentChange(from: "9", to: "10", transition: .numericText(countsDown: true)).direction == -1)
        #expect(ContentChange(from: "a", to: "b", transition: .numericText()).direction == 1)
        let down = ContentChange(from: "5", to: "7", transition: .numericText(value: -7), previousValue: -5)
        #expect(down.direction == -1)
        // "9" to "10": the 9 leaves, the 1 and the 0 arrive (nothing lines up).
        let grow = ContentChange(from: "9", to: "10", transition: .numericText())
        #expect(
            grow.pieces(at: 0.25) == [
                .init(source: .new, characters: 0..<2, offset: 0.75, opacity: 0.25),
                .init(source: .old, characters: 0..<1, offset: -0.25, opacity: 0.75),
            ])
    }

    @Test("numericText keeps what the texts share at the start and the end")
    func sharedStartAndEnd() {
        let price = ContentChange(from: "$9.99", to: "$10.99", transition: .numericText())
        #expect(price.commonPrefix == 1 && price.commonSuffix == 3 && price.direction == 1)
        #expect(
            price.pieces(at: 0.5) == [
                .init(source: .new, characters: 0..<1, offset: 0, opacity: 1),  // "$"
                .init(source: .new, characters: 1..<3, offset: 0.5, opacity: 0.5),  // "10" rises
                .init(source: .new, characters: 3..<6, offset: 0, opacity: 1),  // ".99"
                .init(source: .old, characters: 1..<2, offset: -0.5, opacity: 0.5),  // "9" leaves
            ])
        let label = ContentChange(from: "Count: 9", to: "Count: 10", transition: .numericText())
        #expect(label.commonPrefix == 7 && label.commonSuffix == 0)
        // A shared character never counts twice: "aa" to "aaa" shares 2 at the start, none after.
        let grow = ContentChange(from: "aa", to: "aaa", transition: .numericText())
        #expect(grow.commonPrefix == 2 && grow.commonSuffix == 0)
    }

    @Test("opacity cross-fades the whole text; identity and equal texts draw nothing")
    func opacityAndIdentity() {
        let fade = ContentChange(from: "Save", to: "Saved", transition: .opacity)
        #expect(
            fade.pieces(at: 0.25) == [
                .init(source: .old, characters: 0..<4, offset: 0, opacity: 0.75),
                .init(source: .new, characters: 0..<5, offset: 0, opacity: 0.25),
            ])
        #expect(fade.pieces(at: 1.2).isEmpty)  // a cross-fade does not overshoot
        // Found by the fuzzer: an empty text has no (empty) band.
        #expect(ContentChange(from: "", to: "a", transition: .opacity).pieces(at: 0.5).map(\.source) == [.new])
        #expect(ContentChange(from: "a", to: "b", transition: .identity).pieces(at: 0.5).isEmpty)
        #expect(ContentChange(from: "a", to: "a", transition: .numericText()).isEmpty)
    }
}

@Suite("Content change bands")
struct ContentChangeBandsTests {
    /// The pieces as the documentation of `pieces(at:)` and `numericText` spells them, written
    /// out here on their own: the frame path places a change's bands through `Timing`, and must
    /// draw exactly these numbers.
    static func reference(_ change: ContentChange, at progress: Double) -> [ContentChange.Piece] {
        let old = Array(change.old)
        let new = Array(change.new)
        guard !change.isEmpty, progress.isFinite, progress < 1 || (progress > 1 && change.transition.isNumeric)
        else { return [] }
        let shown = min(max(progress, 0), 1)
        guard change.transition.isNumeric else {
            return (old.isEmpty ? [] : [.init(source: .old, characters: 0..<old.count, offset: 0, opacity: 1 - shown)])
                + (new.isEmpty ? [] : [.init(source: .new, characters: 0..<new.count, offset: 0, opacity: shown)])
        }
        let (prefix, suffix, d) = (change.commonPrefix, change.commonSuffix, change.direction)
        var pieces: [ContentChange.Piece] = []
        if prefix > 0 { pieces.append(.init(source: .new, characters: 0..<prefix, offset: 0, opacity: 1)) }
        if new.count - suffix > prefix {
            pieces.append(
                .init(
                    source: .new, characters: prefix..<(new.count - suffix), offset: d * (1 - progress), opacity: shown)
            )
        }
        if suffix > 0 {
            pieces.append(.init(source: .new, characters: (new.count - suffix)..<new.count, offset: 0, opacity: 1))
        }
        if old.count - suffix > prefix {
            pieces.append(
                .init(
                    source: .old, characters: prefix..<(old.count - suffix), offset: -d * progress, opacity: 1 - shown))
        }
        return pieces
    }

    /// Pieces as exact numbers (`==` on `Double` calls -0 and 0 equal).
    static func bits(_ pieces: [ContentChange.Piece]) -> [String] {
        pieces.map {
            "\($0.source) \($0.characters) \($0.offset.bitPattern) \($0.opacity.bitPattern)"
        }
    }

    static let changes: [ContentChange] = [
        ContentChange(from: "41", to: "42", transition: .numericText()),
        ContentChange(from: "109", to: "110", transition: .numericText()),
        ContentChange(from: "10", to: "9", transition: .numericText()),
        ContentChange(from: "$9.99", to: "$10.99", transition: .numericText(countsDown: true)),
        ContentChange(from: "", to: "7", transition: .numericText()),
        ContentChange(from: "7", to: "", transition: .numericText()),
        ContentChange(from: "abc", to: "abd", transition: .opacity),
        ContentChange(from: "", to: "new", transition: .opacity),
        ContentChange(from: "old", to: "", transition: .opacity),
        ContentChange(from: "same", to: "same", transition: .numericText()),
        ContentChange(from: "1", to: "2", transition: .identity),
    ]
    static let progresses: [Double] = [
        0, 0.1, 1.0 / 3, 0.5, 0.999_999, 1, 1.05, 1.5, -0.2, -0.0, .nan, .infinity, -.infinity, 1e300,
    ]

    @Test("pieces are the bands placed by the timing, bit for bit, and drawn exactly when there are any")
    func piecesAreTheBandsPlaced() {
        for change in Self.changes {
            var bands: [ContentChange.Band] = []
            change.bands(into: &bands)
            let timing = change.timing
            var motions = bands.map(\.motion)
            var offsets = [Double](repeating: .nan, count: bands.count)
            var opacities = [Double](repeating: .nan, count: bands.count)
            for progress in Self.progresses {
                let pieces = change.pieces(at: progress)
                #expect(
                    Self.bits(pieces) == Self.bits(Self.reference(change, at: progress)),
                    "\(change.old) → \(change.new) at \(progress)")
                #expect(timing.draws(at: progress) == !pieces.isEmpty, "\(change.old) → \(change.new) at \(progress)")
                guard timing.draws(at: progress) else { continue }
                timing.place(bands.count, moving: &motions, at: progress, offsets: &offsets, opacities: &opacities)
                let placed = bands.indices.map {
                    ContentChange.Piece(
                        source: bands[$0].source, characters: bands[$0].characters, offset: offsets[$0],
                        opacity: opacities[$0])
                }
                #expect(Self.bits(placed) == Self.bits(pieces))
            }
        }
    }

    @Test("an empty change has no bands and draws at no progress; no timing draws at all")
    func emptyChanges() {
        var bands: [ContentChange.Band] = []
        ContentChange(from: "1", to: "2", transition: .numericText()).bands(into: &bands)
        #expect(bands.count == 2)
        ContentChange(from: "1", to: "2", transition: .identity).bands(into: &bands)
        #expect(bands.isEmpty)
        ContentChange(from: "x", to: "x", transition: .opacity).bands(into: &bands)
        #expect(bands.isEmpty)
        #expect(Self.progresses.allSatisfy { !ContentChange.Timing.none.draws(at: $0) })
    }
}
