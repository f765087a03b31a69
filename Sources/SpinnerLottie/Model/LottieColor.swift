/// A colour as Lottie writes one: red, green and blue 0...1 and an alpha that is always 1
/// (four components, as the exporter writes and Qt's player needs; the alpha goes to the
/// paint's opacity, which is where every player reads it).
struct LottieColor: LottiePropertyValue {
    /// Red 0...1.
    var red: Double
    /// Green 0...1.
    var green: Double
    /// Blue 0...1.
    var blue: Double

    var components: [Double] { [red, green, blue, 1] }
}
