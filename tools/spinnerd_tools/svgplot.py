"""Line charts as standalone SVG, for reports a person reads (the soak's samples, the
capacity simulation). Written here because no plotting library is installed on these
machines and a chart needs only axes, ticks, polylines and a legend.

    svg = line_chart("RSS over the soak", "minutes", "MiB",
                     [Series("rss", [(0, 41.0), (0.5, 43.2)])], width=720, height=320)
"""
import math
from dataclasses import dataclass, field
from html import escape

PALETTE = ["#1f6feb", "#d1242f", "#1a7f37", "#9a6700", "#8250df", "#bf3989", "#0a7ea4", "#57606a"]


@dataclass
class Series:
    """One line: its name in the legend and its (x, y) points in data units."""
    name: str
    points: list = field(default_factory=list)
    dashed: bool = False


def nice_ticks(low, high, count=5):
    """About `count` round tick values covering [low, high] (steps of 1, 2 or 5 × 10^k)."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, count)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    first = math.floor(low / step) * step
    ticks, value = [], first
    while value <= high + step * 1e-9:
        ticks.append(round(value, 10))
        value += step
    if ticks[-1] < high:
        ticks.append(round(value, 10))
    return ticks


def label(value):
    """A tick label: integers without a point, others with up to 3 significant digits."""
    if abs(value - round(value)) < 1e-9:
        return f"{int(round(value)):,}".replace(",", " ")
    return f"{value:.3g}"


def log_ticks(low, high):
    """The values 1, 2 and 5 × 10^k from the largest at or below `low` to the smallest at or
    above `high` (both positive)."""
    steps = [m * 10.0 ** k for k in range(-6, 16) for m in (1, 2, 5)]
    first = max((v for v in steps if v <= low * (1 + 1e-9)), default=steps[0])
    last = min((v for v in steps if v >= high * (1 - 1e-9)), default=steps[-1])
    return [v for v in steps if first <= v <= last]


def line_chart(title, x_label, y_label, series, width=720, height=320, y_from_zero=True, log_x=False, log_y=False):
    """The SVG text of a line chart of `series` (a list of Series); `log_x`, `log_y` put an
    axis on a log scale (its values must be positive)."""
    left, right, top, bottom = 64, 16, 36, 64
    # The legend's rows, wrapped as it is drawn below (a total width over the line's
    # width undercounts when a name does not fit the end of a row).
    rows, row_x = 1, left
    for s in series:
        if row_x + 30 + 6.5 * len(s.name) > width - right:
            rows, row_x = rows + 1, left
        row_x += 30 + 6.5 * len(s.name)
    bottom += 16 * (rows - 1)
    xs = [x for s in series for x, _ in s.points]
    ys = [y for s in series for _, y in s.points]
    if not xs:
        xs, ys = [0, 1], [0, 1]
    fx = (lambda v: math.log10(v)) if log_x else (lambda v: v)
    x_low, x_high = fx(min(xs)), fx(max(xs))
    fy = (lambda v: math.log10(v)) if log_y else (lambda v: v)
    y_ticks = log_ticks(min(ys), max(ys)) if log_y else nice_ticks(0 if y_from_zero else min(ys), max(ys))
    y_low, y_high = fy(y_ticks[0]), fy(y_ticks[-1])
    if log_x:
        x_ticks = [m * 10 ** k for k in range(-3, 13) for m in (1, 2, 5) if min(xs) <= m * 10 ** k <= max(xs)]
    else:
        x_ticks = [t for t in nice_ticks(x_low, x_high) if x_low - 1e-9 <= t <= x_high + 1e-9]
    if x_high == x_low:
        x_high = x_low + 1
    plot_w, plot_h = width - left - right, height - top - bottom

    def px(x):
        return left + (fx(x) - x_low) / (x_high - x_low) * plot_w

    def py(y):
        return top + plot_h - (fy(y) - y_low) / ((y_high - y_low) or 1) * plot_h

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="#fff"/>',
           f'<text x="{width / 2:.0f}" y="20" text-anchor="middle" font-size="13">{escape(title)}</text>']
    for y in y_ticks:
        out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{py(y):.1f}" y2="{py(y):.1f}" stroke="#d0d7de"/>')
        out.append(f'<text x="{left - 6}" y="{py(y) + 4:.1f}" text-anchor="end">{label(y)}</text>')
    for x in x_ticks:
        out.append(f'<line x1="{px(x):.1f}" x2="{px(x):.1f}" y1="{top}" y2="{top + plot_h}" stroke="#eaeef2"/>')
        out.append(f'<text x="{px(x):.1f}" y="{top + plot_h + 16}" text-anchor="middle">{label(x)}</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#57606a"/>')
    out.append(f'<text x="{left + plot_w / 2:.0f}" y="{top + plot_h + 34}" text-anchor="middle">{escape(x_label)}</text>')
    out.append(f'<text transform="translate(14 {top + plot_h / 2:.0f}) rotate(-90)" text-anchor="middle">{escape(y_label)}</text>')
    legend_x, legend_row = left, 0
    for index, s in enumerate(series):
        colour = PALETTE[index % len(PALETTE)]
        dash = ' stroke-dasharray="5 3"' if s.dashed else ""
        if s.points:
            path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in s.points)
            out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="1.6"{dash}/>')
        if legend_x + 30 + 6.5 * len(s.name) > width - right:
            legend_x, legend_row = left, legend_row + 1
        ly = height - 12 - 16 * (rows - 1 - legend_row)
        out.append(f'<line x1="{legend_x}" x2="{legend_x + 18}" y1="{ly - 4}" y2="{ly - 4}" stroke="{colour}" stroke-width="2"{dash}/>')
        out.append(f'<text x="{legend_x + 22}" y="{ly}">{escape(s.name)}</text>')
        legend_x += 30 + 6.5 * len(s.name)
    out.append("</svg>")
    return "\n".join(out) + "\n"
