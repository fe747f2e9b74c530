#!/usr/bin/env python3
"""Draws the Mac app's icon and its document icons into the asset catalog.

    python3 scripts/icons/generate.py [--check]

Writes UniversalLinkLab/Resources/Assets.xcassets/{AppIcon.appiconset, DocumentIPA.iconset,
DocumentSession.iconset}: the ten macOS sizes (16–512 pt at 1x and 2x) as PNG files and each
set's Contents.json. Everything is drawn here with Pillow (shapes and Pillow's built-in font);
no image comes from elsewhere. --check exits 1 when a committed PNG's pixels or a Contents.json
differ from what this script draws (pixels, not bytes: PNG encoders may differ). The Info.plist
names the document icons in CFBundleDocumentTypes (CFBundleTypeIconFile).
"""
import json
import sys
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "UniversalLinkLab/Resources/Assets.xcassets"
SIZES = [16, 32, 128, 256, 512]            # points; each at 1x and 2x
CANVAS = 1024                               # drawn once at this size, then scaled down
NAVY, SKY, WHITE = (23, 44, 102), (14, 165, 233), (255, 255, 255)


def gradient(size: int, top: tuple, bottom: tuple) -> Image.Image:
    image = Image.new("RGBA", (size, size))
    draw = ImageDraw.Draw(image)
    for y in range(size):
        t = y / (size - 1)
        draw.line([(0, y), (size, y)], fill=tuple(round(a + (b - a) * t) for a, b in zip(top, bottom)) + (255,))
    return image


def chain(size: int, colour: tuple, stroke: int) -> Image.Image:
    """Two interlocked links, drawn upright and turned 45 degrees."""
    layer = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    w, h = size * 0.27, size * 0.46
    cx, cy = size / 2, size / 2
    for dy in (-h * 0.32, h * 0.32):
        box = [cx - w / 2, cy + dy - h / 2, cx + w / 2, cy + dy + h / 2]
        draw.rounded_rectangle(box, radius=w / 2, outline=colour, width=stroke)
    return layer.rotate(45, resample=Image.BICUBIC)


def app_icon() -> Image.Image:
    """The macOS icon grid: an 824-point rounded square on a 1024 canvas, with a shadow."""
    canvas = Image.new("RGBA", (CANVAS, CANVAS), (0, 0, 0, 0))
    inset, radius = 100, 185
    shadow = Image.new("L", (CANVAS, CANVAS), 0)
    ImageDraw.Draw(shadow).rounded_rectangle([inset, inset + 12, CANVAS - inset, CANVAS - inset + 12],
                                             radius=radius, fill=90)
    canvas.paste((0, 0, 0, 255), (0, 0), shadow)
    mask = Image.new("L", (CANVAS, CANVAS), 0)
    ImageDraw.Draw(mask).rounded_rectangle([inset, inset, CANVAS - inset, CANVAS - inset], radius=radius, fill=255)
    canvas.paste(gradient(CANVAS, NAVY, SKY), (0, 0), mask)
    glyph = chain(640, WHITE, 64)
    canvas.alpha_composite(glyph, ((CANVAS - 640) // 2, (CANVAS - 640) // 2))
    return canvas


def document_icon(label: str, band: tuple) -> Image.Image:
    """A page with a folded corner, the chain in the middle and a coloured label band."""
    canvas = Image.new("RGBA", (CANVAS, CANVAS), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    left, top, right, bottom, fold = 192, 80, 832, 944, 180
    page = [(left, top), (right - fold, top), (right, top + fold), (right, bottom), (left, bottom)]
    draw.polygon([(x + 6, y + 10) for x, y in page], fill=(0, 0, 0, 60))
    draw.polygon(page, fill=(250, 250, 252, 255), outline=(170, 175, 185, 255), width=6)
    draw.polygon([(right - fold, top), (right - fold, top + fold), (right, top + fold)],
                 fill=(220, 224, 232, 255), outline=(170, 175, 185, 255), width=6)
    glyph = chain(420, NAVY, 44)
    canvas.alpha_composite(glyph, ((CANVAS - 420) // 2, 250))
    draw.rectangle([left + 3, 700, right - 3, 860], fill=band + (255,))
    font = ImageFont.load_default(size=120)
    x0, y0, x1, y1 = draw.textbbox((0, 0), label, font=font)
    draw.text(((CANVAS - (x1 - x0)) / 2 - x0, 780 - (y1 - y0) / 2 - y0), label, font=font, fill=WHITE)
    return canvas


def contents(prefix: str) -> dict:
    images = []
    for size in SIZES:
        for scale in (1, 2):
            images.append({"filename": f"{prefix}_{size}x{size}@{scale}x.png", "idiom": "mac",
                           "scale": f"{scale}x", "size": f"{size}x{size}"})
    return {"images": images, "info": {"author": "xcode", "version": 1}}


SETS = {
    "AppIcon.appiconset": ("icon", app_icon),
    "DocumentIPA.iconset": ("ipa", lambda: document_icon("IPA", (37, 99, 235))),
    "DocumentSession.iconset": ("session", lambda: document_icon("LINKLAB", (13, 148, 136))),
}


def render() -> dict:
    """Every file of the three sets: path -> PNG image or JSON text."""
    files = {}
    for folder, (prefix, draw) in SETS.items():
        master = draw()
        for size in SIZES:
            for scale in (1, 2):
                pixels = size * scale
                files[CATALOG / folder / f"{prefix}_{size}x{size}@{scale}x.png"] = \
                    master.resize((pixels, pixels), Image.LANCZOS)
        files[CATALOG / folder / "Contents.json"] = json.dumps(contents(prefix), indent=2) + "\n"
    return files


def same(path: Path, value) -> bool:
    if not path.exists():
        return False
    if isinstance(value, str):
        return path.read_text() == value
    committed = Image.open(path).convert("RGBA")
    return committed.size == value.size and ImageChops.difference(committed, value).getbbox() is None


def main() -> int:
    files = render()
    if "--check" in sys.argv:
        stale = [p for p, v in files.items() if not same(p, v)]
        for path in stale:
            print(f"{path.relative_to(ROOT)} differs from scripts/icons/generate.py's output", file=sys.stderr)
        return 1 if stale else 0
    for path, value in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(value, str):
            path.write_text(value)
        else:
            value.save(path, optimize=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
