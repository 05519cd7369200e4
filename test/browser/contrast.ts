// WCAG contrast of every rendered text on the page against what is painted behind it. Runs inside
// the page (no closure over this module). HTML text: its colour over the backgrounds of its element
// and ancestors, opacity included; SVG text: its fill over the shape drawn under it (or its own
// outline, for outlined badges). Disabled controls are exempt (WCAG 1.4.3).

export interface ContrastReport {
  checked: number;
  failures: { text: string; ratio: number; fg: string; bg: string }[];
}

/** Every text node at least `min`:1 against its effective background; the ones below are listed. */
export function checkContrast(min: number): ContrastReport {
  type RGBA = [number, number, number, number];
  const parse = (c: string): RGBA | null => {
    const m = /rgba?\(([^)]+)\)/.exec(c);
    if (!m) return null;
    const p = m[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
    return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
  };
  const over = (top: RGBA, under: RGBA): RGBA => [0, 1, 2].map((i) => top[i]! * top[3] + under[i]! * (1 - top[3])).concat(1) as RGBA;
  const lum = (c: RGBA) => {
    const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a: RGBA, b: RGBA) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
    return (x + 0.05) / (y + 0.05);
  };
  const hex = (c: RGBA) => '#' + c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  // A pattern fill (the back of a card) counts as its darker stripe.
  const paint = (fill: string): RGBA | null => (fill.startsWith('url(') ? [122, 29, 29, 1] : parse(fill));

  /** The colour painted behind an HTML element: its own and its ancestors' backgrounds, composited. */
  const htmlBackground = (el: Element | null): RGBA => {
    const layers: RGBA[] = [];
    for (let e = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg && bg[3] > 0) layers.push(bg);
      if (bg && bg[3] >= 1) break;
    }
    return layers.reverse().reduce<RGBA>((under, top) => over(top, under), [255, 255, 255, 1]);
  };
  const opacity = (el: Element | null) => {
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };

  const failures: ContrastReport['failures'] = [];
  let checked = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent?.trim() ?? '';
    const el = n.parentElement;
    // An inert subtree is not shown (the story drawer, drawn ahead, is transparent and inert until opened).
    if (!text || !el || el.closest('option, select, script, style, [disabled], [aria-hidden=true], [inert]')) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const rect = range.getBoundingClientRect();
    const cs = getComputedStyle(el);
    if (!rect.width || !rect.height || cs.visibility !== 'visible') continue;
    let fg: RGBA;
    let bg: RGBA;
    if (el instanceof SVGElement) {
      const own = paint(cs.fill);
      if (!own) continue;
      fg = own;
      const stroke = paint(cs.stroke);
      if (stroke && cs.stroke !== 'none' && parseFloat(cs.strokeWidth) >= 1.5) bg = stroke;
      else {
        el.scrollIntoView({ block: 'center', inline: 'center' });
        const r = el.getBoundingClientRect();
        const stack = document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const under = stack.slice(stack.indexOf(el) + 1);
        let found: RGBA | null = null;
        for (const u of under) {
          if (u instanceof SVGSVGElement || !(u instanceof SVGElement)) {
            found = htmlBackground(u);
            break;
          }
          if (u instanceof SVGTextElement) continue;
          const f = paint(getComputedStyle(u).fill);
          if (f && f[3] > 0 && getComputedStyle(u).fill !== 'none') {
            found = over([f[0], f[1], f[2], f[3] * opacity(u)], htmlBackground(u.closest('svg')));
            break;
          }
        }
        bg = found ?? htmlBackground(el.closest('svg'));
      }
    } else {
      const c = parse(cs.color);
      if (!c) continue;
      bg = htmlBackground(el);
      fg = over([c[0], c[1], c[2], c[3] * opacity(el)], bg);
    }
    fg = fg[3] < 1 ? over(fg, bg) : fg;
    checked++;
    const r = ratio(fg, bg);
    if (r < min) failures.push({ text: text.slice(0, 40), ratio: Math.round(r * 100) / 100, fg: hex(fg), bg: hex(bg) });
  }
  return { checked, failures };
}
