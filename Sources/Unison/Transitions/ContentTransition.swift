import Foundation

/// How a view's content changes in place (SwiftUI's `ContentTransition`): the text of a label,
/// say, while the label itself stays.
///
/// ```swift
/// counter.contentTransition = .numericText()          // digits roll up or down
/// animate(.smooth) { counter.text = "\(count)" }
/// ```
public struct ContentTransition: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case identity
        case opacity
        /// `countsDown` nil: the direction comes from the numbers in the text.
        case numericText(countsDown: Bool?)
    }

    let kind: Kind

    /// The new content appears at once (a surrounding size animation still runs).
    public static let identity = ContentTransition(kind: .identity)
    /// The old content fades out as the new fades in, in place. The default.
    public static let opacity = ContentTransition(kind: .opacity)

    /// The characters that changed roll: the old ones leave and the new ones arrive from the
    /// other side; what the texts share at the start and the end stays (`"$9.99"` to `"$10.99"`
    /// rolls `9` to `10`). Counting up (the new number larger), the old leave
    /// upwards and the new rise from below; counting down the other way. Without `countsDown` the
    /// direction is read from the numbers in the old and new text (up when they cannot be compared).
    public static func numericText(countsDown: Bool? = nil) -> ContentTransition {
        ContentTransition(kind: .numericText(countsDown: countsDown))
    }

    /// `.numericText` whose direction is that of `value`'s change: pass the new value each time
    /// the text changes (down when it is smaller than the one before).
    public static func numericText(value: Double) -> ContentTransition {
        ContentTransition(kind: .numericText(countsDown: nil), value: value)
    }

    /// The value given to ``numericText(value:)`` (compared with the previous one for direction).
    public let value: Double?

    init(kind: Kind, value: Double? = nil) {
        self.kind = kind
        self.value = value
    }

    /// The transition as spelled in code: `identity`, `opacity`, `numericText(value: 42.0)` or
    /// `numericText(countsDown: true)`.
    public var description: String {
        switch kind {
        case .identity: "identity"
        case .opacity: "opacity"
        case let .numericText(countsDown):
            if let value {
                "numericText(value: \(value))"
            } else {
                "numericText(countsDown: \(countsDown.map { "\($0)" } ?? "nil"))"
            }
        }
    }

    /// Whether the content changes at once.
    public var isIdentity: Bool { kind == .identity }

    /// Whether characters roll (``numericText(countsDown:)``, ``numericText(value:)``).
    public var isNumeric: Bool {
        if case .numericText = kind { return true }
        return false
    }
}

/// What a content transition draws at one moment: bands of the old and the new text, each moved
/// vertically (in line heights) and faded. Characters are indices into the text's `Character`s.
///
/// ```swift
/// let change = ContentChange(from: "41", to: "42", transition: .numericText())
/// change.pieces(at: 0.5)   // "4" kept; old "1" half-way up and out, new "2" half-way up and in
/// ```
public struct ContentChange: Hashable, Sendable {
    /// Which text a piece is drawn from.
    public enum Source: Hashable, Sendable {
        /// The text before the change (`old`) or after it (`new`).
        case old, new
    }

    /// One band of characters.
    public struct Piece: Hashable, Sendable {
        /// Which text the band's characters come from.
        public var source: Source
        /// The characters of that text the band covers.
        public var characters: Range<Int>
        /// Vertical offset in line heights, positive downwards.
        public var offset: Double
        /// 0...1.
        public var opacity: Double

        /// A band of `characters` of the `source` text, moved `offset` line heights down and drawn at `opacity`.
        public init(source: Source, characters: Range<Int>, offset: Double, opacity: Double) {
            self.source = source
            self.characters = characters
            self.offset = offset
            self.opacity = opacity
        }
    }

