// The bounded report (option max_issues, docs/RULES.md conventions): the native CLI's
// `validate KIND - --max-issues N --json` and the Node package give the same report, byte for
// byte, for every case of tests/vectors/report_bounds.json that bounds its report. The calls
// and native's library outputs come from target/vectors/native.json (written by
// `cargo test --test vectors`, as for tests/node/vectors.test.mjs); the CLI is
// target/debug/preflight (PREFLIGHT_BIN overrides it), built by `cargo test`.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate } from '../../pkg/node.js';
import { envelopeOf } from './vector-cases.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = process.env.PREFLIGHT_BIN ?? path.join(root, 'target/debug/preflight');
const nativePath = path.resolve(process.env.PREFLIGHT_NATIVE_JSON || path.join(root, 'target/vectors/native.json'));
const raw = createRequire(import.meta.url)('../../pkg/wasm/preflight.cjs');

const native = existsSync(nativePath) ? JSON.parse(readFileSync(nativePath, 'utf8')) : [];
// The cases that get a report (not the refused options): a bound given, or the default one.
const bounded = native.filter((e) => e.file === 'report_bounds.json' && e.output.startsWith('{"ok":'));
const DEFAULT_MAX_ISSUES = 1000;

test('native.json holds the bounded-report vectors, and the CLI is built', () => {
  assert.ok(bounded.length >= 5, `${nativePath}: run \`cargo test --test vectors\` first`);
  assert.ok(existsSync(BIN), `${BIN} is missing: run \`cargo build\``);
});

test('CLI --max-issues and the Node package: the same report, byte for byte, for every bounded vector', () => {
  for (const c of bounded) {
    const given = c.options_text === '' ? null : JSON.parse(c.options_text).max_issues;
    const max = given ?? DEFAULT_MAX_ISSUES;
    const flag = given === null ? [] : ['--max-issues', String(given)];
    const cli = spawnSync(BIN, ['validate', c.kind, '-', ...flag, '--json'], {
      input: c.payload_text,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    const at = `${c.name}`;
    assert.equal(cli.stderr, '', at);
    const report = JSON.parse(c.output).ok;
    assert.equal(cli.status, report.valid ? 0 : 1, at);
    const cliReport = cli.stdout.replace(/\n$/, '');
    // The library (native) and the CLI: one text.
    assert.equal(cliReport, c.output.slice('{"ok":'.length, -1), at);
    // The Node package: the raw export, and the public API's report serialized.
    const out = envelopeOf(() => raw.validateJson(c.kind, new TextEncoder().encode(c.payload_text), c.options_text));
    assert.equal(out, `{"ok":${cliReport}}`, at);
    const options = c.options_text === '' ? undefined : JSON.parse(c.options_text);
    assert.equal(JSON.stringify(validate(c.kind, c.payload_text, options)), cliReport, at);
    assert.equal(JSON.stringify(validate(c.kind, JSON.parse(c.payload_text), options)), cliReport, at);
    // The bound holds, and the last issue counts what it left out.
    assert.ok(report.issues.length <= max + 1, at);
    if (report.issues.length === max + 1) assert.equal(report.issues[max].code, 'too_many_issues', at);
  }
});

// Issue 14, finding 1: this call, twice, trapped the module with its memory at 4 GiB (a report
// of gigabytes). Now each report is 1,000 issues and the count of the others.
test('900,000 bad feature keys as a JavaScript array, twice: a bounded report', () => {
  for (let round = 0; round < 2; round++) {
    const report = validate('sandbox_features_create', { feature_keys: Array(900000).fill('a') });
    assert.equal(report.valid, false);
    assert.equal(report.issues.length, DEFAULT_MAX_ISSUES + 1);
    const last = report.issues[DEFAULT_MAX_ISSUES];
    assert.equal(last.code, 'too_many_issues');
    assert.deepEqual(last.params, { max_issues: 1000, omitted: 899000, omitted_errors: 899000, omitted_warnings: 0 });
    assert.ok(JSON.stringify(report).length < 20 * 3.6e6);
  }
});
