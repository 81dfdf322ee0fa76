// The audience tool: pick a CSV file, choose the column and the identifier type, hash it in a
// Web Worker (hash-worker.js) with a progress bar, see the rejected rows by number and reason
// (never their values) and download the hashed file. The file is read in this tab only.
import { RecordSplitter, fields, CHUNK_BYTES, DELIMITERS } from './csv.js';

/** Rejected rows listed on the page; the downloadable list has them all. */
export const MAX_LISTED_REJECTIONS = 500;

/** The identifier types the tool offers (partner_user_id is passed through, not hashed). */
export const ID_TYPES = ['email', 'phone_number', 'handle', 'device_id', 'service_id'];

/**
 * Why a row was rejected, for people. The codes are the engine's (IdError in
 * src/audience/error.rs) and the command line's CSV codes (src/bin/preflight/hash/pipeline.rs).
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
  invalid_handle: 'a handle is 1 to 20 letters, digits or underscores after one optional @',
  invalid_device_id: 'a device id is a UUID or a 16-hex-digit Android ID',
  limited_ad_tracking: 'the all-zero device id of limited ad tracking is never uploaded',
  invalid_service_id: 'not a valid service id',
  invalid_prehashed: 'a prehashed value is 64 hex digits',
  invalid_csv: 'the row is not valid CSV (text after a closing quote, or a quote never closed)',
  missing_column: 'the row has fewer fields than the chosen column',
  line_break: 'the value holds a line break',
});

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

/** The first record of the file (the header or the first row), or an error text. */
async function firstRecord(file, delimiter) {
  const bytes = new Uint8Array(await file.slice(0, CHUNK_BYTES).arrayBuffer());
  let record = null;
  let tooLong = false;
  const splitter = new RecordSplitter(
    delimiter,
    (r) => {
      record ??= r.slice();
    },
    () => {
      tooLong = record === null;
    },
  );
  splitter.push(bytes);
  if (record === null && !tooLong && file.size <= CHUNK_BYTES) splitter.finish();
  if (tooLong) return { error: `the first row is longer than ${CHUNK_BYTES} bytes` };
  if (record === null) return { error: 'the file is empty' };
  return { record };
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
    optionError: $('aud-option-error'),
    summary: $('aud-summary'),
    rejected: $('aud-rejected'),
    rejectedNote: $('aud-rejected-note'),
    download: $('aud-download'),
    downloadRejected: $('aud-download-rejected'),
    phoneOptions: $('aud-phone-options'),
  };
  for (const t of ID_TYPES) els.type.append(new Option(t, t));
  for (const [name, byte] of Object.entries(DELIMITERS)) els.delimiter.append(new Option(name, String(byte)));

  let { worker, ready } = startWorker();
  let running = false;
  let columnsReady = false;
  const urls = [];
  let allRejected = [];

  const refresh = () => {
    els.phoneOptions.hidden = els.type.value !== 'phone_number';
    els.hash.disabled = running || !columnsReady;
    els.cancel.disabled = !running;
  };

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
    els.rejectedNote.textContent = '';
    els.optionError.textContent = '';
    els.progress.value = 0;
    els.progressText.textContent = '';
  }

  async function readColumns() {
    clearResults();
    columnsReady = false;
    els.column.replaceChildren();
    els.fileError.textContent = '';
    refresh();
    const file = els.file.files?.[0];
    if (!file) return;
    const delimiter = Number(els.delimiter.value);
    const first = await firstRecord(file, delimiter);
    if (first.error) {
      els.fileError.textContent = first.error;
      return;
    }
    const cells = fields(first.record, delimiter);
    if (cells === null) {
      els.fileError.textContent = 'the first row is not valid CSV (text after a closing quote, or a quote never closed)';
      return;
    }
    const names = new TextDecoder();
    cells.forEach((cell, i) => {
      // Header names are shown (they stay in this tab); without a header only positions are.
      const label = els.header.checked ? `${i + 1}: ${names.decode(cell).trim()}` : `column ${i + 1}`;
      els.column.append(new Option(label, String(i)));
    });
    if (els.header.checked) {
      // Preselect the first column named after an identifier type, and that type.
      const named = cells.findIndex((c) => ID_TYPES.includes(names.decode(c).trim().toLowerCase()));
      if (named >= 0) {
        els.column.value = String(named);
        els.type.value = names.decode(cells[named]).trim().toLowerCase();
      }
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
      delimiter: Number(els.delimiter.value),
      options,
      onError: els.onError.value,
    };
    try {
      await ready;
    } catch (e) {
      els.optionError.textContent = `the hashing worker did not start: ${e.message}`;
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
      els.optionError.textContent = `${m.code}: ${m.message}`;
      els.progressText.textContent = '';
    } else {
      els.progressText.textContent = 'cancelled';
    }
    refresh();
  }

  els.file.addEventListener('change', readColumns);
  els.header.addEventListener('change', readColumns);
  els.delimiter.addEventListener('change', readColumns);
  els.type.addEventListener('change', refresh);
  els.hash.addEventListener('click', run);
  refresh();
}
