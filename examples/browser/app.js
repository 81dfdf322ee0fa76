// The page's entry: loads the browser build of preflight-wasm (pkg/browser.js initializes the
// wasm with top-level await, so the exports are ready once the import resolves) and sets up the
// three tools. A relative import, so that no bundler and no import map is needed: serve the
// repository root (or at least examples/browser/ and pkg/) and open /examples/browser/.
import * as preflight from '../../pkg/browser.js';
import { setupAudience } from './audience.js';
import { setupProductForm } from './product.js';
import { setupCardBuilder } from './card.js';

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
  setupProductForm(preflight);
  setupCardBuilder(preflight);
  setupAudience();
  status.textContent = 'ready: everything runs in this tab';
  document.body.dataset.ready = 'true';
} catch (e) {
  status.textContent = `could not start: ${e && e.message}`;
  throw e;
}
