// The audience tool: pick a CSV file, choose the column and the identifier type, hash it in a
// Web Worker (hash-worker.js) with a progress bar, see the rejected rows by number and reason
// (never their values) and download the hashed file. The file is read in this tab only.
// The package's own CSV reader (the engine's, which its hashFile and extractColumn use, so that
// the columns offered are the ones the job finds), through a module of the package that is not
// one of its entries, over the glue app.js initialized (pkg/browser.js).
import { firstRecordFields, MAX_RECORD_BYTES } from '../../pkg/lib/csv.js';
import * as glue from '../../pkg/wasm/preflight.js';

/** The delimiters the page offers (the command line's --delimiter takes any ASCII character). */
const DELIMITERS = Object.freeze({ comma: ',', semicolon: ';', tab: 'tab' });

/** Rejected rows listed on the page; the downloadable list has them all. */
export const MAX_LISTED_REJECTIONS = 500;

/** The identifier types the tool offers (partner_user_id is passed through, not hashed). */
export const ID_TYPES = ['email', 'phone_number', 'handle', 'device_id', 'service_id'];
/** Their names for people (the command line's TYPE in parentheses). */
const TYPE_NAMES = { email: 'Email address', phone_number: 'Phone number', handle: 'Handle (@name)', device_id: 'Device ID', service_id: 'Service ID' };

/**
 * Why a row was rejected, for people. The codes are the engine's (IdError in
 * src/audience/error.rs) and the command line's CSV codes (cli/src/hash/pipeline.rs).
 */
export const REASONS = Object.freeze({
  empty: 'the value is empty',
  too_long: 'the value (or the whole row) is too long',
  invalid_utf8: 'the value is not valid UTF-8',
  invalid_email: 'not an email address (one @, a local part and a domain, no whitespace inside)',
  email_too_long: 'an email address is at most 254 bytes (RFC 5321)',
  email_local_part_too_long: 'the part of an email address before the @ is at most 64 bytes (RFC 5321)',
  missing_country_code: 'the phone number has no country code (+ or 00) and no default country code was given',
  invalid_phone_number: 'not a phone number (digits and the separators space - . ( ) / only)',
  ambiguous_country_code: 'the number starts with the default country code and could be read with or without it: write it with +',
  invalid_handle: 'a handle is 1 to 20 letters, digits or underscores after one optional @',
  invalid_device_id: 'a device id is a UUID or a 16-hex-digit Android ID',
  limited_ad_tracking: 'the all-zero device id of limited ad tracking is never uploaded',
  invalid_service_id: 'not a valid service id',
  invalid_prehashed: 'a prehashed value is 64 hex digits',
  unsupported_character: 'a character added to Unicode after version 15.1 that Unicode versions normalize differently',
  invalid_csv: 'the row is not valid CSV (text after a closing quote)',
  missing_column: 'the row has fewer fields than the chosen column',
  line_break: 'the value holds a line break',
});

/**
 * Failures of a whole job, for people, by code, and the field they belong to: the hashing
 * options' and the CSV's codes (PreflightError of hashFile) and the job's own (hash-csv.js JobError).
 * Other codes show the engine's message under the Hash button.
 */
export const JOB_ERRORS = Object.freeze({
  invalid_default_country_code: {
    at: 'country',
    text: 'A default country code is 1 to 3 digits that do not start with 0, like 1 (United States, Canada) or 44 (United Kingdom).',
  },
  unknown_phone_format: { at: 'job', text: 'The phone format is e164 or digits.' },
  header_too_long: { at: 'file', text: `The header row is longer than ${MAX_RECORD_BYTES} bytes: is this a CSV file?` },
  unclosed_quote: { at: 'file', text: 'A quote in the file never closes (its row is named): the rest of the file cannot be read as rows. Fix that row and pick the file again.' },
  unreadable: { at: 'file', text: 'The file could not be read (was it moved or changed since it was picked?). Pick it again.' },
});

/** Bytes at the start of the file looked at to tell a text file from a binary one. */
export const SNIFF_BYTES = 65536;

/** Signatures of files picked by mistake instead of a CSV export. */
const SIGNATURES = [
  [[0x50, 0x4b, 0x03, 0x04], 'a ZIP archive (an .xlsx or .ods workbook is one)'],
  [[0x25, 0x50, 0x44, 0x46, 0x2d], 'a PDF document'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'an old Office document (.xls, .doc)'],
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x1f, 0x8b], 'a gzip archive'],
];

