/// `theme=auto`: the document is written in light colours, and every element whose paint
/// differs in the dark scene gets a class whose rule, inside
/// `@media (prefers-color-scheme: dark)`, sets the dark paint. Both scenes have the same
/// structure (only colours depend on the theme), so elements are matched in order.
/// Elements that need the same dark paint share one class and one rule (twelve capsules
/// turning white need one `.t0{fill:#fff}`, not twelve).
enum SVGThemeOverrides {
    /// The class of each distinct set of dark declarations, in the order first needed.
    struct Classes {
        fileprivate var names: [String: String] = [:]
        fileprivate var rules: [String] = []

        /// The `@media` body: one rule per class.
        var css: String { rules.joined() }
        var isEmpty: Bool { rules.isEmpty }

        fileprivate mutating func name(for declarations: String) -> String {
            if let name = names[declarations] { return name }
            let name = "t\(rules.count)"
            names[declarations] = name
            rules.append(".\(name){\(declarations)}")
            return name
        }
    }

    private static let paintProperties = ["fill", "stroke", "fill-opacity", "stroke-opacity", "stop-color", "stop-opacity", "opacity"]
    private static let opaqueDefaults = ["fill-opacity": "1", "stroke-opacity": "1", "stop-opacity": "1", "opacity": "1"]

    /// Adds to `classes` the dark rules of `light`'s elements, and their classes to them.
    static func add(light: inout [SVGElement], dark: [SVGElement], to classes: inout Classes) {
        for index in light.indices where index < dark.count {
            add(&light[index], dark: dark[index], to: &classes)
        }
    }

    private static func add(_ light: inout SVGElement, dark: SVGElement, to classes: inout Classes) {
        var declarations: [String] = []
        for property in paintProperties {
            let lightValue = light[property], darkValue = dark[property]
            guard lightValue != darkValue, !(lightValue?.hasPrefix("url(") ?? false) else { continue }
            if let value = darkValue ?? opaqueDefaults[property] { declarations.append("\(property):\(value)") }
        }
        if !declarations.isEmpty { light.addClass(classes.name(for: declarations.joined(separator: ";"))) }
        add(light: &light.children, dark: dark.children, to: &classes)
    }
}
