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

/** The widths each state is looked at: a phone (390 CSS px) and a desktop window (1280). */
export const WIDTHS = [390, 1280];
/** No text field, select or file picker may be narrower than this (CSS px) at any width. */
export const MIN_CONTROL_WIDTH = 200;

/**
 * What is wrong with the layout as it is now: controls and hint paragraphs narrower than
 * MIN_CONTROL_WIDTH (text inputs, text areas, selects, file pickers; not checkboxes), the
 * document wider than the view,
 * and elements whose right edge is past the view (unless a scrolling or clipping box around them
 * ends inside it). Only rendered elements count.
 */
export async function layoutProblems(page) {
  return page.evaluate((minWidth) => {
    const problems = [];
    const vw = document.documentElement.clientWidth;
    const name = (e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.dataset.path ? `[${e.dataset.path}]` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''}`;
    if (document.documentElement.scrollWidth > vw) problems.push(`the document is ${document.documentElement.scrollWidth} px wide in a ${vw} px view`);
    for (const c of document.querySelectorAll('input, select, textarea')) {
      if (['checkbox', 'radio', 'hidden'].includes(c.type) || !c.checkVisibility()) continue;
      const w = c.getBoundingClientRect().width;
      if (w < minWidth) problems.push(`${name(c)} is ${Math.round(w)} px wide`);
    }
    // A hint paragraph as narrow as a word is read one word per line.
    for (const h of document.querySelectorAll('p.hint')) {
      if (!h.checkVisibility()) continue;
      const w = h.getBoundingClientRect().width;
      if (w < minWidth) problems.push(`${name(h)} (a hint) is ${Math.round(w)} px wide`);
    }
    const clipped = (e) => {
      for (let a = e.parentElement; a; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if (o !== 'visible' && a.getBoundingClientRect().right <= vw + 0.5) return true;
      }
      return false;
    };
    for (const e of document.body.querySelectorAll('*')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= vw + 0.5) continue;
      if (!clipped(e)) problems.push(`${name(e)} ends at ${Math.round(r.right)} px`);
    }
    return problems;
  }, MIN_CONTROL_WIDTH);
}

/**
 * One state of the page, at each of WIDTHS: its screenshot `<name>-<width>.png` in `shots`, the
 * layout check (layoutProblems) and the accessibility check. The view is put back as it was.
 * @param {import('playwright-core').Page} page
 * @param {{check: Function, shots: string}} ctx
 * @param {string} name
 */
export async function state(page, { check, shots }, name) {
  const before = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: before?.height ?? 900 });
    // From the top, as a person arrives at it (the verdict bar sticks to the top of the view).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
    const layout = await layoutProblems(page);
    check(`${name} at ${width} px: every control and hint at least ${MIN_CONTROL_WIDTH} px wide, nothing wider than the view`, layout.length === 0, layout.slice(0, 8).join('; '));
    const violations = await axeViolations(page);
    check(`${name} at ${width} px: axe-core finds no serious or critical accessibility violation`, violations.length === 0, violations.join('; '));
  }
  if (before) await page.setViewportSize(before);
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