/**
 * What the start of a file says about it: {error} for a file that is no text CSV at all (the page
 * offers no column of it), {warning} for text that is not all UTF-8 (such cells are rejected as
 * invalid_utf8, as the command line rejects them), or {} for UTF-8 text.
 * @param {Uint8Array} bytes the first bytes of the file
 */
export function sniff(bytes) {
  const head = bytes.subarray(0, SNIFF_BYTES);
  const saveAs = 'Export or save it as "CSV UTF-8" and pick that file.';
  const pickCsv = 'Pick a CSV file (from a spreadsheet: save or download it as "CSV UTF-8").';
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
    return { error: `This file is UTF-16 text, not UTF-8: it cannot be read as it is. ${saveAs}` };
  }
  const known = SIGNATURES.find(([sig]) => sig.every((b, i) => head[i] === b));
  if (known) return { error: `This is not a CSV file: it looks like ${known[1]}. ${pickCsv}` };
  if (head.includes(0)) return { error: `This is not a CSV text file: it holds binary data (NUL bytes). ${pickCsv}` };
  try {
    // stream: a character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return { warning: `Part of this file is not UTF-8 text: rows whose cell is not UTF-8 will be rejected. If it was saved in another encoding, ${saveAs[0].toLowerCase()}${saveAs.slice(1)}` };
  }
  return {};
}

/** The identifier type a header cell names ("email", "Phone number", "phone"), or null. */
export function typeNamed(name) {
  const n = name.trim().toLowerCase().replace(/[\s-]+/g, '_');
  if (ID_TYPES.includes(n)) return n;
  return n === 'phone' ? 'phone_number' : null;
}

const $ = (id) => document.getElementById(id);

/** A fresh worker and a promise of its readiness. */
function startWorker() {
  const worker = new Worker(new URL('./hash-worker.js', import.meta.url), { type: 'module' });
  const ready = new Promise((resolve, reject) => {
    worker.addEventListener('message', function first(e) {
      if (e.data?.type === 'ready') {
        worker.removeEventListener('message', first);
        resolve();
      }
    });
    worker.addEventListener('error', (e) => reject(new Error(e.message || 'the worker did not load')), { once: true });
  });
  return { worker, ready };
}

/** The fields of the first record of the file (the header or the first row), or an error text. */
async function firstRecord(file, delimiter) {
  const bytes = new Uint8Array(await file.slice(0, MAX_RECORD_BYTES).arrayBuffer());
  try {
    return { cells: firstRecordFields(glue, bytes, delimiter, file.size <= MAX_RECORD_BYTES) };
  } catch (e) {
    const why = {
      empty_input: 'the file is empty',
      header_too_long: `the first row is longer than ${MAX_RECORD_BYTES} bytes`,
      invalid_header: 'the first row is not valid CSV (text after a closing quote)',
      unclosed_quote: 'a quote in the first row never closes',
    };
    return { error: why[e?.code] ?? String(e?.message ?? e) };
  }
}

