// SVG helpers shared by every board module.
export const SVG = "http://www.w3.org/2000/svg";

// A new SVG element with `attributes` (null or undefined ones left out) and optional text.
export function node(tag, attributes = {}, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) element.setAttribute(key, value);
  }
  if (text !== undefined) element.textContent = text;
  return element;
}

// `element` with a tooltip.
export function titled(element, text) {
  element.append(node("title", {}, text));
  return element;
}
