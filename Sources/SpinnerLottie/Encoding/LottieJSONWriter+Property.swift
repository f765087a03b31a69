/// Properties and keyframes, as the exporter writes them.
extension LottieJSONWriter {
    /// `{"sid":…,"a":0,"k":value,"ix":…}` (the slot only when there is one), or keyframes
    /// with `a` 1; `extra` writes members after `ix` (a 2D layer's `l`).
    mutating func property<Value>(_ property: LottieProperty<Value>, extra: (inout LottieJSONWriter) -> Void = { _ in }) {
        object { writer in
            if let slot = property.slot { writer.field("sid", slot) }
            switch property.content {
            case .fixed(let value):
                writer.field("a", 0)
                writer.field("k") { $0.value(value) }
            case .keyframed(let keyframes):
                writer.field("a", 1)
                writer.field("k") { writer in
                    writer.array { writer in
                        for keyframe in keyframes { writer.keyframe(keyframe) }
                    }
                }
            }
            writer.field("ix", property.index)
            extra(&writer)
        }
    }

    /// A fixed value: one number for a scalar, else its components in an array.
    mutating func value<Value: LottiePropertyValue>(_ value: Value) {
        if Value.isScalar, let number = value.components.first {
            self.number(number)
        } else {
            numbers(value.components)
        }
    }

    /// A keyframe: `i`, `o`, `t`, `s` when eased; `t`, `s`, `h` for a hold; `t`, `s` last.
    /// Values and tangents always in arrays (Qt's player reads a scalar property's
    /// tangents only from arrays).
    mutating func keyframe<Value>(_ keyframe: LottieKeyframe<Value>) {
        object { writer in
            if case .eased(let out, let into) = keyframe.easing {
                writer.field("i") { $0.tangent(into) }
                writer.field("o") { $0.tangent(out) }
            }
            writer.field("t", keyframe.frame)
            writer.field("s") { $0.numbers(keyframe.value.components) }
            if case .hold = keyframe.easing { writer.field("h", 1) }
        }
    }

    private mutating func tangent(_ tangent: LottieTangent) {
        object { writer in
            writer.field("x") { $0.numbers([tangent.x]) }
            writer.field("y") { $0.numbers([tangent.y]) }
        }
    }
}