export function setupAudience() {
  const els = {
    file: $('aud-file'),
    header: $('aud-header'),
    delimiter: $('aud-delimiter'),
    column: $('aud-column'),
    type: $('aud-type'),
    phoneFormat: $('aud-phone-format'),
    country: $('aud-country'),
    prehashed: $('aud-prehashed'),
    onError: $('aud-on-error'),
    hash: $('aud-hash'),
    cancel: $('aud-cancel'),
    progress: $('aud-progress'),
    progressText: $('aud-progress-text'),
    fileError: $('aud-file-error'),
    fileWarning: $('aud-file-warning'),
    countryError: $('aud-country-error'),
    columnHint: $('aud-column-hint'),
    hashWhy: $('aud-hash-why'),
    jobError: $('aud-job-error'),
    rejectedBox: $('aud-rejected-box'),
    summary: $('aud-summary'),
    rejected: $('aud-rejected'),
    rejectedNote: $('aud-rejected-note'),
    download: $('aud-download'),
    downloadRejected: $('aud-download-rejected'),
    phoneOptions: $('aud-phone-options'),
  };
  for (const t of ID_TYPES) els.type.append(new Option(`${TYPE_NAMES[t]} · ${t}`, t));
  for (const [name, d] of Object.entries(DELIMITERS)) els.delimiter.append(new Option(name, d));

  let { worker, ready } = startWorker();
  let running = false;
  let columnsReady = false;
  const urls = [];
  let allRejected = [];

  /** Why Hash is off, or '' when it is on. */
  const whyNot = () => {
    if (running) return 'Hashing…';
    if (!els.file.files?.[0]) return 'Pick a CSV file first.';
    if (!columnsReady) return els.fileError.textContent ? 'This file cannot be hashed (see above).' : 'Reading the file…';
    if (els.column.value === '') return 'Choose the column to hash.';
    return '';
  };

  const refresh = () => {
    els.phoneOptions.hidden = els.type.value !== 'phone_number';
    els.column.disabled = els.column.options.length === 0;
    const why = whyNot();
    els.hash.disabled = why !== '';
    els.hash.title = why;
    els.hashWhy.textContent = running ? '' : why;
    els.cancel.hidden = !running;
  };

  /** Shows a failed job's reason at the field it belongs to. */
  function showJobError(code, message) {
    const known = JOB_ERRORS[code];
    const text = known?.text ?? `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
    const slot = { country: els.countryError, file: els.fileError }[known?.at] ?? els.jobError;
    slot.textContent = text;
    slot.dataset.code = code;
    if (slot === els.countryError) els.country.setAttribute('aria-invalid', 'true');
  }

  function clearJobError() {
    for (const slot of [els.countryError, els.jobError]) {
      slot.textContent = '';
      delete slot.dataset.code;
    }
    els.country.removeAttribute('aria-invalid');
  }

  function revokeUrls() {
    for (const u of urls.splice(0)) URL.revokeObjectURL(u);
    for (const a of [els.download, els.downloadRejected]) {
      a.hidden = true;
      a.removeAttribute('href');
    }
  }

  function clearResults() {
    revokeUrls();
    allRejected = [];
    els.summary.textContent = '';
    els.rejected.replaceChildren();
    els.rejectedBox.hidden = true;
    els.rejectedNote.textContent = '';
    clearJobError();
    hideProgress();
  }

  /** The progress bar shows while a job runs and after one that finished or was cancelled. */
  function hideProgress() {
    els.progress.value = 0;
    els.progressText.textContent = '';
    els.progress.parentElement.hidden = true;
  }

  async function readColumns() {
    clearResults();
    columnsReady = false;
    els.column.replaceChildren();
    els.columnHint.textContent = '';
    els.fileError.textContent = '';
    delete els.fileError.dataset.code;
    els.fileWarning.textContent = '';
    refresh();
    const file = els.file.files?.[0];
    if (!file) return;
    const delimiter = els.delimiter.value;
    const kind = sniff(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
    if (kind.error) {
      els.fileError.textContent = kind.error;
      refresh();
      return;
    }
    els.fileWarning.textContent = kind.warning ?? '';
    const first = await firstRecord(file, delimiter);
    if (first.error) {
      els.fileError.textContent = `${first.error.charAt(0).toUpperCase()}${first.error.slice(1)}.`;
      refresh();
      return;
    }
    const { cells } = first;
    cells.forEach((cell, i) => {
      // Header names are shown (they stay in this tab); without a header only positions are.
      const label = els.header.checked ? `${i + 1}: ${cell.trim()}` : `column ${i + 1}`;
      els.column.append(new Option(label, String(i)));
    });
    // Preselect the first column named after an identifier type, and that type; else the only
    // column. Otherwise no guess: the person chooses (a column named "type" holds no identifier).
    const named = els.header.checked ? cells.findIndex((c) => typeNamed(c) !== null) : -1;
    if (named >= 0) {
      els.column.value = String(named);
      els.type.value = typeNamed(cells[named]);
    } else if (cells.length > 1) {
      els.column.prepend(new Option('— choose the column to hash —', '', true, true));
      els.column.value = '';
      els.columnHint.textContent = els.header.checked ? 'No column is named after an identifier type: choose the one to hash.' : '';
    }
    columnsReady = true;
    refresh();
  }

  function showRejected(batch) {
    for (const r of batch) {
      allRejected.push(r);
      if (allRejected.length > MAX_LISTED_REJECTIONS) continue;
      const [row, code] = r;
      const tr = document.createElement('tr');
      for (const text of [String(row), code, REASONS[code] ?? '']) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      tr.dataset.row = String(row);
      tr.dataset.code = code;
      els.rejected.append(tr);
    }
    if (allRejected.length > 0) els.rejectedBox.hidden = false;
    if (allRejected.length > MAX_LISTED_REJECTIONS) {
      els.rejectedNote.textContent = `The first ${MAX_LISTED_REJECTIONS} of ${allRejected.length} rejected rows are listed; download the list for all of them.`;
    }
  }

  function offer(a, blob, name) {
    const url = URL.createObjectURL(blob);
    urls.push(url);
    a.href = url;
    a.download = name;
    a.hidden = false;
  }

  async function run() {
    const file = els.file.files?.[0];
    if (!file || running) return;
    clearResults();
    running = true;
    els.progress.parentElement.hidden = false;
    refresh();
    const idType = els.type.value;
    const options = { prehashed: els.prehashed.checked };
    if (idType === 'phone_number') {
      options.phoneFormat = els.phoneFormat.value;
      if (els.country.value.trim() !== '') options.defaultCountryCode = els.country.value.trim();
    }
    const job = {
      type: 'hash',
      file,
      idType,
      column: Number(els.column.value),
      header: els.header.checked,
      delimiter: els.delimiter.value,
      options,
      onError: els.onError.value,
    };
    try {
      await ready;
    } catch (e) {
      els.jobError.textContent = `The hashing worker did not start: ${e.message}.`;
      hideProgress();
      running = false;
      refresh();
      return;
    }
    const done = new Promise((resolve) => {
      const onMessage = (e) => {
        const m = e.data;
        if (m.type === 'progress') {
          els.progress.value = m.total > 0 ? m.bytes / m.total : 1;
          els.progressText.textContent = `${Math.round(els.progress.value * 100)}% · ${m.rows} rows`;
          showRejected(m.rejected);
        } else if (m.type === 'done' || m.type === 'error') {
          worker.removeEventListener('message', onMessage);
          resolve(m);
        }
      };
      worker.addEventListener('message', onMessage);
      worker.postMessage(job);
      els.cancel.onclick = () => {
        worker.removeEventListener('message', onMessage);
        worker.terminate();
        ({ worker, ready } = startWorker());
        resolve({ type: 'cancelled' });
      };
    });
    const m = await done;
    running = false;
    if (m.type === 'done') {
      els.progress.value = 1;
      const codes = Object.entries(m.byCode)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([c, n]) => `${n} ${c}`);
      const rejected = m.rows - m.hashed;
      els.summary.textContent =
        `${m.rows} row${m.rows === 1 ? '' : 's'}, ${m.hashed} hashed, ${rejected} rejected` +
        (rejected > 0 ? ` (${codes.join(', ')})` : '');
      els.summary.dataset.rows = String(m.rows);
      els.summary.dataset.hashed = String(m.hashed);
      const base = file.name.replace(/\.[^.]*$/, '') || 'audience';
      offer(els.download, m.blob, `${base}.${idType}.sha256.csv`);
      els.download.textContent = `Download the hashed file (${m.bytes} bytes)`;
      if (allRejected.length > 0) {
        const list = allRejected.map(([row, code]) => `row ${row}: ${code}\n`).join('');
        offer(els.downloadRejected, new Blob([list], { type: 'text/plain' }), `${base}.rejected.txt`);
      }
    } else if (m.type === 'error') {
      showJobError(m.code, m.message);
      // A failed job leaves no bar behind: the error says what happened.
      hideProgress();
    } else {
      els.progressText.textContent = 'cancelled';
    }
    refresh();
  }

  els.file.addEventListener('change', readColumns);
  els.header.addEventListener('change', readColumns);
  els.delimiter.addEventListener('change', readColumns);
  els.type.addEventListener('change', refresh);
  els.column.addEventListener('change', () => {
    // The placeholder goes once a column is chosen.
    if (els.column.value !== '') els.column.querySelector('option[value=""]')?.remove();
    els.columnHint.textContent = '';
    refresh();
  });
  els.country.addEventListener('input', clearJobError);
  els.hash.addEventListener('click', run);
  refresh();
}
