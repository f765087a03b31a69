/// `theme=auto`: the document is written in light colours, and every element whose paint
/// differs in the dark scene gets a class whose rule, inside
/// `@media (prefers-color-scheme: dark)`, sets the dark paint. Both scenes have the same
/// structure (only colours depend on the theme), so elements are matched in order.
enum SVGThemeOverrides {
    private static let paintProperties = ["fill", "stroke", "fill-opacity", "stroke-opacity", "stop-color", "stop-opacity", "opacity"]
    private static let opaqueDefaults = ["fill-opacity": "1", "stroke-opacity": "1", "stop-opacity": "1", "opacity": "1"]

    /// The dark rules, adding their classes to the matching `light` elements.
    static func rules(light: inout [SVGElement], dark: [SVGElement], counter: inout Int) -> [String] {
        var collected: [String] = []
        for index in light.indices where index < dark.count {
            collected += rules(for: &light[index], dark: dark[index], counter: &counter)
        }
        return collected
    }

    private static func rules(for light: inout SVGElement, dark: SVGElement, counter: inout Int) -> [String] {
        var declarations: [String] = []
        for property in paintProperties {
            let lightValue = light[property], darkValue = dark[property]
            guard lightValue != darkValue, !(lightValue?.hasPrefix("url(") ?? false) else { continue }
            if let value = darkValue ?? opaqueDefaults[property] { declarations.append("\(property):\(value)") }
        }
        var collected: [String] = []
        if !declarations.isEmpty {
            let name = "t\(counter)"
            counter += 1
            light.addClass(name)
            collected.append(".\(name){\(declarations.joined(separator: ";"))}")
        }
        collected += rules(light: &light.children, dark: dark.children, counter: &counter)
        return collected
    }
}
