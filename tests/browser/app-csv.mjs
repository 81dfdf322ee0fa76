// The audience CSV of the browser app's test (tests/browser/app.mjs): a few thousand rows, made
// from a fixed seed, with what real exports hold: a byte-order mark, CRLF and LF line endings,
// quoted fields with commas, doubled quotes and line breaks, non-ASCII text, empty cells, short
// rows, a malformed row, a cell that is not UTF-8, a row longer than the command line's 1 MiB
// chunk, and a last row without a line ending.
//
// Besides the bytes it returns what an independent source says about some rows: the public
// vectors of audience-identifiers.md (raw value -> sha256, copied from the spec) and, for plain
// ASCII addresses, SHA-256 of the spec's normalization (trim, lowercase) computed here with
// node:crypto. And the invalid values, which must never show on the page.
import { createHash } from 'node:crypto';

/** Vectors of /work/shared/spec/audience-identifiers.md ("Public vectors"), column by column. */
export const SPEC_VECTORS = {
  email: [
    ['  Support@X.com ', '6afb3b8ba60b4050a492472f3c82294dede1ecc6319a9c420f776fd3bca2a381'],
    ['testemail_Organisational_baseball+884@It92I6Ev2B.Com', 'c934839719cef7e670281f3a3e281dfb93f0f4b4f0519d8df09a993971227d9e'],
    ['Jane.Doe+News@Gmail.com', 'f41439c944a763c9812d700a779941cec169de13c9ccd13aaf9424ba5231620a'],
    ['\u{FEFF}alice@example.com', 'ff8d9819fc0e12bf0d24892e45987e249a28dce836a85cad60e28eaaa8c6d976'],
    ['jose\u{0301}@example.com', 'b0a53cf19e34d05b57bced7365c6b00ddbe38d62957e863de2a66a56c3b42cea'],
    ['ÉMILE@EXAMPLE.FR', '785a3e87c6b9f8c4a167e44c2456219325da44c27a00afb793663d9ff71dfd7c'],
  ],
  // With the default country code 1 (the test's phone run).
  phone_number: [
    ['+44 20 7183 8750', 'e631c2534428c6c9b48c2167604a8983046085e43a2c00ed748733c544c0bb4d'],
    ['0044 20 7183 8750', 'e631c2534428c6c9b48c2167604a8983046085e43a2c00ed748733c544c0bb4d'],
    ['(657) 777-0000', 'a6e82c2f4091baff57a4f33d01efb65bfbeacbbfbcfaa9d0ff9f57d28d78fedb'],
    ['1-415-555-0123', '36a2cef4ff9bf7a1abd2a93359136b870393be4106e6c5d19b72ff564f9deca4'],
    ['+44 (0) 20 7183 8750', 'e631c2534428c6c9b48c2167604a8983046085e43a2c00ed748733c544c0bb4d'],
  ],
};

/** Invalid values, each distinctive enough that finding it in the page's text means it leaked. */
export const INVALID = {
  email: ['leaky person@example.com', 'no-at-sign.leaky.example.com', 'two@@leaky.example.com', '@leaky-domain-only.com'],
  phone_number: ['+1-800-LEAKYPHONE', '+1 555 12', '(657) 777-00AB'],
};

const HEADER = 'id,email,phone_number,name,note';
const NAMES = ['Zoë Ørsted', 'José Álvarez', '山田 太郎', 'Smith, "Jr."', 'Ann\r\nMarie', 'O\'Neil', 'Łukasz', 'plain'];
const DOMAINS = ['example.com', 'Example.ORG', 'mail.example.net', 'EXAMPLE.co.uk'];

