import Foundation

/// A key into ``EnvironmentValues``: a type with a default value. SwiftUI's `EnvironmentKey`.
///
/// Declare a key, then a property on `EnvironmentValues` that reads and writes it; custom
/// animations read it from `context.environment`, and apps set it for a transaction
/// (``withEnvironment(_:_:_:)``), a property (``AnimatableProperty/environment``) or a clock.
///
/// ```swift
/// struct CalmKey: EnvironmentKey { static let defaultValue = false }
/// extension EnvironmentValues {
///     var isCalm: Bool {
///         get { self[CalmKey.self] }
///         set { self[CalmKey.self] = newValue }
///     }
/// }
/// ```
public protocol EnvironmentKey {
    /// The type of the value the key holds.
    associatedtype Value
    /// What the key reads where nothing set it.
    static var defaultValue: Value { get }
}
