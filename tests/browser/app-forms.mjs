// The forms part of the browser app's test (tests/browser/app.mjs drives it): the product form
// and the card builder of examples/browser/.
//
// - The form is the description: every described field has its control, with the `maxlength`,
//   the options and the required mark describe(kind) gives; and, independently, the limits the
//   spec states (B §2 Product, C §2 and §4 Cards) are on the inputs.
// - Invalid values typed in show the engine's message at that field, and nowhere else; fixing
//   them clears the messages; a complete payload makes the form say valid, and the native command
//   line (`preflight validate KIND`) agrees on the payload the form built, message for message.
// - What a person reads: enum values and hints in words (no `SWIPEABLE_MEDIA`, no "array",
//   no bare "Https"), every key of examples/browser/labels.js a value or description describe
//   gives; brand/GTIN/MPN one group with one required mark whose message is the engine's
//   one_of_required; a card component just added shows no message until a field of it is touched
//   or "Check all fields" is pressed.
// - Some values are typed key by key (locator.pressSequentially: the events of each key, not one
//   input event for the whole value as page.fill sends): the product's price and the card's
//   country code and store id. The message must show while the value breaks the rule, clear at
//   the key that satisfies it, and be the engine's message at every key.
import { spawnSync } from 'node:child_process';
import { state, brokenWords } from './app-a11y.mjs';
import { VALUE_LABELS, HINTS } from '../../examples/browser/labels.js';

/** What the spec states, copied from /work/shared/spec (B §2 Product; C §2 Card components, §4 Cards). */
const SPEC = {
  product: {
    maxLength: { '/title': 150, '/description': 5000 },
    enum: {
      '/availability': ['in stock', 'available for order', 'preorder', 'out of stock', 'discontinued'],
      '/condition': ['new', 'used', 'refurbished'],
    },
    required: ['/id', '/title', '/description', '/availability', '/condition', '/price', '/link', '/image_link'],
    // "at least one of brand, gtin, mpn": one rule, shown as one group with one required mark.
    oneOf: [{ members: ['/brand', '/gtin', '/mpn'], words: ['brand', 'gtin', 'mpn'] }],
  },
  card: {
    maxLength: { '/name': 80 },
    componentTypes: ['MEDIA', 'SWIPEABLE_MEDIA', 'DETAILS', 'BUTTON'],
    labelValues: ['BOOK', 'CONNECT', 'INSTALL', 'OPEN', 'ORDER', 'PLAY', 'SHOP'],
  },
};

/** The message key of a one-of group of the form: `<parent>/(a|b|c)`, member names sorted. */
const groupKeyOf = (members) => `${members[0].slice(0, members[0].lastIndexOf('/'))}/(${members.map((m) => m.slice(m.lastIndexOf('/') + 1)).sort().join('|')})`;
/** An enum value written for programs (`SWIPEABLE_MEDIA`, `APP`), not for people. */
const RAW_ENUM = /^[A-Z][A-Z0-9_]+$/;

const sel = (p) => `#panel-${p.kind} [data-path="${p.path}"]`;
const messageOf = (page, kind, pointer) => page.$eval(`#panel-${kind} [data-message-for="${pointer}"]`, (m) => m.textContent).catch(() => null);

/** Every message shown in a form: pointer -> text. */
async function shownMessages(page, kind) {
  return page.$$eval(`#panel-${kind} [data-message-for]`, (ms) => Object.fromEntries(ms.filter((m) => m.textContent !== '').map((m) => [m.dataset.messageFor, m.textContent])));
}

/** The payload the form built (its preview). */
const payloadOf = async (page, kind) => JSON.parse(await page.textContent(`#${kind}-payload`));

/** The native command line's report of a payload. */
function nativeReport(bin, kind, payload) {
  const r = spawnSync(bin, ['validate', kind, '-', '--json'], { input: JSON.stringify(payload) });
  return { status: r.status, report: JSON.parse(r.stdout.toString('utf8') || 'null') };
}

/**
 * Checks that the messages shown are the native engine's for the form's payload at those paths
 * (messages at one field are joined with '; ' in report order).
 */
