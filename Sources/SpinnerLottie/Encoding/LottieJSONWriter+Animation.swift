/// The document, its precompositions, layers and slots, in the exporter's order.
extension LottieJSONWriter {
    /// The whole animation: `v`, `fr`, `ip`, `op`, `w`, `h`, `nm`, `ddd`, `assets`,
    /// `layers`, `markers` (none), then `slots` when there are any.
    mutating func animation(_ animation: LottieAnimation) {
        object { writer in
            writer.field("v", animation.version)
            writer.field("fr", animation.frameRate)
            writer.field("ip", 0)
            writer.field("op", animation.outPoint)
            writer.field("w", animation.width)
            writer.field("h", animation.height)
            writer.field("nm", animation.name)
            writer.field("ddd", 0)
            writer.field("assets") { writer in
                writer.array { writer in
                    for asset in animation.assets { writer.precomposition(asset) }
                }
            }
            writer.field("layers") { $0.layers(animation.layers) }
            writer.field("markers") { $0.array { _ in } }
            guard !animation.slots.isEmpty else { return }
            writer.field("slots") { writer in
                writer.object { writer in
                    for slot in animation.slots { writer.slot(slot) }
                }
            }
        }
    }

    private mutating func precomposition(_ asset: LottiePrecomposition) {
        object { writer in
            writer.field("id", asset.id)
            writer.field("nm", asset.id)
            writer.field("fr", asset.frameRate)
            writer.field("layers") { $0.layers(asset.layers) }
        }
    }

    private mutating func layers(_ layers: [LottieLayer]) {
        array { writer in
            for layer in layers { writer.layer(layer) }
        }
    }

    /// A layer: `ddd` before `ks` (rlottie turns a layer only then), a 3D flag of 0,
    /// stretch (`sr`) 1, no auto-orient (`ao`), normal blending (`bm`).
    private mutating func layer(_ layer: LottieLayer) {
        object { writer in
            writer.field("ddd", 0)
            writer.field("ind", layer.index)
            switch layer.content {
            case .shapes:
                writer.field("ty", 4)
                writer.field("nm", layer.name)
            case .precomposition(let id, _, _):
                writer.field("ty", 0)
                writer.field("nm", layer.name)
                writer.field("refId", id)
            }
            switch layer.matte {
            case .source?: writer.field("td", 1)
            case .alpha?: writer.field("tt", 1)
            case nil: break
            }
            writer.field("sr", 1)
            writer.field("ks") { $0.layerTransform(layer.transform) }
            writer.field("ao", 0)
            switch layer.content {
            case .shapes(let items):
                writer.field("shapes") { $0.shapes(items) }
            case .precomposition(_, let width, let height):
                writer.field("w", width)
                writer.field("h", height)
            }
            writer.field("ip", 0)
            writer.field("op", layer.outPoint)
            writer.field("st", layer.startTime)
            writer.field("bm", 0)
        }
    }

    /// Opacity, rotation, then position, anchor and scale with `l` 2 (the exporter's mark
    /// of a 2D layer's three-component values).
    private mutating func layerTransform(_ transform: LottieLayerTransform) {
        object { writer in
            writer.field("o") { $0.property(transform.opacity) }
            writer.field("r") { $0.property(transform.rotation) }
            for (key, property) in [("p", transform.position), ("a", transform.anchor), ("s", transform.scale)] {
                writer.field(key) { $0.property(property, extra: { $0.field("l", 2) }) }
            }
        }
    }

    /// `"id":{"p":{"a":0,"k":value}}`; a gradient's `"id":{"p":{"p":count,"k":{"a":0,"k":stops}}}`
    /// (the whole of its `g`).
    private mutating func slot(_ slot: LottieSlot) {
        field(slot.id) { writer in
            writer.object { writer in
                writer.field("p") { writer in
                    switch slot.value {
                    case .color(let color): writer.fixedValue { $0.value(color) }
                    case .number(let number): writer.fixedValue { $0.number(number) }
                    case .gradient(let stops):
                        writer.object { writer in
                            writer.field("p", stops.count)
                            writer.field("k") { $0.fixedValue { $0.numbers(LottieGradient.values(of: stops)) } }
                        }
                    }
                }
            }
        }
    }

    /// `{"a":0,"k":value}`, the value written by `value`.
    private mutating func fixedValue(_ value: (inout LottieJSONWriter) -> Void) {
        object { writer in
            writer.field("a", 0)
            writer.field("k", value)
        }
    }
}
