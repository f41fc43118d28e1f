import Foundation

/// Why a class string (or typed utility list) was rejected. Nothing is applied when resolution
/// fails: the error names the offending token and the reason.
public struct AnimationClassError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong with the rejected token.
    public enum Reason: Hashable, Sendable {
        /// Not a known utility or a recipe name.
        case unknownClass
        /// A variant (`name:`) that is not `hover`, `active`, `focus`, `focus-visible` or `disabled`.
        case unknownVariant(String)
        /// `animate-<name>` with no such preset in the rules or the built-ins.
        case unknownPreset(String)
        /// A value that does not read: `duration-*` / `delay-*` not a finite, non-negative decimal,
        /// an opacity beyond 100 %, an arbitrary value without its unit...
        case invalidValue(String)
        /// Recipes that expand into each other: the chain of names.
        case cycle([String])
    }

    /// The token that was rejected (for a cycle, the recipe name that closed it).
    public let token: String
    /// What was wrong with ``token``.
    public let reason: Reason

    /// The token and the reason in one sentence, as in `'duration-x': …`, for an error message.
    public var description: String {
        switch reason {
        case .unknownClass:
            return
                "'\(token)': unknown class (expected animate-*, duration-*, delay-*, opacity-*, scale-*, translate-*, rotate-* or a recipe name)"
        case let .unknownVariant(name):
            return
                "'\(token)': unknown variant '\(name):' (expected hover:, active:, focus:, focus-visible: or disabled:)"
        case let .unknownPreset(name):
            return "'\(token)': no animation preset named '\(name)'"
        case let .invalidValue(why):
            return "'\(token)': \(why)"
        case let .cycle(chain):
            return "'\(token)': recipe cycle \(chain.joined(separator: " → "))"
        }
    }
}