    /// The text before the change.
    public let old: String
    /// The text after the change.
    public let new: String
    /// The transition that draws the change.
    public let transition: ContentTransition
    /// +1: counting up (the new arrive from below), -1: counting down.
    public let direction: Double
    /// How many characters the texts share at the start and at the end (not overlapping): those
    /// stay; only the middle changes.
    public let commonPrefix: Int
    /// How many characters the texts share at the end (see ``commonPrefix``).
    public let commonSuffix: Int
    private let oldCount: Int
    private let newCount: Int

    /// The change from `old` to `new`. `previousValue` is the value the old text showed, for
    /// ``ContentTransition/numericText(value:)``.
    public init(from old: String, to new: String, transition: ContentTransition, previousValue: Double? = nil) {
        self.old = old
        self.new = new
        self.transition = transition
        let oldCharacters = Array(old)
        let newCharacters = Array(new)
        oldCount = oldCharacters.count
        newCount = newCharacters.count
        let shorter = min(oldCount, newCount)
        var prefix = 0
        while prefix < shorter, oldCharacters[prefix] == newCharacters[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, oldCharacters[oldCount - 1 - suffix] == newCharacters[newCount - 1 - suffix] {
            suffix += 1
        }
        commonPrefix = prefix
        commonSuffix = suffix
        switch transition.kind {
        case let .numericText(countsDown?): direction = countsDown ? -1 : 1
        case .numericText(nil):
            if let value = transition.value, let previousValue {
                direction = value < previousValue ? -1 : 1
            } else if let a = Self.number(in: old), let b = Self.number(in: new) {
                direction = b < a ? -1 : 1
            } else {
                direction = 1
            }
        default: direction = 1
        }
    }

    /// Whether nothing changes on screen (same text, or an identity transition).
    public var isEmpty: Bool { old == new || transition.isIdentity }

    /// The bands to draw at `progress` (0: the old text, 1: the new; a spring may pass 1). Empty
    /// when the change ``isEmpty`` or is complete: draw the new text as it is.
    /// - Complexity: O(characters).
    public func pieces(at progress: Double) -> [Piece] {
        var pieces: [Piece] = []
        self.pieces(at: progress, into: &pieces)
        return pieces
    }

    /// ``pieces(at:)`` written into `pieces` (emptied first, its storage kept: a frame allocates nothing).
    public func pieces(at progress: Double, into pieces: inout [Piece]) {
        pieces.removeAll(keepingCapacity: true)
        let timing = self.timing
        guard timing.draws(at: progress) else { return }
        forEachBand { band in
            pieces.append(
                Piece(
                    source: band.source, characters: band.characters, offset: timing.offset(band.motion, at: progress),
                    opacity: timing.opacity(band.motion, at: progress)))
        }
    }

    // MARK: The frame path

    /// How a band of a change moves with its progress (see ``Timing``).
    package enum Motion: Hashable, Sendable {
        /// Stays where it is, opaque (what the texts share).
        case still
        /// Fades in (`shown`), rolling in from `direction` line heights away when `rolls`.
        case arriving(rolls: Bool)
        /// Fades out, rolling away by `-direction` line heights when `rolls`.
        case leaving(rolls: Bool)
    }

    /// A band of the change: the characters of one text and how they move. The bands are the same
    /// at every progress at which the change is drawn (``Timing/draws(at:)``): ``pieces(at:into:)``
    /// is the bands with their offsets and opacities at that progress, in this order.
    package struct Band: Hashable, Sendable {
        package var source: Source
        package var characters: Range<Int>
        package var motion: Motion
    }

    /// What places a change's bands at a progress, apart from its texts: a value without
    /// references, which a frame path keeps and reads without copying the change (whose texts
    /// it would retain and release). ``pieces(at:into:)`` computes every piece through it.
    package struct Timing: Hashable, Sendable {
        /// +1: counting up, -1: counting down (``ContentChange/direction``).
        package let direction: Double
        let isEmpty: Bool
        let isNumeric: Bool

        /// The timing of no change: it draws at no progress.
        package static let none = Timing(direction: 1, isEmpty: true, isNumeric: false)

        /// Whether ``ContentChange/pieces(at:)`` has pieces at `progress`: not when the change is
        /// empty or complete (past 1 only a rolling change is drawn, while a spring overshoots).
        @inline(__always)
        package func draws(at progress: Double) -> Bool {
            !isEmpty && progress.isFinite && (progress < 1 || (progress > 1 && isNumeric))
        }

        /// The vertical offset, in line heights, of a band moving with `motion` at `progress`.
        @inline(__always)
        package func offset(_ motion: Motion, at progress: Double) -> Double {
            switch motion {
            case .still, .arriving(rolls: false), .leaving(rolls: false): 0
            case .arriving(rolls: true): direction * (1 - progress)
            case .leaving(rolls: true): -direction * progress
            }
        }

        /// The opacity (0...1) of a band moving with `motion` at `progress`.
        @inline(__always)
        package func opacity(_ motion: Motion, at progress: Double) -> Double {
            let shown = min(max(progress, 0), 1)
            switch motion {
            case .still: return 1
            case .arriving: return shown
            case .leaving: return 1 - shown
            }
        }

        /// ``offset(_:at:)`` and ``opacity(_:at:)`` of `count` bands moving with `motions` at
        /// `progress`, written to `offsets` and `opacities`: a frame's bands in one call (a
        /// function of another module is called, not inlined, and these two are a few
        /// instructions each).
        package func place(
            _ count: Int, moving motions: UnsafePointer<Motion>, at progress: Double,
            offsets: UnsafeMutablePointer<Double>, opacities: UnsafeMutablePointer<Double>
        ) {
            for index in 0..<count {
                offsets[index] = offset(motions[index], at: progress)
                opacities[index] = opacity(motions[index], at: progress)
            }
        }
    }

    /// The change's ``Timing``.
    package var timing: Timing { Timing(direction: direction, isEmpty: isEmpty, isNumeric: isNumeric) }

    /// The change's bands (see ``Band``) written into `bands` (emptied first, its storage kept).
    /// None when the change ``isEmpty``.
    package func bands(into bands: inout [Band]) {
        bands.removeAll(keepingCapacity: true)
        guard !isEmpty else { return }
        forEachBand { bands.append($0) }
    }

    /// Each band, in order. O(1): at most four.
    private func forEachBand(_ body: (Band) -> Void) {
        switch transition.kind {
        case .identity: return
        case .opacity:
            // (An empty text has no band.)
            if oldCount > 0 { body(Band(source: .old, characters: 0..<oldCount, motion: .leaving(rolls: false))) }
            if newCount > 0 { body(Band(source: .new, characters: 0..<newCount, motion: .arriving(rolls: false))) }
        case .numericText:
            // The shared start and end stay (drawn from the new text); the middle rolls.
            if commonPrefix > 0 { body(Band(source: .new, characters: 0..<commonPrefix, motion: .still)) }
            if newCount - commonSuffix > commonPrefix {
                body(
                    Band(
                        source: .new, characters: commonPrefix..<(newCount - commonSuffix),
                        motion: .arriving(rolls: true)))
            }
            if commonSuffix > 0 {
                body(Band(source: .new, characters: (newCount - commonSuffix)..<newCount, motion: .still))
            }
            if oldCount - commonSuffix > commonPrefix {
                body(
                    Band(
                        source: .old, characters: commonPrefix..<(oldCount - commonSuffix),
                        motion: .leaving(rolls: true)))
            }
        }
    }

    private var isNumeric: Bool { transition.isNumeric }

    /// The number a text shows: its digits, a leading minus and one decimal point, read in order
    /// ("1,024 items" is 1024); nil without digits.
    static func number(in text: String) -> Double? {
        var digits = ""
        for character in text {
            if character.isASCII, character.isNumber || character == "." {
                digits.append(character)
            } else if character == "-", digits.isEmpty {
                digits.append(character)
            }
        }
        return Double(digits)
    }
}
