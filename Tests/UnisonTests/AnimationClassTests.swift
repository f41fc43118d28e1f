import Foundation
import Testing
import UnisonTestSupport

@testable import Unison

@Suite("Animation classes")
struct AnimationClassTests {
    let rules = AnimationClassRules(
        named: [
            "motion-card": "animate-settle duration-250", "quick": "duration-100",
            "card-press": "animate-press delay-20",
        ],
        animations: [
            "settle": AnimationPreset { .spring(duration: $0, bounce: 0.15) },
            "press": AnimationPreset(.interactiveSpring(response: 0.25, dampingFraction: 0.8)),
        ])

    @Test(
        "presets resolve with the default 300 ms and no delay",
        arguments: [
            ("animate-spring", Animation.spring(duration: 0.3)), ("animate-smooth", .smooth(duration: 0.3)),
            ("animate-snappy", .snappy(duration: 0.3)), ("animate-bouncy", .bouncy(duration: 0.3)),
            ("animate-interactive-spring", .interactiveSpring(duration: 0.3)),
            ("animate-interpolating-spring", .interpolatingSpring(duration: 0.3)),
            ("animate-linear", .linear(duration: 0.3)),
            ("animate-ease-in", .easeIn(duration: 0.3)), ("animate-ease-out", .easeOut(duration: 0.3)),
            ("animate-ease-in-out", .easeInOut(duration: 0.3)),
            ("animate-circular-ease-in-out", .timingCurve(.circularEaseInOut, duration: 0.3)),
            ("animate-default", .default),
        ])
    func builtIns(classes: String, expected: Animation) throws {
        #expect(try AnimationClassRules.standard.resolve(classes).animation == expected)
    }

