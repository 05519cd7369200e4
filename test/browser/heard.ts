// What a screen reader hears of a page: every line added to one of its live regions, in order, with
// whether the region interrupts. Run in the page (context.addInitScript(recordHeard)); read `window.heard`.

/** One line heard. */
export interface Heard {
  text: string;
  urgent: boolean;
}

/** Records into `window.heard` each node added to an `aria-live` region (runs in the page, so it imports nothing). */
export function recordHeard(): void {
  const heard: { text: string; urgent: boolean }[] = [];
  (window as unknown as { heard: typeof heard }).heard = heard;
  new MutationObserver((records) => {
    for (const r of records)
      for (const node of r.addedNodes) {
        const region = node.parentElement?.closest('[aria-live]');
        if (region && node.textContent) heard.push({ text: node.textContent, urgent: region.getAttribute('aria-live') === 'assertive' });
      }
  }).observe(document, { childList: true, subtree: true });
}
