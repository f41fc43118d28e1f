import Foundation

/// Why a class string (or typed utility list) was rejected. Nothing is applied when resolution
/// fails: the error names the offending token and the reason.
public struct AnimationClassError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// Not an animation class, a recipe name or a known preset.
        case unknownClass
        /// `animate-<name>` with no such preset in the rules or the built-ins.
        case unknownPreset(String)
        /// A `duration-*` / `delay-*` value that is not a finite, non-negative decimal.
        case invalidValue(String)
        /// Recipes that expand into each other: the chain of names.
        case cycle([String])
    }

    /// The token that was rejected (for a cycle, the recipe name that closed it).
    public let token: String
    public let reason: Reason

    public var description: String {
        switch reason {
        case .unknownClass:
            return "'\(token)': unknown class (expected animate-*, duration-*, delay-* or a recipe name)"
        case let .unknownPreset(name):
            return "'\(token)': no animation preset named '\(name)'"
        case let .invalidValue(why):
            return "'\(token)': \(why)"
        case let .cycle(chain):
            return "'\(token)': recipe cycle \(chain.joined(separator: " → "))"
        }
    }
}