    @Test("durations, delays and arbitrary values; later classes win")
    func timing() throws {
        let standard = AnimationClassRules.standard
        #expect(try standard.resolve("animate-spring duration-150").animation == .spring(duration: 0.15))
        #expect(
            try standard.resolve("animate-ease-out duration-200 delay-50").animation
                == .easeOut(duration: 0.2).delay(0.05))
        #expect(try standard.resolve("animate-linear duration-[0.25s]").animation == .linear(duration: 0.25))
        #expect(
            try standard.resolve("animate-linear duration-[250ms] delay-[1.5s]").animation
                == .linear(duration: 0.25).delay(1.5))
        #expect(try standard.resolve("animate-linear duration-75.5").duration == 0.0755)
        #expect(try standard.resolve("duration-100 animate-bouncy duration-400").animation == .bouncy(duration: 0.4))
        #expect(try standard.resolve("animate-bouncy animate-smooth").animation == .smooth(duration: 0.3))
        #expect(try standard.resolve("  animate-snappy\tduration-0  ").animation == .snappy(duration: 0))
        #expect(try standard.resolve("delay-0 animate-linear").animation == .linear(duration: 0.3))
    }

    @Test("duration and delay alone choose no animation")
    func noAnimateClass() throws {
        let style = try AnimationClassRules.standard.resolve("duration-200 delay-50")
        #expect(style.animation == nil && !style.choosesAnimation && style.duration == 0.2)
        var caller = Transaction(animation: .bouncy)
        caller.isContinuous = true
        let kept = style.transaction(over: caller)
        #expect(kept.animation == .bouncy && kept.isContinuous)
        #expect(try AnimationClassRules.standard.resolve("").choosesAnimation == false)
    }

    @Test("factory presets get the resolved duration; fixed presets keep theirs; delay applies to both")
    func customPresets() throws {
        #expect(try rules.resolve("animate-settle").animation == .spring(duration: 0.3, bounce: 0.15))
        #expect(try rules.resolve("animate-settle duration-500").animation == .spring(duration: 0.5, bounce: 0.15))
        let press = Animation.interactiveSpring(response: 0.25, dampingFraction: 0.8)
        #expect(try rules.resolve("animate-press duration-900").animation == press)
        #expect(try rules.resolve("animate-press delay-40").animation == press.delay(0.04))
        #expect(try rules.resolve("motion-card").animation == .spring(duration: 0.25, bounce: 0.15))
        #expect(try rules.resolve("motion-card duration-100").animation == .spring(duration: 0.1, bounce: 0.15))
        #expect(try rules.resolve("animate-ease-in quick").animation == .easeIn(duration: 0.1))
        #expect(try rules.resolve("card-press").animation == press.delay(0.02))
        #expect(try rules.resolve("animate-bouncy").animation == .bouncy(duration: 0.3))  // built-ins kept
    }

    @Test("typed utilities resolve through the same rules")
    func typed() throws {
        #expect(
            try rules.resolve([.animation(.spring), .duration(0.2), .delay(0.05)]).animation
                == .spring(duration: 0.2).delay(0.05))
        #expect(
            try rules.resolve([.animation(.custom("settle")), .duration(0.4)]).animation
                == .spring(duration: 0.4, bounce: 0.15))
        #expect(
            try rules.resolve([.recipe("motion-card"), .delay(0.1)]).animation
                == .spring(duration: 0.25, bounce: 0.15).delay(0.1))
        #expect(throws: AnimationClassError(token: ".duration(-1.0)", reason: .invalidValue("the value is negative"))) {
            try rules.resolve([.animation(.linear), .duration(-1)])
        }
    }

    @Test("layered rules override individual presets and names of their parent")
    func layering() throws {
        let window = AnimationClassRules(
            named: ["quick": "duration-50"], animations: ["settle": AnimationPreset { .smooth(duration: $0) }]
        ).layered(over: rules)
        #expect(try window.resolve("animate-settle").animation == .smooth(duration: 0.3))  // overridden
        #expect(
            try window.resolve("animate-press").animation == .interactiveSpring(response: 0.25, dampingFraction: 0.8))
        #expect(try window.resolve("animate-linear quick").animation == .linear(duration: 0.05))
        #expect(try window.resolve("motion-card").animation == .smooth(duration: 0.25))  // parent recipe, child preset
        #expect(try window.resolve("animate-ease-in").animation == .easeIn(duration: 0.3))
        let calm = AnimationClassRules(reducesMotion: true).layered(over: window)
        let style = try calm.resolve("animate-bouncy")
        #expect(style.animation == nil && style.reducedMotion && style.choosesAnimation)
        #expect(style.transaction(over: Transaction(animation: .smooth)).animation == nil)  // jumps
    }

    @Test(
        "every error names the offending token and why",
        arguments: [
            ("animate-wobble", "animate-wobble", "no animation preset named 'wobble'"),
            ("animate-", "animate-", "no animation preset named ''"),
            ("animate-spring m-6", "m-6", "unknown class"),
            ("animate-spring duration-abc", "duration-abc", "'abc' is not a decimal number"),
            ("animate-spring duration--5", "duration--5", "the value is negative"),
            ("animate-spring duration-1e3", "duration-1e3", "is not a decimal number"),
            ("animate-spring duration-inf", "duration-inf", "is not a decimal number"),
            ("animate-spring duration-nan", "duration-nan", "is not a decimal number"),
            ("animate-spring duration-", "duration-", "is not a decimal number"),
            ("animate-spring duration-1.2.3", "duration-1.2.3", "is not a decimal number"),
            ("animate-spring delay-[2]", "delay-[2]", "needs a unit"),
            ("animate-spring delay-[2s", "delay-[2s", "written [0.25s] or [250ms]"),
            ("animate-spring delay-[-2s]", "delay-[-2s]", "the value is negative"),
            ("animate-spring duration-[]", "duration-[]", "written [0.25s] or [250ms]"),
            ("loop-a", "loop-a", "recipe cycle loop-a → loop-b → loop-a"),
            ("self", "self", "recipe cycle self → self"),
        ])
    func errors(classes: String, token: String, fragment: String) {
        let cyclic = AnimationClassRules(named: ["loop-a": "loop-b", "loop-b": "animate-spring loop-a", "self": "self"])
        do {
            _ = try cyclic.resolve(classes)
            Issue.record("'\(classes)' resolved")
        } catch let error as AnimationClassError {
            #expect(error.token == token, "\(error)")
            #expect(error.description.contains("'\(token)'") && error.description.contains(fragment), "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("fuzz: random and mutated class strings always resolve or fail with a message")
    func fuzz() {
        var seeded = SplitMix64(seed: 20261129)
        let pieces = [
            "animate-", "spring", "bouncy", "ease-in-out", "settle", "press", "duration-", "delay-", "150", "0.5", "[",
            "]", "s", "ms", "-", ".", "motion-card", "quick", " ", "\t", "nan", "inf", "e", "9999999999999999999999",
            "💥",
            "animate-smooth", "duration-[0.2s]", "",
        ]
        var resolved = 0
        var rejected = 0
        for _ in 0..<5000 {
            let text = seeded.mutatedString(of: pieces)
            do {
                let style = try rules.resolve(text)
                resolved += 1
                if let duration = style.duration { #expect(duration.isFinite && duration >= 0) }
            } catch let error as AnimationClassError {
                rejected += 1
                // The message names a token of the input (or of a recipe it expanded).
                let recipeText = rules.named.values.joined(separator: " ")
                #expect(!error.description.isEmpty)
                #expect(text.contains(error.token) || recipeText.contains(error.token), "\(error) for '\(text)'")
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
        #expect(resolved > 100 && rejected > 100)
    }
}
