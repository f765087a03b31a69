import SpinnerModel

extension SpinnerRequest {
    /// True for a kind at its defaults in its format (the query empty, or naming only
    /// defaults): the images the service renders at start, before anyone asks
    /// (`--prerender`). Decided from the request alone, so a URL gets the same bytes
    /// whether or not a server rendered it ahead.
    var isRenderedAhead: Bool {
        guard let defaults = try? SpinnerRequest.parse(kind: kind.rawValue, format: format, query: []) else { return false }
        return canonicalForm == defaults.canonicalForm
    }
}
