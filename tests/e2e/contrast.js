/* WCAG contrast of a page as it is painted now, run by tests/e2e/test_contrast.py.
 *
 * Text (1.4.3): every visible text node, a field's value and its placeholder, against the colour
 * behind it: 4.5:1, or 3:1 when large (24px, or 18.66px bold).
 * Controls (1.4.11): a field (input, select, textarea) is found by its boundary or its fill, so
 * one of them must reach 3:1 against the colour around it; a button or a tile that shows words
 * may be found by its words alone, so it passes by its boundary, its fill or its text.
 *
 * Colours are composited as the browser paints them: each ancestor's background over the one
 * below, and an ancestor's opacity applied to everything it paints, its own background and its
 * descendants' as one group (a button at opacity .4 fades its text and its fill together).
 * Backgrounds are taken from ancestors only: nothing here paints text over a sibling's fill.
 */
(scope) => {
  const TEXT = 4.5;
  const LARGE_TEXT = 3;
  const NON_TEXT = 3;
  const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "TITLE", "OPTION", "SELECT"]);
  const FIELDS = 'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), select, textarea';
  /* what a phone shows as something to tap; .face and .side-choice span are the visible part of
     a radio drawn as a button (the radio itself is transparent on top) */
  const TAPPABLE = "button, .button, summary, .choice .face, .side-choice span, .history-tabs a";

  /* --- colours: [r, g, b, a] with r, g, b in 0..255 ------------------------------------------ */
  const probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  function parse(text) {
    let m = text.match(/^rgba?\(([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\)$/);
    if (m) return [+m[1], +m[2], +m[3], alpha(m[4])];
    m = text.match(/^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+%?))?\)$/);
    if (m) return [m[1] * 255, m[2] * 255, m[3] * 255, alpha(m[4])];
    // anything else (oklab(), a named colour): let the canvas paint it, and read the pixel
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = text;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  }
  function alpha(text) {
    if (text === undefined) return 1;
    return text.endsWith("%") ? parseFloat(text) / 100 : +text;
  }
  const CLEAR = [0, 0, 0, 0];
  /* premultiplied "over": top painted on bottom */
  function over(top, bottom) {
    const [tr, tg, tb, ta] = top;
    const [br, bg, bb, ba] = bottom;
    return [tr + br * (1 - ta), tg + bg * (1 - ta), tb + bb * (1 - ta), ta + ba * (1 - ta)];
  }
  function premultiplied([r, g, b, a]) { return [r * a, g * a, b * a, a]; }
  function scaled([r, g, b, a], by) { return [r * by, g * by, b * by, a * by]; }

  /* The colour seen where `top` is painted on `chain` (root first): each element's group is its
     background with the rest of the chain over it, faded by its opacity. The page's canvas is
     white below everything (body paints its own background over it). */
  function seen(chain, top) {
    let group = premultiplied(top);
    for (let i = chain.length - 1; i >= 0; i -= 1) {
      const style = getComputedStyle(chain[i]);
      group = scaled(over(group, premultiplied(parse(style.backgroundColor))), +style.opacity);
    }
    const [r, g, b] = over(group, [255, 255, 255, 1]);
    return [r, g, b];
  }
  function ancestors(el) {
    const chain = [];
    for (let node = el; node; node = node.parentElement) chain.unshift(node);
    return chain;
  }
  function luminance(rgb) {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }
  function ratio(a, b) {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  }
  function hex(rgb) {
    return "#" + rgb.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
  }

  /* --- what is on screen ------------------------------------------------------------------- */
  function shown(el) {
    if (!el.getClientRects().length) return false; // display: none, or in a closed <details>
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.visibility !== "visible" || +style.opacity === 0) return false;
      const box = node.getBoundingClientRect();
      // .visually-hidden: a 1px box that clips its text (read aloud, not seen)
      if ((box.width <= 1 || box.height <= 1) && style.overflow !== "visible") return false;
    }
    return true;
  }
  function name(el) {
    const parts = [];
    for (let node = el; node && node !== document.body && parts.length < 3; node = node.parentElement) {
      let part = node.tagName.toLowerCase();
      if (node.id) { parts.unshift(part + "#" + node.id); break; }
      part += [...node.classList].slice(0, 3).map((c) => "." + c).join("");
      for (const attr of ["data-card", "data-dest", "aria-pressed", "aria-selected", "disabled"]) {
        if (node.hasAttribute(attr)) part += `[${attr}="${node.getAttribute(attr)}"]`;
      }
      parts.unshift(part);
    }
    return parts.join(" > ");
  }
  function words(text) {
    const clean = text.replace(/\s+/g, " ").trim();
    return clean.length > 30 ? clean.slice(0, 29) + "…" : clean;
  }
  function large(style) {
    const size = parseFloat(style.fontSize);
    return size >= 24 || (size >= 18.66 && +style.fontWeight >= 700);
  }

  const failures = [];
  const textRatios = new Map(); // element -> the lowest text ratio inside it, over its need
  let checked = 0;
  const worst = {}; // by kind: the entry nearest its minimum (score: its ratio over its need)

  function note(kind, el, what, fg, bg, need) {
    const found = ratio(fg, bg);
    checked += 1;
    const entry = { kind, where: name(el), what: words(what), fg: hex(fg), bg: hex(bg),
                    ratio: Math.round(found * 100) / 100, need };
    if (!worst[kind] || found / need < worst[kind].score) worst[kind] = { ...entry, score: found / need };
    if (found < need) failures.push(entry);
    return found / need;
  }
  function textOf(el, text, color, style) {
    if (!text.trim()) return;
    const chain = ancestors(el);
    const need = large(style) ? LARGE_TEXT : TEXT;
    const score = note("text", el, text, seen(chain, parse(color)), seen(chain, CLEAR), need);
    for (let node = el; node; node = node.parentElement) {
      textRatios.set(node, Math.min(textRatios.get(node) ?? Infinity, score));
    }
  }

  /* every text node, in the colour it is filled with (SVG text by its fill) */
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      for (let el = node.parentElement; el; el = el.parentElement) {
        if (SKIP.has(el.tagName)) return NodeFilter.FILTER_REJECT;
      }
      return node.textContent.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
    },
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!shown(el)) continue;
    const style = getComputedStyle(el);
    const color = el instanceof SVGElement ? style.fill : style.color;
    if (color === "none" || color.startsWith("url(")) continue; // not painted, or a pattern
    textOf(el, node.textContent, color, style);
  }
  /* a field's value, or the placeholder it shows when empty */
  for (const field of scope.querySelectorAll(FIELDS)) {
    if (!shown(field)) continue;
    const style = getComputedStyle(field);
    if (field.tagName === "SELECT") {
      const option = field.options[field.selectedIndex];
      if (option) textOf(field, option.text, style.color, style);
    } else if (field.value) {
      textOf(field, field.value, style.color, style);
    } else if (field.placeholder) {
      const placeholder = getComputedStyle(field, "::placeholder");
      textOf(field, field.placeholder, placeholder.color, placeholder);
    }
  }

  /* --- controls: the boundary (all four borders drawn), or the fill, against what is around -- */
  function boundary(el, style) {
    const sides = ["Top", "Right", "Bottom", "Left"];
    const drawn = sides.every((side) =>
      parseFloat(style[`border${side}Width`]) > 0 &&
      !["none", "hidden"].includes(style[`border${side}Style`]));
    if (!drawn) return null;
    // the weakest side: a box is only as visible as its faintest edge
    return sides.map((side) => style[`border${side}Color`]);
  }
  function control(el, field) {
    const style = getComputedStyle(el);
    const around = seen(ancestors(el.parentElement), CLEAR);
    const chain = ancestors(el);
    const fill = seen(chain, CLEAR);
    const edges = boundary(el, style);
    const edge = edges && edges
      .map((color) => seen(chain, parse(color)))
      .reduce((a, b) => (ratio(a, around) <= ratio(b, around) ? a : b));
    const byFill = ratio(fill, around);
    const byEdge = edge ? ratio(edge, around) : 0;
    const byText = field ? 0 : textRatios.get(el) ?? 0; // over its need: 1 passes
    checked += 1;
    const [fg, found] = byEdge >= byFill ? [edge, byEdge] : [fill, byFill];
    const entry = { kind: field ? "field" : "control", where: name(el),
                    what: words(el.innerText || el.value || el.placeholder || ""),
                    fg: hex(fg), bg: hex(around), ratio: Math.round(found * 100) / 100,
                    need: NON_TEXT, text: byText ? Math.round(byText * 100) / 100 : null };
    const score = Math.max(found / NON_TEXT, byText);
    if (!worst[entry.kind] || score < worst[entry.kind].score) worst[entry.kind] = { ...entry, score };
    if (score < 1) failures.push(entry);
  }
  for (const el of scope.querySelectorAll(FIELDS)) if (shown(el)) control(el, true);
  for (const el of scope.querySelectorAll(TAPPABLE)) if (shown(el)) control(el, false);
  /* a checkbox or radio is drawn by the browser: checked, it fills with the accent colour (measured
     here); unchecked, its edge is the browser's own grey (not readable from the styles) */
  for (const box of scope.querySelectorAll('input[type="checkbox"]:checked, input[type="radio"]:checked')) {
    if (!shown(box)) continue;
    const style = getComputedStyle(box);
    if (style.appearance === "none" || style.accentColor === "auto") continue;
    const around = seen(ancestors(box.parentElement), CLEAR);
    const fill = seen(ancestors(box), parse(style.accentColor));
    note("checked", box, box.name + "=" + box.value, fill, around, NON_TEXT);
  }
  return { checked, failures, worst };
}