/** Like sameAsNative for one issue path whose message the form shows at `shownAt` (a group). */
async function sameAsNativeAt(page, kind, name, { check, preflightBin }, path, shownAt) {
  const native = nativeReport(preflightBin, kind, await payloadOf(page, kind));
  const want = native.report?.issues.filter((i) => i.path === path).map((i) => i.message).join('; ');
  const got = await messageOf(page, kind, shownAt);
  check(`${name}: the message at ${shownAt} is the engine's at ${path}`, Boolean(want) && got === want, `shown ${JSON.stringify(got)}, native ${JSON.stringify(want)}`);
}

async function sameAsNative(page, kind, name, { check, preflightBin }, pointers) {
  const native = nativeReport(preflightBin, kind, await payloadOf(page, kind));
  for (const p of pointers) {
    const want = native.report?.issues.filter((i) => i.path === p).map((i) => i.message).join('; ');
    const got = await messageOf(page, kind, p);
    check(`${name}: the message at ${p} is the engine's`, Boolean(want) && got === want, `shown ${JSON.stringify(got)}, native ${JSON.stringify(want)}`);
  }
}

/**
 * Types `text` into the control at `pointer` key by key, as a person types (one keydown,
 * keypress, input and keyup per character; page.fill sets the whole value in one input event),
 * and after each key reads the message shown at `messageAt` and the native engine's message
 * there for the payload the form has built at that moment. Returns one step per key:
 * { value, shown, native } ('' when there is no message).
 */
async function typeKeyByKey(page, kind, pointer, text, messageAt, preflightBin) {
  const input = page.locator(sel({ kind, path: pointer }));
  const steps = [];
  for (const ch of text) {
    await input.pressSequentially(ch);
    const native = nativeReport(preflightBin, kind, await payloadOf(page, kind));
    steps.push({
      value: await input.inputValue(),
      shown: (await messageOf(page, kind, messageAt)) ?? '',
      native: native.report ? native.report.issues.filter((i) => i.path === messageAt).map((i) => i.message).join('; ') : null,
    });
  }
  return steps;
}

/** The steps whose shown message is not the engine's, for a check's detail. */
const unlikeNative = (steps) => JSON.stringify(steps.filter((s) => s.shown !== s.native));

async function describedIn(page, origin, kind) {
  return page.evaluate(async ([url, k]) => (await import(url)).describe(k), [`${origin}/pkg/browser.js`, kind]);
}

/** The controls match describe(kind) and the spec. */
async function formIsTheDescription(page, origin, kind, check, exclude = []) {
  const d = await describedIn(page, origin, kind);
  const top = d.fields.filter((f) => f.path.split('/').length === 2 && !exclude.includes(f.path) && !['object', 'array'].includes(f.type));
  check(`${kind}: describe gives fields`, top.length > 0, 'no top-level field described');
  const problems = [];
  for (const f of top) {
    const c = await page.$(sel({ kind, path: f.path }));
    if (!c) {
      problems.push(`${f.path}: no control`);
      continue;
    }
    const got = await c.evaluate((e) => ({
      maxLength: e.maxLength ?? -1,
      options: e.tagName === 'SELECT' ? [...e.options].map((o) => o.value) : null,
      required: e.closest('[data-field]').querySelector('label .required-mark:not(.conditional)') !== null,
      condition: e.closest('[data-field]').querySelector('label .condition')?.textContent ?? null,
    }));
    if (f.maxLength !== null && got.maxLength !== f.maxLength) problems.push(`${f.path}: maxlength ${got.maxLength}, described ${f.maxLength}`);
    if (f.enum !== null && JSON.stringify(got.options) !== JSON.stringify(['', ...f.enum])) problems.push(`${f.path}: options ${got.options}`);
    const grouped = (SPEC[kind].oneOf ?? []).some((g) => g.members.includes(f.path));
    // A member of a one-of group has no mark and no condition of its own: the group has them.
    if (got.required !== (f.required === 'always' && !grouped)) problems.push(`${f.path}: required mark ${got.required}, described ${f.required}`);
    if (f.required === 'conditional' && !grouped && got.condition !== f.condition?.text) problems.push(`${f.path}: condition ${got.condition}`);
    if (grouped && got.condition !== null) problems.push(`${f.path}: a condition of its own in its group: ${got.condition}`);
  }
  check(`${kind}: every described field has its control, maxlength, options and required mark (${top.length} fields)`, problems.length === 0, problems.join('; '));
  const spec = SPEC[kind];
  for (const [p, n] of Object.entries(spec.maxLength)) {
    check(`${kind}: ${p} has the spec's maxlength ${n}`, (await page.$eval(sel({ kind, path: p }), (e) => e.maxLength)) === n);
  }
  for (const [p, values] of Object.entries(spec.enum ?? {})) {
    const options = await page.$eval(sel({ kind, path: p }), (e) => [...e.options].map((o) => o.value).filter((v) => v !== ''));
    check(`${kind}: ${p} offers the spec's values`, JSON.stringify(options) === JSON.stringify(values), JSON.stringify(options));
  }
  for (const p of spec.required ?? []) {
    check(`${kind}: ${p} is marked required as in the spec`, await page.$eval(sel({ kind, path: p }), (e) => e.closest('[data-field]').querySelector('label .required-mark') !== null));
  }
  for (const g of spec.oneOf ?? []) {
    const got = await page.$$eval(g.members.map((m) => sel({ kind, path: m })).join(', '), (cs) => {
      const boxes = [...new Set(cs.map((c) => c.closest('fieldset')))];
      const legend = boxes[0]?.querySelector(':scope > legend');
      return { controls: cs.length, boxes: boxes.length, legend: legend?.textContent ?? '', marks: legend?.querySelectorAll('.required-mark').length ?? 0,
        memberMarks: cs.filter((c) => c.closest('[data-field]').querySelector('.required-mark')).length };
    });
    check(`${kind}: ${g.words.join('/')} are one group, its legend the rule with one required mark, no mark on a member`,
      got.controls === g.members.length && got.boxes === 1 && got.marks === 1 && got.memberMarks === 0 &&
        /one of/i.test(got.legend) && /required/i.test(got.legend) && g.words.every((w) => got.legend.toLowerCase().includes(w)), JSON.stringify(got));
  }
  return d;
}

