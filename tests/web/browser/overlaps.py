"""Words that overlap or stick out, found in the page (issue 38, defect 2)."""

from __future__ import annotations

from playwright.sync_api import Page

# Pairs of visible texts inside `selector` whose boxes cross, and texts that cross its edge
# (each as its words), allowing a pixel of anti-aliasing.
OVERLAPS = """selector => {
  const box = document.querySelector(selector);
  const outer = box.getBoundingClientRect();
  const texts = [...box.querySelectorAll("text")]
    .filter((e) => e.textContent.trim() && e.getBoundingClientRect().width > 0);
  const rects = texts.map((e) => e.getBoundingClientRect());
  const found = [];
  const cross = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  rects.forEach((a, i) => {
    if (a.left < outer.left - 1 || a.right > outer.right + 1) {
      found.push(`${texts[i].textContent} sticks out`);
    }
    for (let j = i + 1; j < rects.length; j++) {
      if (!texts[i].contains(texts[j]) && cross(a, rects[j])) {
        found.push(`${texts[i].textContent} / ${texts[j].textContent}`);
      }
    }
  });
  return found;
}"""


def overlaps(page: Page, selector: str) -> list[str]:
    """The texts inside `selector` that overlap each other or cross its edge."""
    found: list[str] = page.evaluate(OVERLAPS, selector)
    return found


# Elements that hide part of their content sideways (a scroll box or a cut): what a phone
# reader would miss without knowing to scroll. A text picture (`pre`) scrolls on purpose.
CLIPPED = """() => [...document.querySelectorAll("main *:not(pre)")]
  .filter((e) => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0
    && getComputedStyle(e).overflowX !== "visible")
  .map((e) => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}`)"""


def clipped(page: Page) -> list[str]:
    """The page's elements whose content runs past their width, hidden or scrolled."""
    found: list[str] = page.evaluate(CLIPPED)
    return found
