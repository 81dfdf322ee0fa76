// A form built from describe(kind) and checked with validate(kind, payload) on every change.
//
// What the form shows comes from the description: which fields exist, their order, `maxlength`,
// the options of a `<select>`, required marks (and the condition of conditionally required
// fields), item counts of lists, and which members apply to which variant of a tagged object
// (`appliesWhen`: a card component's members by its `type`, a destination's by its `type`). What
// the form says is wrong comes from the engine's report only: each issue's message is shown next
// to the field at its path (or the nearest enclosing one); issues of the whole payload are listed
// below the form. Nothing here repeats a rule.
//
// Messages of a field show once it has been touched (typed in, chosen, or an item of a list
// added to it or removed from it: the list's own messages, not those of the new item's fields);
// "Check all fields" (next to the verdict, above the form) shows them all.
//
// Fields of which at least one is required (brand, GTIN or MPN: each is described as required
// when the others are absent) are one group with one rule and one required mark, and the
// engine's one_of_required issue is shown once, at the group.
//
// Enum values and some hints are written in words by labels.js (the value sent stays the
// described value).
import { hintOf, valueLabel } from './labels.js';

/** Example values shown as placeholders, by the described format. */
const PLACEHOLDERS = {
  https_url: 'https://…',
  url: 'https://…',
  http_url: 'https://…',
  url_list: 'https://…/a.jpg,https://…/b.jpg',
  price: '12.99 USD',
  iso8601_range: '2024-05-01T00:00:00Z/2024-05-31T23:59:59Z',
  iso8601: '2024-05-01T12:00:00Z',
  date_time: '2024-05-01T12:00:00Z',
  country_code: 'US',
  currency: 'USD',
  gtin: '4006381333931',
};

/** A string field at least this long gets a text area. */
const TEXTAREA_MIN_LENGTH = 500;

const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** Words of member names written in capitals in a label (typography, not spec text). */
const ACRONYMS = new Map([['id', 'ID'], ['url', 'URL'], ['gtin', 'GTIN'], ['mpn', 'MPN'], ['ios', 'iOS'], ['sku', 'SKU'], ['cta', 'CTA']]);

/** A label for people from a member name: "taxonomy_product_category" -> "Taxonomy product category". */
export function humanize(name) {
  const words = String(name).split(/[_\s]+/).filter(Boolean).map((w) => ACRONYMS.get(w.toLowerCase()) ?? w.toLowerCase());
  if (words.length === 0) return String(name);
  if (!ACRONYMS.has(words[0].toLowerCase())) words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return words.join(' ');
}

/**
 * The hint of a described field for people, or null: the description without what the label
 * already says (a leading "`name` (type)" and a bare "required"), and null when nothing is left
 * or it only repeats the label or the condition shown with it.
 */
export function hintText(f) {
  const own = hintOf(f);
  if (own !== undefined) return own;
  const raw = (f.description ?? '').trim();
  if (raw === '' || raw === f.condition?.text) return null;
  const name = f.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let t = raw.replace(new RegExp(`^\`?${name}\`?(?![\\w])(\\s*\\([^)]*\\))?\\s*[:;,]?\\s*`), '');
  if (/^(required|optional)?[.]?$/i.test(t) || t.toLowerCase() === humanize(f.name).toLowerCase()) return null;
  if (/^[a-z]/.test(t)) t = t[0].toUpperCase() + t.slice(1);
  return t;
}

