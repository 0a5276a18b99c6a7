"""The totals over the deals as a small inline SVG line chart (no JavaScript, no library).

>>> svg = totals_chart([(10, -10), (5, -5)], ("Anna", "Ben"))
>>> svg.count("<polyline"), svg.count('stroke-dasharray="12 6"')
(2, 1)
>>> "Anna" in svg and svg.startswith("<svg")
True
"""
from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

#: one colour per seat, distinguishable in light and dark mode and for the common colour blindnesses
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#6a6a6a")
#: each line after the first dashed its own way: lines told apart without colour, and a line drawn over
#: an equal one (a player's sessions finished and won) lets it show through
DASHES = ("", "12 6", "4 4", "12 4 4 4", "2 6", "8 8", "16 4")


def _scale(value: float, low: float, high: float, start: float, end: float) -> float:
    if high == low:
        return (start + end) / 2
    return start + (value - low) * (end - start) / (high - low)


def points(running: Sequence[Sequence[int]], seat: int, width: int, height: int,
           pad: int = 28) -> list[tuple[float, float]]:
    """The chart coordinates of one seat's totals, starting from 0 before the first deal.

    >>> points([(10, -10)], 0, 100, 100, pad=0)
    [(0.0, 50.0), (100.0, 0.0)]
    """
    series = [0, *(row[seat] for row in running)]
    values = [0, *(value for row in running for value in row)]
    low, high = min(values), max(values)
    steps = max(len(series) - 1, 1)
    return [(round(_scale(i, 0, steps, pad, width - pad), 1), round(_scale(v, low, high, height - pad, pad), 1))
            for i, v in enumerate(series)]


def totals_chart(running: Sequence[Sequence[int]], names: Sequence[str], width: int = 640, height: int = 220) -> Markup:
    """An SVG with one line per player (running totals after each deal), the zero line and each
    player's name and final total at the line's end. Empty when no deal was played."""
    if not running:
        return Markup("")
    pad = 28
    values = [0, *(value for row in running for value in row)]
    low, high = min(values), max(values)
    zero = round(_scale(0, low, high, height - pad, pad), 1)
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" preserveAspectRatio="none" '
             f'aria-label="{escape(", ".join(f"{n} {t}" for n, t in zip(names, running[-1])))}">',
             f'<line class="zero" x1="{pad}" x2="{width - pad}" y1="{zero}" y2="{zero}"/>',
             f'<text class="axis" x="2" y="{pad}">{high}</text>',
             f'<text class="axis" x="2" y="{height - pad + 12}">{low}</text>']
    ends = []
    for seat, name in enumerate(names):
        colour = COLOURS[seat % len(COLOURS)]
        line = points(running, seat, width, height, pad)
        coords = " ".join(f"{x},{y}" for x, y in line)
        dash = DASHES[seat % len(DASHES)]
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="3"'
                     + (f' stroke-dasharray="{dash}"' if dash else "") + f' points="{coords}"/>')
        ends.append((line[-1][1], seat, name, colour))
    ends.sort()
    for y, (_end, _seat, name, colour) in zip(label_heights([end[0] for end in ends], height), ends):
        parts.append(f'<text x="{width - pad - 4}" y="{y}" fill="{colour}" text-anchor="end">{escape(name)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def label_heights(ends: Sequence[float], height: int, gap: int = 18) -> list[float]:
    """Where the names go beside the lines' ends (sorted top to bottom): just above each end, at
    least `gap` apart (equal totals are stacked, not drawn over each other: a line of 14-unit text,
    Japanese names' full-height glyphs too), and all inside the chart (a crowd at the bottom moves up).

    >>> label_heights([50.0, 50.0, 120.0], 220)
    [44.0, 62.0, 114.0]
    >>> label_heights([190.0, 190.0, 191.0, 192.0], 220)
    [162.0, 180.0, 198.0, 216.0]
    """
    heights: list[float] = []
    for end in ends:
        heights.append(end - 6 if not heights else max(end - 6, heights[-1] + gap))
    lowest = float(height - 4)
    for index in range(len(heights) - 1, -1, -1):
        lowest = min(heights[index], lowest)
        heights[index] = lowest
        lowest -= gap
    return heights


def places_chart(months: Sequence[tuple[str, float]], most: int, label: str = "",
                 width: int = 640, height: int = 220) -> Markup:
    """An SVG of a player's average place month by month: first place at the top, the last place any
    of the sessions had (`most`) at the bottom, a dashed line at each whole place, a dot per month and
    the latest average at the line's end. Empty without a month.

    >>> svg = places_chart([("2026-10", 1.5), ("2026-11", 2.0)], 3, "Average place")
    >>> svg.count("<circle"), svg.count('class="zero"'), 'aria-label="Average place: 2026-10 1.5, 2026-11 2"' in svg
    (2, 3, True)
    """
    if not months:
        return Markup("")
    pad, most = 28, max(most, 2)
    colour = COLOURS[0]

    def y(place: float) -> float:
        return round(_scale(place, 1, most, pad, height - pad), 1)

    # one month alone stands in the middle (_scale of an empty range)
    line = [(round(_scale(i, 0, len(months) - 1, pad, width - pad), 1), y(value))
            for i, (_month, value) in enumerate(months)]
    said = ", ".join(f"{month} {value:g}" for month, value in months)
    parts = [f'<svg class="chart places-chart" viewBox="0 0 {width} {height}" role="img" '
             f'preserveAspectRatio="none" aria-label="{escape(label)}: {escape(said)}">']
    parts += [f'<line class="zero" x1="{pad}" x2="{width - pad}" y1="{y(place)}" y2="{y(place)}"/>'
              for place in range(1, most + 1)]
    parts += [f'<text class="axis" x="2" y="{y(1) + 4}">1</text>',
              f'<text class="axis" x="2" y="{y(most) + 4}">{most}</text>',
              f'<text class="axis" x="{pad}" y="{height - 6}">{escape(months[0][0])}</text>']
    if len(months) > 1:
        parts.append(f'<text class="axis" x="{width - pad}" y="{height - 6}" text-anchor="end">'
                     f'{escape(months[-1][0])}</text>')
    parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="3" '
                 f'points="{" ".join(f"{x},{y_}" for x, y_ in line)}"/>')
    parts += [f'<circle cx="{x}" cy="{y_}" r="5" fill="{colour}"/>' for x, y_ in line]
    end_x, end_y = line[-1]
    above = end_y - 10 if end_y > pad + 14 else end_y + 22
    parts.append(f'<text x="{min(end_x, width - pad)}" y="{above}" fill="{colour}" text-anchor="end">'
                 f'{months[-1][1]:g}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