/** A CSV field: quoted when it must be, or when `force` says so. */
function cell(s, force = false) {
  return force || /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

const sha256 = (s) => createHash('sha256').update(s, 'utf8').digest('hex');

/**
 * @param {number} rows data rows (about; special rows are added)
 * @returns {{bytes: Buffer, expected: {email: Map<number, string>, phone_number: Map<number, string>}}}
 *   expected: data row index (0-based, so output line index with `--on-error empty`) -> sha256
 */
export function generateCsv(rows = 3000) {
  let seed = 20240611;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = (a) => a[Math.floor(rand() * a.length)];
  const randomCase = (s) => [...s].map((c) => (rand() < 0.3 ? c.toUpperCase() : c)).join('');

  const parts = [Buffer.from('\u{FEFF}' + HEADER + '\r\n', 'utf8')];
  const expected = { email: new Map(), phone_number: new Map() };
  let index = 0; // data rows so far
  const specEmails = [...SPEC_VECTORS.email];
  const specPhones = [...SPEC_VECTORS.phone_number];
  const add = (text, ending) => {
    parts.push(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'));
    parts.push(Buffer.from(ending));
    index += 1;
  };

  for (let i = 0; i < rows; i++) {
    const ending = i % 7 === 3 ? '\n' : '\r\n';
    // Special rows at fixed places.
    if (i === 100) {
      add('100,"unterminated@example.com"x,+16175550100,plain,bad', ending); // text after a closing quote
      continue;
    }
    if (i === 200) {
      add('200', ending); // fewer fields than the column
      continue;
    }
    if (i === 300) {
      add('', ending); // a blank line: one empty field
      continue;
    }
    if (i === 400) {
      // A cell that is not UTF-8 (Latin-1 é) in both hashed columns.
      add(Buffer.concat([Buffer.from('400,caf'), Buffer.from([0xe9]), Buffer.from('@example.com,+1617555'), Buffer.from([0xff]), Buffer.from('0400,x,y')]), ending);
      continue;
    }
    if (i === 500) {
      // Longer than the command line's 1 MiB chunk: too_long whatever the column. (Unquoted: a
      // quoted field still open 1 MiB into its record stops the whole run, unclosed_quote.)
      add(`500,long@example.com,+16175550500,plain,${'x'.repeat((1 << 20) + 1000)}`, ending);
      continue;
    }
    if (i === 600) {
      add('600,"multi\r\nline@example.com",+16175550600,plain,note', ending); // whitespace inside
      continue;
    }
    let email;
    let phone;
    const r = rand();
    if (i % 97 === 5 && specEmails.length > 0) {
      const [raw, hash] = specEmails.shift();
      email = cell(raw, true);
      expected.email.set(index, hash);
    } else if (r < 0.05) {
      email = cell(pick(INVALID.email));
    } else if (r < 0.07) {
      email = '';
    } else {
      const local = `${pick(['ann', 'bo', 'chen', 'dana', 'eve'])}.${i}`;
      const raw = `${rand() < 0.2 ? '  ' : ''}${randomCase(local)}@${pick(DOMAINS)}${rand() < 0.2 ? ' ' : ''}`;
      email = cell(raw, rand() < 0.3);
      expected.email.set(index, sha256(raw.trim().toLowerCase()));
    }
    const p = rand();
    if (i % 89 === 7 && specPhones.length > 0) {
      const [raw, hash] = specPhones.shift();
      phone = cell(raw, true);
      expected.phone_number.set(index, hash);
    } else if (p < 0.06) {
      phone = cell(pick(INVALID.phone_number));
    } else if (p < 0.08) {
      phone = '';
    } else {
      const digits = String(1000 + (i % 9000)).padStart(4, '0');
      // +1 (617) 555-dddd in three spellings, all +1617555dddd once normalized.
      const raw = pick([`+1 617 555 ${digits}`, `(617) 555-${digits}`, `001.617.555.${digits}`]);
      phone = cell(raw);
      expected.phone_number.set(index, sha256(`+1617555${digits}`));
    }
    const name = cell(pick(NAMES));
    const note = rand() < 0.1 ? cell(`line one\nline "two", with a comma`) : `n${i}`;
    add(`${i},${email},${phone},${name},${note}`, ending);
  }
  // The last row has no line ending.
  parts.push(Buffer.from('9999,last@example.com,+16175559999,plain,end'));
  expected.email.set(index, sha256('last@example.com'));
  expected.phone_number.set(index, sha256('+16175559999'));
  if (specEmails.length > 0 || specPhones.length > 0) throw new Error('generateCsv: too few rows for the spec vectors');
  return { bytes: Buffer.concat(parts), expected };
}

/** Pieces the random CSVs are made of: everything the reader treats specially, and some values. */
const TOKENS = ['a', 'x@y.com', 'Bob@Example.COM', ' ', '"', '""', ',', ';', '\t', '\r', '\n', '\r\n', '\u{FEFF}', 'é', '12345', '@jack', null];

/**
 * Small random CSVs with random reading choices, for comparing the page's reader with the command
 * line's on many inputs (a `null` token is the byte 0xFF, never valid UTF-8).
 * @returns {Generator<{bytes: Buffer, idType: string, column: number, header: boolean,
 *   delimiter: [string, number], onError: 'empty' | 'drop'}>} column is 1-based
 */
export function* randomCases(count, seed = 7) {
  let s = seed;
  const rand = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
  const pick = (a) => a[Math.floor(rand() * a.length)];
  for (let n = 0; n < count; n++) {
    const parts = [];
    if (rand() < 0.2) parts.push(Buffer.from([0xef, 0xbb, 0xbf]));
    const len = Math.floor(rand() * 40);
    for (let i = 0; i < len; i++) {
      const t = pick(TOKENS);
      parts.push(t === null ? Buffer.from([0xff]) : Buffer.from(t, 'utf8'));
    }
    yield {
      bytes: Buffer.concat(parts),
      idType: pick(['email', 'handle', 'service_id']),
      column: 1 + Math.floor(rand() * 3),
      header: rand() < 0.6,
      delimiter: pick([[',', 0x2c], [';', 0x3b], ['tab', 0x09]]),
      onError: pick(['empty', 'drop']),
    };
  }
}
