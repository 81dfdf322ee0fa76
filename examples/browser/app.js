// The page's entry: loads the browser build of preflight-wasm (pkg/browser.js initializes the
// wasm with top-level await, so the exports are ready once the import resolves) and sets up the
// three tools: the product form and the card builder (forms.js, built from describe(kind)) and
// the audience tool (audience.js). A relative import, so that no bundler and no import map is
// needed: serve the repository root (or at least examples/browser/ and pkg/) and open
// /examples/browser/.
import * as preflight from '../../pkg/browser.js';
import { setupAudience } from './audience.js';
import { createForm } from './forms.js';

function setupTabs() {
  const tabs = [...document.querySelectorAll('nav [role="tab"]')];
  const select = (tab) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      document.getElementById(t.getAttribute('aria-controls')).hidden = !on;
    }
  };
  for (const t of tabs) t.addEventListener('click', () => select(t));
  const fromHash = tabs.find((t) => `#${t.id.replace('tab-', '')}` === location.hash);
  if (fromHash) select(fromHash);
}

const status = document.getElementById('status');
try {
  setupTabs();
  for (const [kind, options] of [
    ['product', {}],
    // The card builder offers `components`; `slides` (multi-destination carousels) is left out.
    ['card', { exclude: ['/slides'], note: 'components only (slides are not offered here)' }],
  ]) {
    const part = (name) => document.getElementById(`${kind}-${name}`);
    createForm(preflight, kind, {
      form: part('form'),
      verdict: part('verdict'),
      other: part('other'),
      payload: part('payload'),
      source: part('source'),
    }, options);
  }
  setupAudience();
  status.textContent = 'ready: everything runs in this tab';
  document.body.dataset.ready = 'true';
} catch (e) {
  status.textContent = `could not start: ${e && e.message}`;
  throw e;
}
