/// A minimal XML element tree, serialised compactly with escaped attribute values.
struct SVGElement {
    var name: String
    var attributes: [(String, String)]
    var children: [SVGElement] = []
    var text: String? = nil

    init(_ name: String, _ attributes: [(String, String)] = [], children: [SVGElement] = [], text: String? = nil) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The value of attribute `key`, if set.
    subscript(key: String) -> String? {
        get { attributes.first { $0.0 == key }?.1 }
        set {
            attributes.removeAll { $0.0 == key }
            if let newValue { attributes.append((key, newValue)) }
        }
    }

    /// Adds `name` to the class list.
    mutating func addClass(_ name: String) {
        self["class"] = self["class"].map { $0 + " " + name } ?? name
    }

    /// The element as XML text.
    var xml: String {
        var output = "<" + name
        for (key, value) in attributes { output += " \(key)=\"\(SVGFormat.escaped(value))\"" }
        if children.isEmpty && text == nil { return output + "/>" }
        output += ">"
        if let text { output += SVGFormat.escaped(text) }
        for child in children { output += child.xml }
        return output + "</\(name)>"
    }
}
