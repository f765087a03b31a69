"""WCAG 2 contrast of what a screenshot shows: the colours' relative luminance and ratio, and
the most visible part of a box against its background (the image, contrast, gallery and
playground checks measure with it). Pixels only: no browser.
"""


def luminance(rgb):
    """WCAG 2 relative luminance of an sRGB colour (0...255 channels)."""
    def linear(channel):
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue = (linear(c) for c in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(a, b):
    lighter, darker = sorted((luminance(a), luminance(b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def visibility(picture, box, background, ratios):
    """The contrast against `background` of the most visible part of `box` in `picture`:
    the 4th highest of any pixel, so a stray antialiased pixel does not count."""
    crop = picture.crop((int(box["x"]), int(box["y"]), int(box["x"] + box["width"]), int(box["y"] + box["height"])))
    values = []
    for count, colour in crop.getcolors(crop.width * crop.height):
        ratio = ratios.get((colour, background))
        if ratio is None:  # (setdefault would work the ratio out again for every colour seen)
            ratio = ratios[(colour, background)] = contrast_ratio(colour, background)
        values += [ratio] * min(count, 4)
    values.sort(reverse=True)
    return values[3] if len(values) > 3 else 1.0


def css_rgb(text):
    """(r, g, b) of a computed CSS colour `rgb(…)`/`rgba(…)`."""
    return tuple(int(float(part)) for part in text[text.index("(") + 1:text.index(")")].replace(",", " ").split()[:3])