/** Text with `code spans` as <code> elements (the backticks are not shown). */
function withCode(text) {
  return text.split(/`([^`]*)`/).map((part, i) => (i % 2 === 1 ? el('code', { text: part }) : document.createTextNode(part)));
}

/** Field `seg` of a JSON pointer, escaped (RFC 6901). */
const escapeSeg = (s) => String(s).replaceAll('~', '~0').replaceAll('/', '~1');
const splitPointer = (p) => (p === '' ? [] : p.slice(1).split('/').map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~')));

function getAt(state, pointer) {
  let v = state;
  for (const seg of splitPointer(pointer)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = v[seg];
  }
  return v;
}

function setAt(state, pointer, value) {
  const segs = splitPointer(pointer);
  let v = state;
  for (let i = 0; i < segs.length - 1; i++) {
    if (v[segs[i]] === null || typeof v[segs[i]] !== 'object') v[segs[i]] = /^\d+$/.test(segs[i + 1]) ? [] : {};
    v = v[segs[i]];
  }
  const last = segs[segs.length - 1];
  if (value === undefined) {
    if (Array.isArray(v)) v.splice(Number(last), 1);
    else delete v[last];
  } else {
    v[last] = value;
  }
}

/** The concrete pointer of a described one (`*` replaced by the indexes, in order). */
function concrete(described, indexes) {
  let k = 0;
  return described.replace(/\/\*(?=\/|$)/g, () => `/${indexes[k++]}`);
}

/** Whether a described condition holds for the current payload. */
function holds(when, state, indexes) {
  if (!when) return true;
  const at = (f) => getAt(state, concrete(f, indexes));
  switch (when.op) {
    case 'equals':
      return at(when.field) === when.value;
    case 'present':
      return at(when.field) !== undefined;
    case 'given':
      return at(when.field) !== undefined && at(when.field) !== '';
    case 'all_absent':
      return when.fields.every((f) => at(f) === undefined);
    default:
      return false; // a context fact: not known to the form
  }
}

const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('data-')) e.setAttribute(k, v);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
};

/**
 * Builds the form of `kind` into `parts.form` and keeps it checked.
 * @param {object} preflight the package (describe, validate)
 * @param {string} kind
 * @param {{form: HTMLFormElement, verdict: HTMLElement, other: HTMLElement, payload: HTMLElement,
 *   source?: HTMLElement}} parts
 * @param {{exclude?: string[], note?: string}} [options] described paths left out of the form
 */
export function createForm(preflight, kind, parts, options = {}) {
  const description = preflight.describe(kind);
  const exclude = new Set(options.exclude ?? []);
  const fields = description.fields.filter((f) => ![...exclude].some((x) => f.path === x || f.path.startsWith(`${x}/`)));
  const discriminators = new Set(fields.map((f) => f.appliesWhen?.field).filter(Boolean));
  const groups = oneOfGroups(fields);
  const state = {};
  const touched = new Set();
  let showAll = false;
  // The page's heading names the tool; the description's title and source say what is checked.
  if (parts.source) parts.source.textContent = [description.title, description.source, options.note].filter(Boolean).join(' · ');

  /** The described children of described path `d` that apply at `indexes`, one per name. */
  function children(d, indexes) {
    const seen = new Set();
    const out = [];
    for (const f of fields) {
      const rest = f.path.slice(d.length);
      if (!f.path.startsWith(`${d}/`) || rest.slice(1).includes('/') || rest === '/*') continue;
      if (seen.has(f.path) || !holds(f.appliesWhen, state, indexes)) continue;
      seen.add(f.path);
      out.push(f);
    }
    return out;
  }

  /**
   * The label of a field: its human name (the member name in its title), its required mark and
   * condition. A <label> for a control; a <span> for a group or a list, which have no control.
   */
  function label(f, id, indexes, tag = 'label') {
    const l = el(tag, { for: tag === 'label' ? id : null, id: `${id}-label`, class: 'name', title: f.name, text: humanize(f.name) });
    // A member of a one-of group: the group carries the mark and the rule.
    if (groups.has(f.path)) return l;
    if (f.required === 'always') l.append(el('span', { class: 'required-mark', title: 'required', text: '*' }));
    if (f.required === 'conditional' && f.condition) {
      l.append(el('span', { class: 'required-mark conditional', title: 'required now', 'data-when': '', text: '*', hidden: !holds(f.condition.when, state, indexes) }));
      l.append(el('span', { class: 'condition', text: f.condition.text }));
    }
    return l;
  }

  const message = (pointer) => el('p', { class: 'message', id: `${idOf(pointer)}-message`, 'data-message-for': pointer });
  // The description's words, unless they only repeat what the label shows (hintText).
  const hint = (f, pointer) => {
    const t = hintText(f);
    return t === null ? null : el('p', { class: 'hint', id: `${idOf(pointer)}-hint` }, ...withCode(t));
  };
  // Ids of controls start with "<kind>-field": no clash with the page's own ids.
  const idOf = (pointer) => `${kind}-field${pointer.replace(/[^A-Za-z0-9]+/g, '-')}`;
  /** The ids that describe the control at `pointer`: its message, and its hint when it has one. */
  const describedBy = (f, pointer) => [`${idOf(pointer)}-message`, ...(hintText(f) === null ? [] : [`${idOf(pointer)}-hint`]),
    ...(groups.has(f.path) ? [`${idOf(groupKey(pointer, groups.get(f.path)))}-message`] : [])].join(' ');

  /** The value of a control as JSON: undefined for empty (the member is left out). */
  function parse(f, raw) {
    if (raw === '') return undefined;
    switch (f.type) {
      case 'integer':
      case 'number':
      case 'long':
        // Not a number: sent as text, so the engine says what is wrong with it.
        return NUMBER.test(raw) && Number.isSafeInteger(Math.trunc(Number(raw))) ? Number(raw) : raw;
      case 'boolean':
        return raw === 'true';
      default:
        return raw;
    }
  }

  /** An input, select or text area for a scalar field at `pointer`. */
  function control(f, pointer, shape = f) {
    const id = idOf(pointer);
    const value = getAt(state, pointer);
    let c;
    if (shape.enum || shape.type === 'boolean') {
      const values = shape.enum ?? ['true', 'false'];
      c = el('select', { id, 'data-path': pointer }, el('option', { value: '', text: '—' }), ...values.map((v) => el('option', { value: v, text: shape.enum ? valueLabel(v) : v })));
      // The only value allowed for a required member: chosen already.
      if (value === undefined && values.length === 1 && f.required === 'always') setAt(state, pointer, parse(shape, values[0]));
      c.value = getAt(state, pointer) === undefined ? '' : String(getAt(state, pointer));
    } else {
      const long = shape.maxLength !== null && shape.maxLength >= TEXTAREA_MIN_LENGTH;
      c = el(long ? 'textarea' : 'input', {
        id,
        'data-path': pointer,
        placeholder: PLACEHOLDERS[shape.format] ?? null,
        inputMode: ['integer', 'long'].includes(shape.type) ? 'numeric' : shape.type === 'number' ? 'decimal' : null,
        autocomplete: 'off',
      });
      if (!long) c.type = 'text';
      // No spell checking: Chrome's enhanced spell check sends the text typed to Google, and the
      // plain one downloads a dictionary; the page says nothing typed leaves the tab.
      c.spellcheck = false;
      if (shape.maxLength !== null) c.maxLength = shape.maxLength;
      c.value = value === undefined ? '' : String(value);
    }
    // Screen readers read the field's message (and hint) with it.
    c.setAttribute('aria-describedby', describedBy(f, pointer));
    const counter = shape.maxLength !== null ? el('span', { class: 'counter', text: `${c.value.length} / ${shape.maxLength}` }) : null;
    c.addEventListener(c.tagName === 'SELECT' ? 'change' : 'input', () => {
      setAt(state, pointer, parse(shape, c.value));
      touched.add(pointer);
      if (counter) counter.textContent = `${c.value.length} / ${shape.maxLength}`;
      // A member other members depend on (a `type`): rebuild the form around the new variant.
      if (discriminators.has(f.path)) render();
      else update();
    });
    return [c, counter];
  }

  /** One field at concrete `pointer` (described `f.path`), appended to `into`. */
  function renderField(f, pointer, indexes, into) {
    if (f.type === 'object') {
      const box = el('fieldset', { class: 'group', 'data-field': pointer }, el('legend', {}, label(f, idOf(pointer), indexes, 'span')));
      box.append(hint(f, pointer) ?? '');
      renderFields(children(f.path, indexes), pointer, indexes, box);
      box.append(message(pointer));
      into.append(box);
      return;
    }
    if (f.type === 'array' && f.items?.type === 'object') {
      into.append(objectList(f, pointer, indexes));
      return;
    }
    const row = el('div', { class: 'field', 'data-field': pointer });
    const body = el('div');
    if (f.type === 'array') {
      body.append(scalarList(f, pointer, describedBy(f, pointer)));
    } else if (discriminators.has(f.path) && f.path.match(/\/\*\/[^/]+$/) && getAt(state, pointer) !== undefined) {
      // The tag of a list item is chosen when the item is added.
      body.append(el('output', { id: idOf(pointer), 'data-path': pointer, 'data-value': String(getAt(state, pointer)), text: valueLabel(getAt(state, pointer)) }));
    } else {
      body.append(...control(f, pointer).filter(Boolean));
    }
    body.append(hint(f, pointer) ?? '', message(pointer));
    row.append(label(f, idOf(pointer), indexes, f.type === 'array' ? 'span' : 'label'), body);
    into.append(row);
  }

  /**
   * Why the add buttons of a full list are off: a visible sentence they are described by (and
   * their title), or null while the list can grow.
   */
  function fullNote(f, pointer, count) {
    if (f.maxItems === null || count < f.maxItems) return null;
    const what = humanize(f.name).toLowerCase();
    return el('span', { class: 'hint full', id: `${idOf(pointer)}-full`, text: `At most ${f.maxItems} ${what}: remove one to add another.` });
  }

  /** A list of strings (`media_keys`): one input per item, add and remove. */
  function scalarList(f, pointer, describedby) {
    const items = getAt(state, pointer) ?? [];
    const list = el('ol', { class: 'items' });
    const shape = { ...(f.items ?? { type: 'string', enum: null, maxLength: null, format: null }), name: f.name, path: `${f.path}/*`, required: 'optional' };
    items.forEach((_, i) => {
      const p = `${pointer}/${i}`;
      const remove = el('button', { type: 'button', text: 'remove', 'data-remove': p });
      remove.addEventListener('click', () => {
        setAt(state, p, undefined);
        if (getAt(state, pointer).length === 0) setAt(state, pointer, undefined);
        touched.add(pointer);
        render();
      });
      const [c, counter] = control(shape, p, shape);
      c.setAttribute('aria-label', `${humanize(f.name)}, item ${i + 1}`);
      c.setAttribute('aria-describedby', `${idOf(p)}-message ${describedby}`);
      remove.setAttribute('aria-label', `remove ${humanize(f.name).toLowerCase()} item ${i + 1}`);
      list.append(el('li', {}, c, counter, remove, message(p)));
    });
    const full = fullNote(f, pointer, items.length);
    const add = el('button', {
      type: 'button',
      text: `add ${humanize(f.name).toLowerCase().replace(/s$/, '')}`,
      'data-add': pointer,
      disabled: full !== null,
      title: full?.textContent,
      'aria-describedby': full?.id,
    });
    add.addEventListener('click', () => {
      setAt(state, pointer, [...(getAt(state, pointer) ?? []), '']);
      render();
      document.getElementById(idOf(`${pointer}/${items.length}`))?.focus();
    });
    const bounds = f.minItems !== null || f.maxItems !== null ? el('span', { class: 'hint', text: ` ${f.minItems ?? 0} to ${f.maxItems ?? 'any number of'} items` }) : null;
    return el('div', {}, list, add, bounds, full);
  }

  /** A list of objects (card components), tagged by a discriminator member when there is one. */
  function objectList(f, pointer, indexes) {
    const items = getAt(state, pointer) ?? [];
    const tag = fields.find((c) => c.path.startsWith(`${f.path}/*/`) && !c.path.slice(f.path.length + 3).includes('/') && discriminators.has(c.path) && c.enum);
    const box = el('fieldset', { class: 'group list', 'data-field': pointer }, el('legend', {}, label(f, idOf(pointer), indexes, 'span')));
    const list = el('ol', { class: 'objects' });
    items.forEach((item, i) => {
      const p = `${pointer}/${i}`;
      const at = [...indexes, i];
      const what = tag ? valueLabel(item?.[tag.name] ?? '?') : null;
      const remove = el('button', { type: 'button', text: 'remove', 'data-remove': p, 'aria-label': `remove item ${i + 1}${what ? ` (${what})` : ''}` });
      remove.addEventListener('click', () => {
        setAt(state, p, undefined);
        if (getAt(state, pointer).length === 0) setAt(state, pointer, undefined);
        shiftTouched(pointer, i);
        render();
      });
      const li = el('li', { 'data-field': p }, el('h3', {}, el('span', { text: what ?? `item ${i + 1}`, 'data-value': tag ? String(item?.[tag.name] ?? '') : null }), remove));
      renderFields(children(`${f.path}/*`, at).filter((c) => c !== tag), p, at, li);
      li.append(message(p));
      list.append(li);
    });
    const full = fullNote(f, pointer, items.length);
    const adds = (tag ? tag.enum : [null]).map((value) => {
      const b = el('button', {
        type: 'button',
        text: value === null ? 'add' : valueLabel(value),
        'data-add': pointer,
        'data-variant': value,
        disabled: full !== null,
        title: full?.textContent,
        'aria-describedby': full?.id,
      });
      b.addEventListener('click', () => {
        const item = value === null ? {} : { [tag.name]: value };
        setAt(state, pointer, [...(getAt(state, pointer) ?? []), item]);
        // The list is touched (its own messages show), not the new item's fields.
        touched.add(pointer);
        render();
      });
      return b;
    });
    const noun = humanize(f.name).toLowerCase().replace(/s$/, '');
    box.append(hint(f, pointer) ?? '', list, el('p', { class: 'add' }, tag ? `Add a ${noun}: ` : '', ...adds, full ? ' ' : '', full ?? ''), message(pointer));
    return box;
  }

  /**
   * The fields `list` (children of concrete `pointer`) appended to `into`; the members of a
   * one-of group in one fieldset, at the place of the first of them, with the group's rule as its
   * legend, one required mark, and one message.
   */
  function renderFields(list, pointer, indexes, into) {
    const done = new Set();
    for (const c of list) {
      if (done.has(c.path)) continue;
      const group = groups.get(c.path);
      if (!group) {
        renderField(c, `${pointer}/${escapeSeg(c.name)}`, indexes, into);
        continue;
      }
      const members = list.filter((m) => group.includes(m.path));
      const key = groupKey(`${pointer}/${escapeSeg(c.name)}`, group);
      const id = idOf(key);
      const legend = el('legend', {}, el('span', { class: 'name', id: `${id}-label`, text: `One of ${orList(members.map((m) => humanize(m.name).replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())))} is required` }),
        el('span', { class: 'required-mark', title: 'required', text: '*' }));
      const box = el('fieldset', { class: 'group one-of', 'data-field': key, 'data-one-of': members.map((m) => m.name).join(' ') }, legend);
      for (const m of members) {
        done.add(m.path);
        renderField(m, `${pointer}/${escapeSeg(m.name)}`, indexes, box);
      }
      box.append(message(key));
      into.append(box);
    }
  }

  /** Touched paths of list items after item `i` of list `pointer` was removed. */
  function shiftTouched(pointer, i) {
    const prefix = `${pointer}/`;
    const kept = [...touched].flatMap((p) => {
      if (!p.startsWith(prefix)) return [p];
      const [n, ...rest] = p.slice(prefix.length).split('/');
      const k = Number(n);
      if (k === i) return [];
      return [`${prefix}${k > i ? k - 1 : k}${rest.length ? `/${rest.join('/')}` : ''}`];
    });
    touched.clear();
    for (const p of kept) touched.add(p);
  }

  /**
   * Builds the form from the state and checks it. A variant with a single allowed value (a
   * DETAILS component's destination is WEBSITE) is chosen while the form is built, and the
   * members of that value appear at once: the form is built again until the state is stable.
   */
  function render() {
    for (let pass = 0; pass < 8; pass++) {
      const before = JSON.stringify(state);
      build();
      if (JSON.stringify(state) === before) break;
    }
    update();
  }

  function build() {
    const focused = document.activeElement?.dataset?.path;
    parts.form.replaceChildren();
    renderFields(children('', []), '', [], parts.form);
    if (description.rules.length > 0) {
      const rules = el('ul', {}, ...description.rules.map((r) => el('li', {}, ...withCode(r.text))));
      parts.form.append(el('details', { class: 'rules' }, el('summary', { text: 'Rules across fields' }), rules));
    }
    if (focused) parts.form.querySelector(`[data-path="${CSS.escape(focused)}"]`)?.focus();
  }

  /** Validates the payload and puts each message next to its field. */
  function update() {
    const report = preflight.validate(kind, state);
    for (const m of parts.form.querySelectorAll('[data-message-for]')) {
      m.textContent = '';
      m.classList.remove('warning');
    }
    for (const f of parts.form.querySelectorAll('[data-field]')) f.classList.remove('invalid');
    for (const c of parts.form.querySelectorAll('[aria-invalid]')) c.removeAttribute('aria-invalid');
    parts.other.replaceChildren();
    let hiddenCount = 0;
    for (const issue of report.issues) {
      // The field at the issue's path, or the nearest enclosing one on the form.
      // A one_of_required issue of a group: at the group, shown once one of its fields is touched.
      let p = issue.path;
      let slot = null;
      let watched = [p];
      const names = issue.code === 'one_of_required' && Array.isArray(issue.params?.fields) ? issue.params.fields : null;
      const parent = p.slice(0, p.lastIndexOf('/'));
      const key = names ? `${parent}/(${[...names].sort().join('|')})` : null;
      if (key && (slot = parts.form.querySelector(`[data-message-for="${CSS.escape(key)}"]`))) {
        p = key;
        watched = names.map((n) => `${parent}/${escapeSeg(n)}`);
      } else {
        while (p !== '' && !(slot = parts.form.querySelector(`[data-message-for="${CSS.escape(p)}"]`))) p = p.slice(0, p.lastIndexOf('/'));
        watched = [p];
      }
      // Shown once the field, or a field inside it, was touched: not because an enclosing list
      // was (a component just added shows no message of its own fields yet).
      const visible = showAll || [...touched].some((t) => watched.some((w) => t === w || t.startsWith(`${w}/`)));
      if (!visible) {
        hiddenCount++;
        continue;
      }
      const text = issue.message;
      if (slot) {
        slot.textContent = slot.textContent ? `${slot.textContent}; ${text}` : text;
        // Styled as a warning only while the field has no error.
        if (issue.severity === 'error') {
          slot.classList.remove('warning');
          for (const w of watched) parts.form.querySelector(`[data-path="${CSS.escape(w)}"]`)?.setAttribute('aria-invalid', 'true');
          slot.closest('[data-field]')?.classList.add('invalid');
        } else if (!slot.closest('[data-field]')?.classList.contains('invalid')) {
          slot.classList.add('warning');
        }
      } else {
        parts.other.append(el('li', { 'data-path': issue.path, 'data-code': issue.code, text: `${issue.path || 'the payload'}: ${text}` }));
      }
    }
    for (const mark of parts.form.querySelectorAll('[data-when]')) {
      const field = mark.closest('[data-field]');
      const f = fields.find((x) => x.path === field?.dataset.field?.replace(/\/\d+(?=\/|$)/g, '/*'));
      const indexes = [...(field?.dataset.field ?? '').matchAll(/\/(\d+)(?=\/|$)/g)].map((m) => Number(m[1]));
      if (f?.condition) mark.hidden = !holds(f.condition.when, state, indexes);
    }
    const errors = report.issues.filter((i) => i.severity === 'error').length;
    const warnings = report.issues.length - errors;
    parts.verdict.className = `verdict ${report.valid ? 'valid' : 'invalid'}`;
    parts.verdict.dataset.valid = String(report.valid);
    parts.verdict.textContent = report.valid
      ? `Valid${warnings ? ` (${warnings} warning${warnings === 1 ? '' : 's'})` : ''}: ready to send.`
      : `Not ready to send: ${errors} problem${errors === 1 ? '' : 's'}${hiddenCount ? ` (${hiddenCount} on fields not filled in yet: "Check all fields" shows them)` : ''}.`;
    parts.payload.textContent = JSON.stringify(state, null, 2);
  }

  parts.form.addEventListener('submit', (e) => {
    e.preventDefault();
    showAll = true;
    update();
  });
  render();
  return { state, description, update, render };
}