/**
 * What a person reads: each described field's label is its name in words (underscores as
 * spaces), whole words on each line, and it labels its control (clicking it focuses the control);
 * hints show no backtick (code is set as code); ids are unique in the page.
 */
async function labelsForPeople(page, kind, d, check, exclude = []) {
  const top = d.fields.filter((f) => f.path.split('/').length === 2 && !exclude.includes(f.path) && !['object', 'array'].includes(f.type));
  const problems = [];
  for (const f of top) {
    const got = await page.$eval(sel({ kind, path: f.path }), (c) => {
      const l = [...document.querySelectorAll('label')].find((x) => x.control === c);
      return l ? { name: l.firstChild?.textContent ?? '', labels: l.control === c } : null;
    }).catch(() => null);
    if (!got) problems.push(`${f.path}: no label of its control`);
    else if (got.name.toLowerCase() !== f.name.replaceAll('_', ' ').toLowerCase()) problems.push(`${f.path}: label "${got.name}"`);
  }
  check(`${kind}: every field has a label, its name in words, that labels its control`, problems.length === 0, problems.join('; '));
  const broken = await brokenWords(page, `#panel-${kind} [data-field] .name`);
  check(`${kind}: no label breaks inside a word`, broken.length === 0, broken.join(', '));
  const text = await page.$eval(`#panel-${kind}`, (e) => e.innerText);
  check(`${kind}: no backtick shows (code is set as code)`, !text.includes('`'), text.split('\n').filter((l) => l.includes('`')).join(' | '));
  const spelled = await page.$$eval(`#panel-${kind} input[type="text"], #panel-${kind} textarea`, (cs) => cs.filter((c) => c.spellcheck).map((c) => c.dataset.path));
  check(`${kind}: no field is spell-checked (the browser's spelling service would see the text)`, spelled.length === 0, spelled.join(', '));
  const duplicates = await page.$$eval('[id]', (es) => es.map((e) => e.id).filter((id, i, all) => all.indexOf(id) !== i));
  check(`${kind}: no two elements of the page share an id`, duplicates.length === 0, duplicates.join(', '));
  await wordsNotNames(page, kind, d, check);
}

/**
 * Enum values and hints in words: no option, button, heading, label, legend or hint shows a
 * described enum value written for programs (SWIPEABLE_MEDIA; the value sent stays it), and no
 * hint is developer jargon ("array", "object", "render order") or a bare scheme ("Https").
 */
