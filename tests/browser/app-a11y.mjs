// What a person sees, state by state, in the browser app's test (tests/browser/app.mjs): a
// screenshot of the page and an automated accessibility check with axe-core (the pinned
// devDependency), run in Chromium on the page as it is at that moment. Any violation of impact
// "serious" or "critical" fails the test; the others are listed in the check's detail only when
// it fails.
//
// axe-core is injected from node_modules as an inline script (Playwright's addScriptTag with a
// path sends no request), so the page's network check still sees only its own files.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

/** Impacts that fail the test. */
export const FAILING_IMPACTS = ['serious', 'critical'];

/** The serious and critical violations axe finds in the page as it is now. */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => FAILING_IMPACTS.includes(v.impact))
    .map((v) => `${v.impact} ${v.id} (${v.help}) at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * One state of the page: its screenshot `<name>.png` in `shots`, and the accessibility check.
 * @param {import('playwright-core').Page} page
 * @param {{check: Function, shots: string}} ctx
 * @param {string} name
 */
export async function state(page, { check, shots }, name) {
  // From the top, as a person arrives at it (the verdict bar sticks to the top of the view).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  const violations = await axeViolations(page);
  check(`${name}: axe-core finds no serious or critical accessibility violation`, violations.length === 0, violations.join('; '));
}

/**
 * Whether every word of every element matched by `selector` sits on one line (a label broken
 * mid-word has a word whose text spans two line boxes). Returns the words broken.
 */
export async function brokenWords(page, selector) {
  return page.$$eval(selector, (els) => {
    const broken = [];
    for (const e of els) {
      const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        for (const m of t.data.matchAll(/\S+/g)) {
          const r = document.createRange();
          r.setStart(t, m.index);
          r.setEnd(t, m.index + m[0].length);
          const lines = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  });
}