/**
 * The one-of groups among described `fields`: fields of one object, each described as required
 * when all the others are absent (brand, gtin and mpn; an app's two store ids). Described path ->
 * the described paths of its group, in described order.
 */
export function oneOfGroups(fields) {
  const byPath = new Map(fields.map((f) => [f.path, f]));
  const groups = new Map();
  for (const f of fields) {
    const when = f.required === 'conditional' ? f.condition?.when : null;
    if (when?.op !== 'all_absent' || !Array.isArray(when.fields) || groups.has(f.path)) continue;
    const all = [f.path, ...when.fields];
    const parent = (x) => x.slice(0, x.lastIndexOf('/'));
    const closed = all.every((x) => {
      const g = byPath.get(x);
      const w = g?.required === 'conditional' ? g.condition?.when : null;
      return parent(x) === parent(f.path) && w?.op === 'all_absent' &&
        w.fields.length === all.length - 1 && all.every((y) => y === x || w.fields.includes(y));
    });
    if (!closed) continue;
    const members = fields.filter((g) => all.includes(g.path)).map((g) => g.path);
    for (const m of members) groups.set(m, members);
  }
  return groups;
}

/** The message key of the group `group` (described paths) of which concrete `pointer` is a member. */
function groupKey(pointer, group) {
  const parent = pointer.slice(0, pointer.lastIndexOf('/'));
  return `${parent}/(${group.map((g) => g.slice(g.lastIndexOf('/') + 1)).sort().join('|')})`;
}

/** "a, b or c". */
function orList(words) {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}
