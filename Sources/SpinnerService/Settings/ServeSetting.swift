/// One setting of `spinnerd serve`: its flag, its environment variable, the values it
/// takes, its default and what it does — one row of `ServeSetting.all`, the one table the
/// parser, `spinnerd --help`, docs/operations.md's table and the render budget of `render`
/// and `cost` are made from (as `OptionBinding` is for the spinner parameters).
public struct ServeSetting: Sendable {
    /// The flag without its dashes: `port` for `--port`.
    public let name: String
    /// The environment variable that sets it when the flag is not given: `PORT`.
    public let variable: String
    /// The value in the usage line: `8080`, `N`, `KEY[,OLD_KEY…]`.
    public let placeholder: String
    /// The default as people read it: `8080`, `cores`, `on, off in signed mode`.
    public let defaultText: String
    /// What it does, with its unit, in one line (the docs table's last column).
    public let summary: String
    /// A switch takes no value (`--gallery`); `--gallery=false` turns it off.
    public let isSwitch: Bool
    /// Sets `value` in the settings, or says why it is refused (naming the flag and the
    /// values it takes).
    let apply: @Sendable (inout ServeSettings, String) -> String?
}

/// A `serve` setting refused: its message names the flag (or variable) and what it takes.
public struct SettingError: Error, Sendable, Equatable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}

extension ServeSetting {
    /// The settings `serve` runs with when nothing is given (on one core; a default that
    /// depends on the cores says so in words): where the help's and the docs' defaults
    /// are read from, so that they are said once, in `ServeSettings(cores:)`.
    public static let defaults = ServeSettings(cores: 1)

    /// A whole number within `range`, as `--name must be …` states when refused. Its
    /// default (and placeholder) is the value `serve` runs with, unless `defaultText`
    /// describes one that depends on the machine.
    static func integer(_ name: String, _ variable: String, _ range: ClosedRange<Int>, placeholder: String? = nil, default defaultText: String? = nil,
                        _ summary: String, must: String? = nil, _ path: WritableKeyPath<ServeSettings, Int> & Sendable) -> ServeSetting {
        let value = String(defaults[keyPath: path])
        return ServeSetting(name: name, variable: variable, placeholder: placeholder ?? value, defaultText: defaultText ?? value,
                            summary: summary, isSwitch: false) {
            settings, value in
            guard let number = Int(value), range.contains(number) else {
                return "--\(name) must be \(must ?? "\(range.lowerBound)…\(range.upperBound)")"
            }
            settings[keyPath: path] = number
            return nil
        }
    }

    /// Whole seconds within `range`, as `--name must be …` states when refused; its default
    /// is the value `serve` runs with.
    static func wholeSeconds(_ name: String, _ variable: String, _ range: ClosedRange<Int64>, _ summary: String, must: String,
                             _ path: WritableKeyPath<ServeSettings, Duration> & Sendable) -> ServeSetting {
        let value = String(defaults[keyPath: path].components.seconds)
        return ServeSetting(name: name, variable: variable, placeholder: value, defaultText: value, summary: summary, isSwitch: false) {
            settings, value in
            guard let number = Int64(value), range.contains(number) else { return "--\(name) must be \(must)" }
            settings[keyPath: path] = .seconds(number)
            return nil
        }
    }

    /// A whole number within `range` that, when not given, is derived (`maxConnections`).
    static func derived(_ name: String, _ variable: String, _ range: ClosedRange<Int>, placeholder: String = "N", default defaultText: String,
                        _ summary: String, must: String, _ path: WritableKeyPath<ServeSettings, Int?> & Sendable) -> ServeSetting {
        ServeSetting(name: name, variable: variable, placeholder: placeholder, defaultText: defaultText, summary: summary, isSwitch: false) {
            settings, value in
            guard let number = Int(value), range.contains(number) else { return "--\(name) must be \(must)" }
            settings[keyPath: path] = number
            return nil
        }
    }

    /// A byte count within `range`, plain or with a unit (`ByteQuantity`: `512Mi`, `1G`,
    /// `512m`), that, when not given, is derived.
    static func bytes(_ name: String, _ variable: String, _ range: ClosedRange<Int>, placeholder: String = "BYTES", default defaultText: String,
                      _ summary: String, must: String, _ path: WritableKeyPath<ServeSettings, Int?> & Sendable) -> ServeSetting {
        ServeSetting(name: name, variable: variable, placeholder: placeholder, defaultText: defaultText, summary: summary, isSwitch: false) {
            settings, value in
            guard let number = ByteQuantity.bytes(value), range.contains(number) else { return "--\(name) must be \(must)" }
            settings[keyPath: path] = number
            return nil
        }
    }

    /// Seconds, more than 0 and at most an hour (to the millisecond); its default is the
    /// value `serve` runs with.
    static func seconds(_ name: String, _ variable: String, _ summary: String,
                        _ path: WritableKeyPath<ServeSettings, Duration> & Sendable) -> ServeSetting {
        let milliseconds = defaults[keyPath: path].wholeMilliseconds
        let defaultText = milliseconds % 1000 == 0 ? String(milliseconds / 1000) : String(Double(milliseconds) / 1000)
        return ServeSetting(name: name, variable: variable, placeholder: defaultText, defaultText: defaultText, summary: summary, isSwitch: false) {
            settings, value in
            guard let number = Double(value), number > 0, number <= 3600 else { return "--\(name) must be seconds (more than 0, at most 3600)" }
            settings[keyPath: path] = .milliseconds(Int64(number * 1000))
            return nil
        }
    }

    /// A switch: given alone means on; `=true|false` (or 1/0, yes/no) sets it. Its default
    /// is the value `serve` runs with (`on`, `off`), unless `defaultText` describes one
    /// that depends on other settings.
    static func toggle(_ name: String, _ variable: String, default defaultText: String? = nil, _ summary: String,
                       _ path: WritableKeyPath<ServeSettings, Bool> & Sendable) -> ServeSetting {
        toggle(name, variable, defaultText ?? (defaults[keyPath: path] ? "on" : "off"), summary) { $0[keyPath: path] = $1 }
    }

    /// A switch whose default, when not given, is derived (`gallery`): `defaultText` says how.
    static func toggle(_ name: String, _ variable: String, default defaultText: String, _ summary: String,
                       _ path: WritableKeyPath<ServeSettings, Bool?> & Sendable) -> ServeSetting {
        toggle(name, variable, defaultText, summary) { $0[keyPath: path] = $1 }
    }

    private static func toggle(_ name: String, _ variable: String, _ defaultText: String, _ summary: String,
                               set: @escaping @Sendable (inout ServeSettings, Bool) -> Void) -> ServeSetting {
        ServeSetting(name: name, variable: variable, placeholder: "", defaultText: defaultText, summary: summary, isSwitch: true) {
            settings, value in
            guard let on = truth(value) else { return "--\(name) takes no value, or true/false" }
            set(&settings, on)
            return nil
        }
    }

    /// A switch's value: true/1/yes or false/0/no, any case; nil otherwise.
    public static func truth(_ value: String) -> Bool? {
        ["true": true, "1": true, "yes": true, "false": false, "0": false, "no": false][value.lowercased()]
    }
}
