/// Moves paint attributes that every sibling shares onto their parent group (one
/// `fill="#000"` instead of twelve), and dissolves groups left with no attributes. Only
/// inherited presentation attributes move; per-element classes still win over the
/// inherited value, so theme overrides keep working.
enum SVGHoisting {
    private static let inherited: Set<String> = [
        "fill", "fill-opacity", "stroke", "stroke-opacity", "stroke-width", "stroke-linecap", "stroke-dasharray", "stroke-dashoffset",
    ]

    /// `elements` with shared attributes hoisted, wrapped in a new `<g>` when that saves bytes.
    static func hoisted(_ elements: [SVGElement]) -> [SVGElement] {
        let children = dissolvingBareGroups(elements.map(hoistingInside))
        let shared = sharedAttributes(children)
        guard children.count > 1, !shared.isEmpty else { return children }
        return [SVGElement("g", shared, children: children.map { strip($0, shared) })]
    }

    private static func hoistingInside(_ element: SVGElement) -> SVGElement {
        guard element.name == "g" else { return element }
        var copy = element
        copy.children = dissolvingBareGroups(element.children.map(hoistingInside))
        let shared = sharedAttributes(copy.children).filter { copy[$0.0] == nil }
        copy.children = dissolvingBareGroups(copy.children.map { strip($0, shared) })
        copy.attributes += shared
        return copy
    }

    private static func dissolvingBareGroups(_ elements: [SVGElement]) -> [SVGElement] {
        elements.flatMap { $0.name == "g" && $0.attributes.isEmpty ? $0.children : [$0] }
    }

    private static func sharedAttributes(_ elements: [SVGElement]) -> [(String, String)] {
        guard let first = elements.first else { return [] }
        return first.attributes.filter { attribute in
            inherited.contains(attribute.0) && elements.allSatisfy { $0[attribute.0] == attribute.1 }
        }
    }

    private static func strip(_ element: SVGElement, _ attributes: [(String, String)]) -> SVGElement {
        var copy = element
        for (key, _) in attributes { copy[key] = nil }
        return copy
    }
}
