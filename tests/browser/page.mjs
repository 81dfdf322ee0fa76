// In-page half of the browser suite (tests/browser/run.mjs drives it): runs every vector case
// through the browser build and compares with the native outputs, all fetched from the local
// test server. Exposes window.preflightTest = {runVectors(files), runApiChecks()}.

// The raw wasm-bindgen glue: the same module instance pkg/browser.js imported and initialized.
import * as raw from '../../pkg/web/preflight_wasm.js';
import {
  casesFromFile,
  matchNative,
  checkExpectations,
  publicForms,
  checkPublic,
  plainDiff,
} from '../node/vector-cases.mjs';

async function fetchText(url) {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return res.text();
}

export function install(preflight) {
  async function runVectors(files) {
    const native = JSON.parse(await fetchText('/target/vectors/native.json'));
    const cases = [];
    const unreadable = [];
    for (const f of files) {
      try {
        cases.push(...casesFromFile(f, await fetchText(`/tests/vectors/${encodeURIComponent(f)}`)));
      } catch (e) {
        unreadable.push({ file: f, index: -1, name: '(the file)', output: null, forms: [], problems: [String(e && e.message)] });
      }
    }
    const { matched, extra } = matchNative(cases, native);
    const results = unreadable.concat(matched.map(([c, nativeOutput]) => {
      const problems = [];
      const forms = publicForms(c).map((f) => f.form);
      let output = null;
      try {
        if (nativeOutput === undefined) {
          problems.push('no native output in target/vectors/native.json: run `cargo test --test vectors`');
        } else {
          output = raw.validateJson(c.kind, c.payloadText, c.optionsText);
          if (output !== nativeOutput) problems.push(`raw validateJson differs from native:\n      wasm   ${output}\n      native ${nativeOutput}`);
          problems.push(...checkExpectations(c, output));
          for (const form of publicForms(c)) problems.push(...checkPublic(preflight, c, form, nativeOutput));
        }
      } catch (e) {
        problems.push(`threw ${e && e.name}: ${e && e.message}`);
      }
      return { file: c.file, index: c.index, name: c.name, output, forms, problems };
    }));
    return { results, extra: extra.map((e) => `${e.file}: ${e.name}`) };
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
      if (!Array.isArray(k) || k.join(',') !== raw.kinds() || !k.includes('poll_card')) p.push(`kinds() = ${JSON.stringify(k)}`);
    });
    check('payload as object and as text give the same plain report', (p) => {
      const a = validate('poll_card', poll);
      const d = plainDiff(a, validate('poll_card', JSON.stringify(poll)));
      if (d) p.push(d);
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
        const d = plainDiff(validate('poll_card', poll), want);
        if (d) {
          p.push(d);
          break;
        }
      }
    });
    return checks;
  }

  window.preflightTest = { runVectors, runApiChecks };
}