async function wordsNotNames(page, kind, d, check) {
  const raw = new Set(d.fields.flatMap((f) => f.enum ?? []).filter((v) => RAW_ENUM.test(v)));
  const shown = await page.$$eval(`#panel-${kind} :is(option, button, h3, .name, legend, .hint, output)`, (es) => es.filter((e) => e.checkVisibility() || e.tagName === 'OPTION').map((e) => e.textContent));
  const named = shown.filter((t) => t.split(/[^A-Za-z0-9_]+/).some((w) => raw.has(w)));
  check(`${kind}: no option, button, label or hint shows an enum value's name (${raw.size} names described)`, named.length === 0, JSON.stringify(named));
  const hints = await page.$$eval(`#panel-${kind} .hint`, (es) => es.filter((e) => e.checkVisibility()).map((e) => e.textContent.trim()));
  const jargon = hints.filter((h) => /\b(array|object|string|render order)\b/i.test(h) || /^https?$/i.test(h));
  check(`${kind}: no hint is jargon or a bare scheme`, jargon.length === 0, JSON.stringify(jargon));
  const values = await page.$$eval(`#panel-${kind} select`, (ss) => ss.flatMap((s) => [...s.options].filter((o) => o.value !== '').map((o) => [o.value, o.label])));
  check(`${kind}: every option submits a described value`, values.every(([v]) => d.fields.some((f) => f.enum?.includes(v) || f.type === 'boolean')), JSON.stringify(values));
}

