"""Draw the app icons (PNG, no image library needed): a green card with a dark tally of four
strokes struck through, on the topbar's ink colour. Run once; the results are committed."""
import struct
import zlib
from pathlib import Path

INK, CARD, MARK = (0x1D, 0x24, 0x33), (0x1F, 0x6F, 0x4A), (0xFF, 0xFF, 0xFF)


def pixel(x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y) in a unit square."""
    if not (0.2 <= x <= 0.8 and 0.14 <= y <= 0.86):
        return INK
    for stroke in (0.32, 0.43, 0.54, 0.65):  # four strokes ...
        if abs(x - stroke) < 0.025 and 0.3 <= y <= 0.7:
            return MARK
    if abs((y - 0.62) + (x - 0.28) * 0.6) < 0.03 and 0.26 <= x <= 0.72:  # ... struck through
        return MARK
    return CARD


def png(size: int) -> bytes:
    rows = b"".join(b"\0" + bytes(c for x in range(size) for c in pixel(x / size, y / size)) for y in range(size))
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    folder = Path(__file__).resolve().parent.parent / "static" / "icons"
    for size in (192, 512):
        (folder / f"icon-{size}.png").write_bytes(png(size))
