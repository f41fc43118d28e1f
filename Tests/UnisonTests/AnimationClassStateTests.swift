import Foundation
import Testing
import UnisonTestSupport

@testable import Unison

@Suite("Animation classes: values and state variants")
@MainActor
struct AnimationClassStateTests {
    let rules = stateClassRules

    /// The plain-state values of `classes`.
    func values(_ classes: String) throws -> StyledValues {
        try rules.resolveStyle(classes).resolved(for: []).values
    }

    @Test(
        "value utilities read in Tailwind's units: percent, the 4 px spacing unit, degrees; brackets take units",
        arguments: [
            ("opacity-80", StyledValues.identity.with(opacity: 0.8)), ("opacity-0", .identity.with(opacity: 0)),
            ("opacity-100", .identity), ("opacity-2.5", .identity.with(opacity: 0.025)),
            ("opacity-[0.35]", .identity.with(opacity: 0.35)), ("opacity-[35%]", .identity.with(opacity: 0.35)),
            ("opacity-[.5]", .identity.with(opacity: 0.5)),
            ("scale-105", .identity.with(scale: (1.05, 1.05))), ("scale-x-50", .identity.with(scale: (0.5, 1))),
            ("scale-y-150", .identity.with(scale: (1, 1.5))), ("-scale-x-100", .identity.with(scale: (-1, 1))),
            ("scale-[1.7]", .identity.with(scale: (1.7, 1.7))), ("scale-[170%]", .identity.with(scale: (1.7, 1.7))),
            ("scale-0", .identity.with(scale: (0, 0))),
            ("translate-y-1", .identity.with(translation: (0, 4))),
            ("-translate-y-1", .identity.with(translation: (0, -4))),
            ("translate-x-px", .identity.with(translation: (1, 0))),
            ("-translate-x-px", .identity.with(translation: (-1, 0))),
            ("translate-x-0.5", .identity.with(translation: (2, 0))),
            ("translate-2", .identity.with(translation: (8, 8))),
            ("translate-x-[10px]", .identity.with(translation: (10, 0))),
            ("translate-y-[0.5rem]", .identity.with(translation: (0, 8))),
            ("translate-x-[-3px]", .identity.with(translation: (-3, 0))),
            ("-translate-x-[-3px]", .identity.with(translation: (3, 0))),
            ("translate-x-[7]", .identity.with(translation: (7, 0))),
            ("rotate-3", .identity.with(rotation: 3)), ("-rotate-45", .identity.with(rotation: -45)),
            ("rotate-[17deg]", .identity.with(rotation: 17)), ("rotate-[0.25turn]", .identity.with(rotation: 90)),
            ("rotate-[1rad]", .identity.with(rotation: 180 / Double.pi)), ("rotate-[-7]", .identity.with(rotation: -7)),
            // Later classes override earlier ones, per property and per axis.
            ("opacity-50 opacity-80", .identity.with(opacity: 0.8)),
            ("translate-x-2 translate-y-1", .identity.with(translation: (8, 4))),
            ("translate-2 translate-x-1", .identity.with(translation: (4, 8))),
            ("scale-x-50 scale-110", .identity.with(scale: (1.1, 1.1))),
        ])
    func valueUtilities(classes: String, expected: StyledValues) throws {
        let got = try values(classes)
        // One decimal division or multiplication by a unit each: `rounding`.
        #expect(abs(got.opacity - expected.opacity) < rounding, "\(classes)")
        #expect(
            abs(got.scale.width - expected.scale.width) < rounding
                && abs(got.scale.height - expected.scale.height) < rounding, "\(classes)")
        #expect(
            abs(got.translation.x - expected.translation.x) < rounding
                && abs(got.translation.y - expected.translation.y) < rounding, "\(classes)")
        #expect(abs(got.rotation - expected.rotation) < rounding, "\(classes)")
    }

    @Test("the README's button: pressed it fades to 80 %, with the spring both ways; only opacity is styled")
    func seedButtonStates() throws {
        let style = try rules.resolveStyle(seedButton)
        #expect(style.properties == [.opacity, .translation, .scale])
        #expect(style.states == [.hover, .active, .focusVisible])
        for states: InteractionState in [[], [.hover], [.active], [.hover, .active], [.focus, .focusVisible]] {
            let resolved = style.resolved(for: states)
            #expect(resolved.values.opacity == (states.contains(.active) ? 0.8 : 1), "\(states)")
            #expect(resolved.values.translation.x == (states.contains(.hover) ? 4 : 0), "\(states)")
            #expect(resolved.values.scale.width == (states.contains(.focusVisible) ? 1.05 : 1), "\(states)")
            #expect(resolved.animation.animation == .spring(duration: 0.15), "\(states)")  // entering and leaving
        }
        // A state no class mentions changes nothing.
        #expect(style.resolved(for: [.disabled]).values == style.resolved(for: []).values)
    }

    @Test("the destination state selects the animation; a state without one keeps the caller's transaction")
    func destinationSelects() throws {
        let style = try rules.resolveStyle(
            "animate-smooth duration-200 hover:animate-bouncy active:opacity-50 active:duration-100")
        #expect(style.resolved(for: []).animation.animation == .smooth(duration: 0.2))  // leaving hover
        #expect(style.resolved(for: [.hover]).animation.animation == .bouncy(duration: 0.2))  // entering hover
        #expect(style.resolved(for: [.hover, .active]).animation.animation == .bouncy(duration: 0.1))
        #expect(style.resolved(for: [.active]).animation.animation == .smooth(duration: 0.1))
        // Only the pressed state animates: the press springs in, the release keeps the caller's
        // transaction (no animation: it jumps).
        let entryOnly = try rules.resolveStyle("active:opacity-80 active:animate-spring")
        #expect(entryOnly.resolved(for: [.active]).animation.animation == .spring(duration: 0.3))
        #expect(!entryOnly.resolved(for: []).animation.choosesAnimation)
        var caller = Transaction(animation: .linear)
        caller.isContinuous = true
        #expect(entryOnly.resolved(for: []).animation.transaction(over: caller).animation == .linear)
        // Duration and delay alone, in a state, do not animate either.
        #expect(
            !(try rules.resolveStyle("hover:duration-75 hover:delay-10")).resolved(for: [.hover]).animation
                .choosesAnimation)
    }

    @Test(
        "later classes override earlier ones among those that apply; stacked variants need every state",
        arguments: [
            ("active:opacity-80 opacity-50", InteractionState.active, 0.5),
            ("opacity-50 active:opacity-80", .active, 0.8),
            ("hover:active:opacity-90 active:opacity-80", [.hover, .active], 0.8),
            ("active:opacity-80 hover:active:opacity-90", [.hover, .active], 0.9),
            ("active:opacity-80 hover:active:opacity-90", .active, 0.8),
            ("hover:active:opacity-90", .hover, 1),
            ("focus-visible:opacity-70 focus:opacity-90", [.focus, .focusVisible], 0.9),
            ("disabled:opacity-50 hover:opacity-90", [.disabled, .hover], 0.9),
            ("hover:opacity-90 disabled:opacity-50", [.disabled, .hover], 0.5),
        ] as [(String, InteractionState, Double)])
    func precedence(classes: String, states: InteractionState, opacity: Double) throws {
        #expect(try rules.resolveStyle(classes).resolved(for: states).values.opacity == opacity)
    }

    @Test("variants apply to recipes (and recipes carry their own variants); typed utilities resolve alike")
    func recipesAndTyped() throws {
        let press = Animation.interactiveSpring(response: 0.25, dampingFraction: 0.8)
        let faded = try rules.resolveStyle("active:press-fade")
        #expect(faded.resolved(for: [.active]).values.opacity == 0.8)
        #expect(faded.resolved(for: [.active]).animation.animation == press)
        #expect(faded.resolved(for: []).values.opacity == 1 && !faded.resolved(for: []).animation.choosesAnimation)
        // A recipe behind a variant: its own variants stack on it.
        let nested = try rules.resolveStyle("hover:dropdown-item")
        #expect(nested.resolved(for: [.focusVisible]).values.scale.width == 1)
        #expect(nested.resolved(for: [.hover, .focusVisible]).values.scale.width == 1.05)
        // A custom preset and a card recipe: the card lifts on hover and settles.
        let card = try rules.resolveStyle("motion-card")
        #expect(card.resolved(for: [.hover]).values.translation == CGPoint(x: 0, y: -4))
        #expect(card.resolved(for: [.hover, .active]).values.scale == CGSize(width: 0.95, height: 0.95))
        #expect(card.resolved(for: []).animation.animation == .spring(duration: 0.25, bounce: 0.15))
        // Typed: the README's button without strings.
        let typed = try rules.resolveStyle([
            .recipe("dropdown-item"), .active(.opacity(0.8)), .animation(.spring), .duration(0.15),
        ])
        let parsed = try rules.resolveStyle(seedButton)
        for states: InteractionState in [[], [.hover], [.active], [.hover, .active, .focus, .focusVisible]] {
            #expect(typed.resolved(for: states).values == parsed.resolved(for: states).values)
            #expect(typed.resolved(for: states).animation.animation == parsed.resolved(for: states).animation.animation)
        }
        let stacked = try rules.resolveStyle([
            .when([.hover, .active], .scale(0.95), .translate(y: 2)), .hover(.translate(x: 1), .rotate(-3)),
            .scale(x: 1.5),
        ])
        #expect(stacked.resolved(for: [.hover, .active]).values.scale == CGSize(width: 1.5, height: 0.95))
        #expect(stacked.resolved(for: [.hover, .active]).values.translation == CGPoint(x: 1, y: 2))  // x overridden
        #expect(
            stacked.resolved(for: [.hover]).values.rotation == -3
                && stacked.resolved(for: [.active]).values.rotation == 0)
    }

    @Test("reduced motion makes every state's change jump, values unchanged")
    func reducedMotionAndDisabled() throws {
        let calm = AnimationClassRules(reducesMotion: true).layered(over: rules)
        let style = try calm.resolveStyle(seedButton + " hover:animate-bouncy")
        for states: InteractionState in [[], [.hover], [.active], [.hover, .active]] {
            let resolved = style.resolved(for: states)
            #expect(resolved.animation.animation == nil && resolved.animation.reducedMotion)
            #expect(resolved.animation.transaction(over: Transaction(animation: .smooth)).animation == nil)
        }
        #expect(style.resolved(for: [.active]).values.opacity == 0.8)
    }

    @Test(
        "every error names the offending token (variant included) and why",
        arguments: [
            ("hovr:opacity-80", "hovr:opacity-80", "unknown variant 'hovr:'"),
            (":opacity-80", ":opacity-80", "unknown variant ':'"),
            ("hover:", "hover:", "a variant needs a class after it"),
            ("hover:m-6", "hover:m-6", "unknown class"),
            ("active:animate-wobble", "active:animate-wobble", "no animation preset named 'wobble'"),
            ("focus:duration-abc", "focus:duration-abc", "is not a decimal number"),
            ("opacity-120", "opacity-120", "opacity is 0...100"),
            ("-opacity-50", "-opacity-50", "no negative form"),
            ("opacity-[1.5]", "opacity-[1.5]", "opacity is 0...1"),
            ("opacity-[-0.5]", "opacity-[-0.5]", "the value is negative"),
            ("opacity-[50", "opacity-[50", "written [0.35] or [35%]"),
            ("scale-abc", "scale-abc", "'abc' is not a decimal number"),
            ("scale--5", "scale--5", "the value is negative"),
            ("translate-x-full", "translate-x-full", "relative to the widget's size"),
            ("translate-x-1/2", "translate-x-1/2", "relative to the widget's size"),
            ("translate-x-[10em]", "translate-x-[10em]", "written [10px] or [0.5rem]"),
            ("translate-y-1e3", "translate-y-1e3", "is not a decimal number"),
            ("rotate-[3grad]", "rotate-[3grad]", "written [17deg] or [0.25turn]"),
            ("rotate-", "rotate-", "is not a decimal number"),
            ("hover:focus:rotate-nan", "hover:focus:rotate-nan", "is not a decimal number"),
            ("disabled:scale-[]", "disabled:scale-[]", "written [1.05] or [105%]"),
        ])
    func errors(classes: String, token: String, fragment: String) {
        do {
            _ = try rules.resolveStyle("animate-spring " + classes + " opacity-50")
            Issue.record("'\(classes)' resolved")
        } catch let error as AnimationClassError {
            #expect(error.token == token, "\(error)")
            #expect(error.description.contains("'\(token)'") && error.description.contains(fragment), "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
        // The animation-only resolution validates the same classes.
        #expect(throws: AnimationClassError.self) { try rules.resolve(classes) }
    }

    @Test("typed values are checked too: opacity 0...1, everything finite")
    func typedErrors() {
        #expect(throws: AnimationClassError(token: ".opacity(1.5)", reason: .invalidValue("opacity is 0...1"))) {
            try rules.resolveStyle([.hover(.opacity(1.5))])
        }
        #expect(throws: AnimationClassError(token: ".rotate(nan)", reason: .invalidValue("the value is not finite"))) {
            try rules.resolveStyle([.rotate(.nan)])
        }
        #expect(
            throws: AnimationClassError(
                token: ".translate(x: inf, y: nil)", reason: .invalidValue("the value is not finite"))
        ) {
            try rules.resolveStyle([.active(.translate(x: .infinity))])
        }
    }

    @Test(
        "fuzz: random class strings with values and variants resolve to finite values in every state, or fail naming a token"
    )
    func fuzz() {
        var seeded = SplitMix64(seed: 20_261_201)
        let pieces = [
            "hover:", "active:", "focus:", "focus-visible:", "disabled:", "hovr:", ":", "opacity-", "scale-",
            "scale-x-", "translate-y-", "translate-", "rotate-", "-", "80", "105", "1", "0.5", "[", "]", "px", "rem",
            "deg", "turn", "%", "full", "1/2", "animate-spring", "animate-", "duration-150", "delay-", "dropdown-item",
            "motion-card", " ", "\t", "nan", "inf", "e", "9999999999999999999999", "💥", "",
        ]
        var resolved = 0
        var rejected = 0
        let recipeText = rules.named.values.joined(separator: " ")
        for _ in 0..<5000 {
            let text = seeded.mutatedString(of: pieces)
            do {
                let style = try rules.resolveStyle(text)
                resolved += 1
                for raw in 0..<UInt8(32) {
                    let values = style.resolved(for: InteractionState(rawValue: raw)).values
                    #expect((0...1).contains(values.opacity), "'\(text)'")
                    let all = [
                        values.scale.width, values.scale.height, values.translation.x, values.translation.y,
                        values.rotation,
                    ]
                    #expect(all.allSatisfy { $0.isFinite }, "'\(text)'")
                }
            } catch let error as AnimationClassError {
                rejected += 1
                #expect(!error.description.isEmpty)
                #expect(text.contains(error.token) || recipeText.contains(error.token), "\(error) for '\(text)'")
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
        #expect(resolved > 100 && rejected > 100, "\(resolved) resolved, \(rejected) rejected")
    }

    @Test("padding classes resolve in pixels per edge and own the padding; CSS styling classes pass through")
    func paddingAndStyling() throws {
        let style = try AnimationClassRules.standard.resolveStyle(
            "p-6 px-2 pt-[12px] hover:pb-[2rem] bg-surface rounded-xl hover:bg-accent")
        #expect(style.properties == [.padding, .styleClasses])
        let plain = style.resolved(for: []).values
        #expect(plain.padding == EdgeInsets(top: 12, leading: 8, bottom: 24, trailing: 8))
        #expect(plain.styleClasses == ["bg-surface", "rounded-xl"])
        let hovered = style.resolved(for: .hover).values
        #expect(hovered.padding.bottom == 32 && hovered.styleClasses == ["bg-surface", "rounded-xl", "bg-accent"])
        // The arbitrary-value form, as Swift interpolates a CGFloat.
        let arbitrary = try AnimationClassRules.standard.resolveStyle("p-[\(CGFloat(32))] p-px")
        #expect(arbitrary.resolved(for: []).values.padding == EdgeInsets(all: 1))
        #expect(try AnimationClassRules.standard.resolveStyle("p-[32.0]").resolved(for: []).values.padding.top == 32)
        for bad in ["-p-1", "p-[-3px]", "p-[3em]", "px-oops", "bg-", "rounded-", "text-x_y"] {
            #expect(throws: AnimationClassError.self, "\(bad)") { try AnimationClassRules.standard.resolveStyle(bad) }
        }
        #expect(throws: AnimationClassError.self) { try AnimationClassRules.standard.resolveStyle([.padding(-1)]) }
        // A recipe of that name wins over the CSS class.
        let rules = AnimationClassRules(named: ["bg-surface": "opacity-90"])
        #expect(try rules.resolveStyle("bg-surface").properties == .opacity)
    }
}

extension StyledValues {
    func with(
        opacity: Double? = nil, scale: (Double, Double)? = nil, translation: (Double, Double)? = nil,
        rotation: Double? = nil
    ) -> StyledValues {
        var values = self
        if let opacity { values.opacity = opacity }
        if let scale { values.scale = CGSize(width: scale.0, height: scale.1) }
        if let translation { values.translation = CGPoint(x: translation.0, y: translation.1) }
        if let rotation { values.rotation = rotation }
        return values
    }
}
