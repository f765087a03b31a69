/// Shares repeated geometry: when the same shape outline (path data, circle or rect
/// geometry) appears more than once, it is defined once in `<defs>` and each occurrence
/// becomes a `<use>` carrying its own paint, transform and animation, which the clone
/// inherits. Twelve capsules or eleven shadow bands then cost one outline each.
enum SVGReuse {
    private static let geometryKeys: [String: [String]] = [
        "path": ["d", "pathLength"], "circle": ["cx", "cy", "r"], "rect": ["x", "y", "width", "height", "rx"],
    ]

    static func sharingGeometry(_ elements: [SVGElement], definitions: inout [SVGElement]) -> [SVGElement] {
        var counts: [String: Int] = [:]
        for element in elements { count(element, into: &counts) }
        var ids = SVGNames(prefix: "u")
        return elements.map { replace($0, counts: counts, ids: &ids, definitions: &definitions) }
    }

    private static func key(_ element: SVGElement) -> String? {
        guard let keys = geometryKeys[element.name], element["width"] != "100%" else { return nil }
        return element.name + "|" + keys.map { element[$0] ?? "" }.joined(separator: "|")
    }

    private static func count(_ element: SVGElement, into counts: inout [String: Int]) {
        if let key = key(element) { counts[key, default: 0] += 1 }
        for child in element.children { count(child, into: &counts) }
    }

    private static func replace(_ element: SVGElement, counts: [String: Int], ids: inout SVGNames,
                                definitions: inout [SVGElement]) -> SVGElement {
        guard let key = key(element), counts[key, default: 0] > 1, let keys = geometryKeys[element.name] else {
            var copy = element
            copy.children = element.children.map { replace($0, counts: counts, ids: &ids, definitions: &definitions) }
            return copy
        }
        let known = ids.entries.count
        let id = ids.name(for: key)
        if ids.entries.count > known {
            definitions.append(SVGElement(element.name, [("id", id)] + element.attributes.filter { keys.contains($0.0) }))
        }
        return SVGElement("use", [("href", "#" + id)] + element.attributes.filter { !keys.contains($0.0) })
    }
}