/** The verdict is above the fields, and stays in view while the form scrolls. */
async function verdictInView(page, kind, check, scrollTo) {
  const order = await page.$eval(`#${kind}-verdict`, (v) => {
    const first = document.querySelector(`#panel-${v.id.split('-')[0]} [data-field]`);
    return v.getBoundingClientRect().bottom <= first.getBoundingClientRect().top;
  });
  check(`${kind}: the verdict is above the fields`, order);
  await page.$eval(sel({ kind, path: scrollTo }), (e) => e.scrollIntoView({ block: 'start' }));
  const inView = await page.$eval(`#${kind}-verdict`, (v) => {
    const r = v.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
  });
  check(`${kind}: the verdict stays in view when the form is scrolled to ${scrollTo}`, inView);
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function testProduct(page, ctx) {
  const { check, origin, preflightBin } = ctx;
  const kind = 'product';
  await page.click('#tab-product');
  const d = await formIsTheDescription(page, origin, kind, check);
  const at = (p) => sel({ kind, path: p });
  await state(page, ctx, 'product-empty');
  await labelsForPeople(page, kind, d, check);
  // The title's label focuses the title input (it shared its id with the page's heading).
  await page.click(`#panel-product label[for="${await page.getAttribute(at('/title'), 'id')}"]`);
  check('product: clicking the title\'s label focuses the title input', await page.$eval(at('/title'), (e) => document.activeElement === e));
  check('product: the price hint sets its code as code, without backticks',
    (await page.$eval(at('/price'), (e) => e.closest('[data-field]').querySelector('.hint code')?.textContent ?? null)) === '.');
  await verdictInView(page, kind, check, '/gtin');

  // maxlength stops typing: 200 characters typed, 150 kept, so no too_long message is possible.
  await page.fill(at('/title'), 'M'.repeat(200));
  check('product: the title input keeps at most 150 characters', (await page.$eval(at('/title'), (e) => e.value.length)) === 150);
  await page.fill(at('/title'), 'Enamel mug');
  await page.fill(at('/price'), '12,99 dollars');
  await page.fill(at('/link'), 'http://shop.example.com/mug');
  await page.fill(at('/inventory'), 'ten');
  let shown = await shownMessages(page, kind);
  check('product: messages show at the three invalid fields and only there', JSON.stringify(Object.keys(shown).sort()) === JSON.stringify(['/inventory', '/link', '/price']), JSON.stringify(shown));
  await sameAsNative(page, kind, 'product', ctx, ['/price', '/link', '/inventory']);
  check('product: the invalid inputs are marked aria-invalid and described by their message',
    (await page.getAttribute(at('/price'), 'aria-invalid')) === 'true' &&
      (await page.$eval(at('/price'), (e) => e.getAttribute('aria-describedby').split(' ').map((id) => document.getElementById(id)?.textContent).includes(e.closest('[data-field]').querySelector('[data-message-for]').textContent))) &&
      Boolean(shown['/price']));
  check('product: the form says it is not valid', (await page.getAttribute('#product-verdict', 'data-valid')) === 'false');
  await state(page, ctx, 'product-invalid');

  // Fixing them clears their messages. The price is typed key by key: every prefix of
  // "12.99 USD" lacks its ISO 4217 code (or part of it), so the message stays until the last key
  // completes the code, and then clears; at each key it is the engine's message for that value.
  await page.fill(at('/price'), '');
  const price = await typeKeyByKey(page, kind, '/price', '12.99 USD', '/price', preflightBin);
  check('product: typing the price key by key keeps every character', price.at(-1)?.value === '12.99 USD', JSON.stringify(price.at(-1)));
  check('product: while the price is partial its message shows, at each key',
    price.slice(0, -1).every((st) => st.shown !== ''), JSON.stringify(price.filter((st) => st.shown === '')));
  check('product: the key that completes the price clears its message', price.at(-1)?.shown === '', JSON.stringify(price.at(-1)));
  check('product: at each key the price message is the engine\'s for the value typed so far', price.every((st) => st.shown === st.native), unlikeNative(price));
  await page.fill(at('/link'), 'https://shop.example.com/mug');
  await page.fill(at('/inventory'), '10');
  shown = await shownMessages(page, kind);
  check('product: fixed fields have no message', Object.keys(shown).length === 0 && (await page.$$('#panel-product [aria-invalid]')).length === 0, JSON.stringify(shown));

  // Check shows what is still missing, at each field.
  await page.click('#panel-product button[type="submit"]');
  shown = await shownMessages(page, kind);
  const missing = ['/id', '/description', '/availability', '/condition', '/image_link'];
  check('product: Check shows "required" at each missing required field', missing.every((p) => shown[p]), JSON.stringify(shown));
  await sameAsNative(page, kind, 'product (missing fields)', ctx, missing);
  // A rule over several members is reported at the first of them (params.fields names all); the
  // form shows it once, at their group.
  const group = groupKeyOf(SPEC.product.oneOf[0].members);
  check('product: the brand/gtin/mpn rule shows once, at their group, not at brand', Boolean(shown[group]) && !shown['/brand'], JSON.stringify(shown));
  await sameAsNativeAt(page, kind, 'product (brand/gtin/mpn)', ctx, '/brand', group);
  check('product: the group is marked invalid and its fields described by its message',
    await page.$eval(`#panel-product [data-field="${group}"]`, (g) => g.classList.contains('invalid') &&
      [...g.querySelectorAll('[data-path]')].every((c) => c.getAttribute('aria-describedby').split(' ').some((id) => document.getElementById(id)?.textContent === g.querySelector(`[data-message-for="${g.dataset.field}"]`).textContent))));
  await state(page, ctx, 'product-check-all');

  await page.fill(at('/id'), 'sku-1');
  await page.fill(at('/description'), 'A white enamel mug, 350 ml.');
  await page.selectOption(at('/availability'), 'in stock');
  await page.selectOption(at('/condition'), 'new');
  await page.fill(at('/image_link'), 'https://shop.example.com/mug.jpg');
  await page.fill(at('/brand'), 'Acme');
  shown = await shownMessages(page, kind);
  check('product: no message once complete', Object.keys(shown).length === 0 && (await page.$$('#product-other li')).length === 0, JSON.stringify(shown));
  check('product: the form says valid', (await page.getAttribute('#product-verdict', 'data-valid')) === 'true' && (await page.textContent('#product-verdict')).startsWith('Valid'), await page.textContent('#product-verdict'));
  const native = nativeReport(preflightBin, kind, await payloadOf(page, kind));
  check('product: the native command line finds the payload valid', native.status === 0 && native.report?.valid === true, JSON.stringify(native.report));
  await state(page, ctx, 'product-valid');
}

async function testCard(page, ctx) {
  const { check, origin, preflightBin } = ctx;
  const kind = 'card';
  await page.click('#tab-card');
  const d = await formIsTheDescription(page, origin, kind, check, ['/slides']);
  const at = (p) => sel({ kind, path: p });
  await state(page, ctx, 'card-empty');
  await labelsForPeople(page, kind, d, check, ['/slides']);
  const add = (variant) => page.click(`#panel-card [data-add="/components"][data-variant="${variant}"]`);
  const variants = await page.$$eval('#panel-card [data-add="/components"]', (bs) => bs.map((b) => b.dataset.variant));
  check('card: the component types offered are the spec\'s', JSON.stringify(variants) === JSON.stringify(SPEC.card.componentTypes), JSON.stringify(variants));

  await page.fill(at('/name'), 'Spring sale');
  // Two media components: the composition rule (one media plus one DETAILS or BUTTON) is broken.
  await add('MEDIA');
  await add('SWIPEABLE_MEDIA');
  const maxItems = d.fields.find((f) => f.path === '/components')?.maxItems ?? null;
  const disabled = await page.$$eval('#panel-card [data-add="/components"]', (bs) => bs.every((b) => b.disabled));
  check('card: no component can be added beyond the described maximum', maxItems === 2 && disabled, `maxItems ${maxItems}, disabled ${disabled}`);
  // A disabled button says why: its title, and a visible sentence it is described by.
  const reasons = await page.$$eval('#panel-card [data-add="/components"]:disabled', (bs) => bs.map((b) => {
    const by = document.getElementById(b.getAttribute('aria-describedby') ?? '');
    return { title: b.title, text: by?.textContent ?? '', visible: by?.checkVisibility() ?? false };
  }));
  check('card: each disabled add button says why (title, and a visible text it is described by)',
    reasons.length === 4 && reasons.every((r) => r.title !== '' && r.text === r.title && r.visible && /\b2\b/.test(r.text)), JSON.stringify(reasons));
  await page.click('#panel-card [data-add="/components/1/media_keys"]');
  await page.fill(at('/components/1/media_keys/0'), '3_111');
  let shown = await shownMessages(page, kind);
  check('card: the composition rule shows at the component list, a short key list at its field',
    Boolean(shown['/components']) && Boolean(shown['/components/1/media_keys']), JSON.stringify(shown));
  await sameAsNative(page, kind, 'card (composition)', ctx, ['/components', '/components/1/media_keys']);
  await state(page, ctx, 'card-invalid');
  await page.click('#panel-card [data-remove="/components/1"]');

  await add('BUTTON');
  // A component just added shows no message at its fields (as the product form shows none at a
  // field not touched yet); "Check all fields" shows them.
  shown = await shownMessages(page, kind);
  const early = Object.keys(shown).filter((p) => p.startsWith('/components/'));
  const red = await page.$$eval('#panel-card ol.objects > li :is(.invalid, [aria-invalid])', (es) => es.length);
  check('card: a component just added shows no message and no red field before a field of it is touched', early.length === 0 && red === 0, JSON.stringify({ shown, red }));
  await state(page, ctx, 'card-component-added');
  await page.click('#panel-card button[type="submit"]');
  const labels = await page.$eval(at('/components/1/label/value'), (e) => [...e.options].map((o) => o.value).filter((v) => v !== ''));
  check('card: a button label offers the spec\'s values', JSON.stringify(labels) === JSON.stringify(SPEC.card.labelValues), JSON.stringify(labels));
  // describe: "WEBSITE ... allowed only in DETAILS; APP ... allowed only in BUTTON", so a BUTTON's
  // destination offers APP alone.
  const destinations = await page.$eval(at('/components/1/destination/type'), (e) => [...e.options].map((o) => o.value).filter((v) => v !== ''));
  check('card: a button destination offers only APP', JSON.stringify(destinations) === '["APP"]', JSON.stringify(destinations));
  shown = await shownMessages(page, kind);
  check('card: "Check all fields" shows what the new components lack, at their fields',
    ['/components/0/media_key', '/components/1/label/value'].every((p) => shown[p]), JSON.stringify(shown));
  await sameAsNative(page, kind, 'card', ctx, ['/components/0/media_key', '/components/1/label/value']);

  await page.fill(at('/components/0/media_key'), '3_1234567890');
  await page.selectOption(at('/components/1/label/value'), 'SHOP');
  await page.selectOption(at('/components/1/destination/type'), 'APP');
  await page.fill(at('/components/1/destination/country_code'), 'USA');
  shown = await shownMessages(page, kind);
  await state(page, ctx, 'card-app-destination');
  check('card: an APP destination shows its own fields', (await page.$(at('/components/1/destination/url'))) === null && (await page.$(at('/components/1/destination/country_code'))) !== null);
  const appIds = groupKeyOf(['/components/1/destination/androidstore_app_id', '/components/1/destination/ios_app_store_identifier']);
  check('card: a bad country code shows at its field, the missing app id once at the group of the two store ids',
    Boolean(shown['/components/1/destination/country_code']) && Boolean(shown[appIds]) && !shown['/components/1/destination/androidstore_app_id'], JSON.stringify(shown));
  await sameAsNative(page, kind, 'card (app destination)', ctx, ['/components/1/destination/country_code']);
  await sameAsNativeAt(page, kind, 'card (app destination)', ctx, '/components/1/destination/androidstore_app_id', appIds);

  // Typed key by key: "U" is no ISO 3166-1 alpha-2 code (the message shows), "US" is (it clears).
  await page.fill(at('/components/1/destination/country_code'), '');
  const country = await typeKeyByKey(page, kind, '/components/1/destination/country_code', 'US', '/components/1/destination/country_code', preflightBin);
  check('card: one letter of a country code shows the message, the second clears it',
    country.length === 2 && country[0].shown !== '' && country[1].shown === '' && country[1].value === 'US', JSON.stringify(country));
  check('card: at each key the country code message is the engine\'s', country.every((st) => st.shown === st.native), unlikeNative(country));
  // The APP destination needs a store id: its message clears at the first key of one and stays
  // cleared while the rest is typed.
  const appId = await typeKeyByKey(page, kind, '/components/1/destination/androidstore_app_id', 'com.example.shop', '/components/1/destination', preflightBin);
  check('card: the first key of androidstore_app_id clears the destination\'s message, for good',
    appId.every((st) => st.shown === '') && appId.at(-1)?.value === 'com.example.shop', JSON.stringify(appId.filter((st) => st.shown !== '')));
  check('card: at each key the destination message is the engine\'s', appId.every((st) => st.shown === st.native), unlikeNative(appId));
  shown = await shownMessages(page, kind);
  check('card: no message once fixed', Object.keys(shown).length === 0, JSON.stringify(shown));
  check('card: the builder says valid', (await page.getAttribute('#card-verdict', 'data-valid')) === 'true', await page.textContent('#card-verdict'));
  const native = nativeReport(preflightBin, kind, await payloadOf(page, kind));
  check('card: the native command line finds the card valid', native.status === 0 && native.report?.valid === true, JSON.stringify(native.report));
  await state(page, ctx, 'card-valid');

  // A DETAILS component instead of the button: its destination can only be a WEBSITE, so its URL
  // field shows at once, and filling in the title and the URL makes a valid card.
  await page.click('#panel-card [data-remove="/components/1"]');
  await add('DETAILS');
  const url = at('/components/1/destination/url');
  if (check('card: adding DETAILS shows its URL field at once', (await page.$(url)) !== null)) {
    await page.fill(at('/components/1/title'), 'Spring sale');
    await page.fill(url, 'https://shop.example.com/spring');
    check('card: a MEDIA and DETAILS card with a title and a URL is valid', (await page.getAttribute('#card-verdict', 'data-valid')) === 'true', await page.textContent('#card-verdict'));
    const details = nativeReport(preflightBin, kind, await payloadOf(page, kind));
    check('card: the native command line finds the DETAILS card valid', details.status === 0 && details.report?.valid === true, JSON.stringify(details.report));
    await state(page, ctx, 'card-details-valid');
  }
}

/** @param {{check: Function, shots: string, origin: string, preflightBin: string}} ctx */
export async function testForms(page, ctx) {
  await testProduct(page, ctx);
  await testCard(page, ctx);
  // labels.js names only what describe gives: a value or a hint describe dropped fails here.
  const described = (await Promise.all(['product', 'card'].map((k) => describedIn(page, ctx.origin, k)))).flatMap((d) => d.fields);
  const values = Object.keys(VALUE_LABELS).filter((v) => !described.some((f) => f.enum?.includes(v)));
  ctx.check('labels.js: every labelled value is a described enum value', values.length === 0, values.join(', '));
  const hints = Object.keys(HINTS).filter((k) => !described.some((f) => f.path === k || f.description === k));
  ctx.check('labels.js: every hint replaces a described path or description', hints.length === 0, hints.join(', '));
}
