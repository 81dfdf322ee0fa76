// In-page half of the browser suite (tests/browser/run.mjs drives it): runs the vector cases
// that run.mjs matched with native.json through the browser build, with the checks of the Node
// suite (tests/node/vector-cases.mjs). Exposes window.preflightTest = {runVectors, runApiChecks, runTraps}.

// The raw wasm-bindgen glue: the same module instance pkg/browser.js imported and initialized.
import * as raw from '../../pkg/wasm/preflight.js';
import { checkCase, plainEqual } from '../node/vector-cases.mjs';
import { runTrapChecks } from '../node/trap-checks.mjs';

export function install(preflight) {
  /** One {problems, forms} per case, in order. */
  function runVectors(cases) {
    return cases.map((c) => {
      try {
        return checkCase(raw, preflight, c);
      } catch (e) {
        return { problems: [`threw ${e && e.name}: ${e && e.message}`], forms: [] };
      }
    });
  }

  function runApiChecks() {
    const { validate, kinds, PreflightError } = preflight;
    const poll = { name: 'p', duration_in_minutes: 4, first_choice: 'a', second_choice: 'b' };
    const checks = [];
    const check = (name, fn) => {
      const problems = [];
      try {
        fn(problems);
      } catch (e) {
        problems.push(`threw ${e && e.name}: ${e && e.message}`);
      }
      checks.push({ name, problems });
    };
    const expectCode = (problems, fn, code) => {
      try {
        fn();
        problems.push(`no error, expected ${code}`);
      } catch (e) {
        if (!(e instanceof PreflightError) || !(e instanceof Error)) problems.push(`threw ${e && e.name}, not PreflightError`);
        else if (e.code !== code || e.name !== 'PreflightError') problems.push(`code ${e.code}, expected ${code}`);
      }
    };
    check('kinds() matches the raw export', (p) => {
      const k = kinds();
      if (!Array.isArray(k) || k.join(',') !== JSON.parse(raw.kinds()).join(',') || !k.includes('poll_card')) p.push(`kinds() = ${JSON.stringify(k)}`);
    });
    check('payload as object and as text give the same plain report', (p) => {
      const a = validate('poll_card', poll);
      const b = validate('poll_card', JSON.stringify(poll));
      if (!plainEqual(a, b)) p.push(`${JSON.stringify(a)} !== ${JSON.stringify(b)}`);
      if (a.valid !== false || a.issues.length !== 1 || a.issues[0].code !== 'out_of_range') p.push(JSON.stringify(a));
    });
    check('PreflightError codes', (p) => {
      expectCode(p, () => validate('nope', poll), 'unknown_kind');
      expectCode(p, () => validate('poll_card', poll, []), 'bad_options');
      expectCode(p, () => validate('poll_card', poll, { contxt: {} }), 'bad_options');
      expectCode(p, () => validate('poll_card', '{'), 'invalid_json');
      expectCode(p, () => validate('poll_card', { n: 1n }), 'invalid_json');
      expectCode(p, () => validate('poll_card', '['.repeat(1000)), 'too_deep');
    });
    check('the module keeps working after failing calls', (p) => {
      const want = validate('poll_card', poll);
      for (let i = 0; i < 20; i++) {
        try {
          validate('poll_card', '{');
        } catch {
          // expected
        }
        const got = validate('poll_card', poll);
        if (!plainEqual(got, want)) {
          p.push(`call ${i}: ${JSON.stringify(got)}`);
          break;
        }
      }
    });
    return checks;
  }

  /** Traps on purpose, then checks every area (tests/node/trap-checks.mjs); run last. */
  const runTraps = (refs) => runTrapChecks(preflight, raw, refs, true);

  window.preflightTest = { runVectors, runApiChecks, runTraps };
}
