//! The streaming pipeline of `preflight hash`: a reader cuts the input into chunks at record
//! ends, workers hash chunks on their own threads, and the writer puts the results back in input
//! order. Memory is bounded: a fixed number of slots (input chunk plus its output) circulate
//! reader → worker → writer → reader, and a slot is reused, never reallocated, once grown.

use super::csv::{self, Scanner};
use preflight::audience::csv::{hash_records, MAX_RECORD_BYTES};
use preflight::audience::{HashOptions, HashOutput, IdError, IdType, LineHasher};
use std::collections::BTreeMap;
use std::io::{self, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};

/// Bytes of input per chunk. Larger than any line the core accepts
/// ([`preflight::audience::MAX_VALUE_BYTES`] plus a byte-order mark and `\r`), so an acceptable
/// line is never cut; a record with no end within one chunk is rejected as `too_long`.
pub const CHUNK_BYTES: usize = MAX_RECORD_BYTES;

/// Slots in circulation per worker thread (plus [`EXTRA_SLOTS`]): enough to keep every worker
/// busy while the writer drains; together they bound the memory in use.
pub const SLOTS_PER_THREAD: usize = 2;
/// Slots beyond [`SLOTS_PER_THREAD`] per worker: the reader's and the writer's.
pub const EXTRA_SLOTS: usize = 2;

/// A fixed explanation of a row code. Never contains the value.
pub fn code_message(code: &str) -> &'static str {
    IdError::ALL
        .iter()
        .find(|e| e.code() == code)
        .map_or("", |e| e.message())
}

/// How the input is cut into values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One value per line (the core's line rules).
    Lines,
    /// One CSV record per row; the value is field `column` (0-based), the row's own country
    /// (`--country-column`) field `country`.
    Csv {
        delimiter: u8,
        column: usize,
        country: Option<usize>,
    },
}

/// What each output row holds besides the hash: CSV output (`--keep-column`,
/// `--show-normalized`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Extra {
    /// `--keep-column` (0-based): that field of the record first.
    pub keep: Option<usize>,
    /// `--show-normalized`: the normalized value before the hash.
    pub normalized: bool,
}

impl Extra {
    /// Whether the output is CSV rather than one bare value per line.
    pub fn csv(self) -> bool {
        self.keep.is_some() || self.normalized
    }
}

/// One chunk on its way: its input, and once processed its output lines and rejected rows.
#[derive(Debug, Default)]
pub struct Slot {
    seq: u64,
    /// Whether this chunk starts the input (line mode: its byte-order mark is dropped).
    first: bool,
    /// The chunk stands for one record longer than [`CHUNK_BYTES`] (skipped, not held).
    too_long: bool,
    /// After the rows of this chunk, a quoted field opens and never closes (at the end of the
    /// input, or past [`CHUNK_BYTES`]): the run stops there.
    pub unclosed: bool,
    input: Vec<u8>,
    /// The output text: one line per row (rejected rows: an empty line or nothing).
    pub out: Vec<u8>,
    /// Rejected rows: (row index within the chunk, code).
    pub errors: Vec<(usize, &'static str)>,
    /// Rows in the chunk.
    pub rows: usize,
}

/// Cuts the input into chunks that end at record ends.
pub struct Chunker<R> {
    src: R,
    scanner: Scanner,
    carry: Vec<u8>,
    eof: bool,
    first: bool,
    strip_bom: bool,
    seq: u64,
    /// Bytes read so far (the progress bar reads it from another thread).
    read: Arc<AtomicU64>,
    skip: Vec<u8>,
    /// Bytes the first chunk is short of [`CHUNK_BYTES`]: the byte-order mark dropped from it
    /// (a record's bound counts the mark).
    short: usize,
    /// A quote never closes: nothing more is read.
    stopped: bool,
}

/// Why the first record could not be read.
#[derive(Debug)]
pub enum First {
    Read(io::Error),
    /// Longer than a chunk.
    TooLong,
    /// A quoted field in it never closes.
    UnclosedQuote,
}

impl<R: Read> Chunker<R> {
    /// `strip_bom`: drop a byte-order mark at the very start (CSV; line mode leaves it to the
    /// core's line rules).
    pub fn new(src: R, mode: Mode, strip_bom: bool, read: Arc<AtomicU64>) -> Self {
        let scanner = match mode {
            Mode::Lines => Scanner::lines(),
            Mode::Csv { delimiter, .. } => Scanner::csv(delimiter),
        };
        Chunker {
            src,
            scanner,
            carry: Vec::new(),
            eof: false,
            first: true,
            strip_bom,
            seq: 0,
            read,
            skip: Vec::new(),
            short: 0,
            stopped: false,
        }
    }

    /// Reads until `buf` holds [`CHUNK_BYTES`] or the input ends.
    fn fill(&mut self, buf: &mut Vec<u8>) -> io::Result<()> {
        while buf.len() < CHUNK_BYTES - self.short && !self.eof {
            let want = CHUNK_BYTES - self.short - buf.len();
            let n = (&mut self.src).take(want as u64).read_to_end(buf)?;
            self.eof = n < want;
            self.read.fetch_add(n as u64, Ordering::Relaxed);
        }
        if self.strip_bom && self.first && buf.starts_with(csv::BOM) {
            buf.drain(..csv::BOM.len());
            self.short = csv::BOM.len();
        }
        Ok(())
    }

    /// The first record (a CSV header), without its line ending; `None` for empty input. The
    /// rest stays for [`Chunker::next`].
    pub fn header(&mut self) -> Result<Option<Vec<u8>>, First> {
        self.first_record(true)
    }

    /// The first record, without its line ending, left in place for [`Chunker::next`] (`--column
    /// N --no-header` counts its fields); `None` for empty input. When it cannot be read
    /// (too long, an open quote) it is still left in place: `next` reads it as a row.
    pub fn peek(&mut self) -> Result<Option<Vec<u8>>, First> {
        self.first_record(false)
    }

    fn first_record(&mut self, take: bool) -> Result<Option<Vec<u8>>, First> {
        let mut buf = std::mem::take(&mut self.carry);
        let filled = self.fill(&mut buf);
        if !take {
            // Everything stays for `next`; a byte-order mark is already gone from `buf` (`fill`
            // drops it while `first`), and `next` must not drop a second one.
            self.strip_bom = false;
            self.carry = buf.clone();
        }
        filled.map_err(First::Read)?;
        if buf.is_empty() {
            self.first &= !take;
            return Ok(None);
        }
        let mut scanner = self.scanner.clone();
        let end = match scanner.find_end(&buf) {
            Some(p) => p,
            None if scanner.in_quotes() => return Err(First::UnclosedQuote),
            None if self.eof => buf.len(),
            None => return Err(First::TooLong),
        };
        let record = csv::strip_cr(&buf[..end]).to_vec();
        if take {
            self.first = false;
            self.short = 0;
            self.carry = buf.get(end + 1..).unwrap_or_default().to_vec();
        }
        Ok(Some(record))
    }

    /// Fills `slot` with the next chunk; false when the input has ended.
    pub fn next(&mut self, slot: &mut Slot) -> io::Result<bool> {
        slot.input.clear();
        slot.input.append(&mut self.carry);
        self.fill(&mut slot.input)?;
        self.short = 0;
        slot.first = std::mem::replace(&mut self.first, false);
        slot.too_long = false;
        slot.unclosed = false;
        if slot.input.is_empty() || self.stopped {
            return Ok(false);
        }
        slot.seq = self.seq;
        self.seq += 1;
        if self.eof {
            // The rest of the input: its last record may have no line ending.
            return Ok(true);
        }
        if let Some(p) = self.scanner.last_end(&slot.input) {
            self.carry.extend_from_slice(&slot.input[p + 1..]);
            slot.input.truncate(p + 1);
            return Ok(true);
        }
        // A whole chunk without a record end: one record too long to hold. Skip to its end,
        // unless a quoted field is open at the bound (or at a multiple of it, or at the end):
        // a quote that never closes would swallow the rest of the input.
        slot.too_long = true;
        slot.input.clear();
        loop {
            if self.scanner.in_quotes() {
                slot.too_long = false;
                slot.unclosed = true;
                self.stopped = true;
                return Ok(true);
            }
            self.skip.clear();
            let n = (&mut self.src)
                .take(CHUNK_BYTES as u64)
                .read_to_end(&mut self.skip)?;
            self.read.fetch_add(n as u64, Ordering::Relaxed);
            if n == 0 {
                self.eof = true;
                if self.scanner.in_quotes() {
                    continue;
                }
                return Ok(true);
            }
            if let Some(p) = self.scanner.find_end(&self.skip) {
                self.carry.extend_from_slice(&self.skip[p + 1..]);
                return Ok(true);
            }
        }
    }
}

/// Hashes chunks. One per thread; its buffers are reused from chunk to chunk.
pub struct Worker {
    id_type: IdType,
    opts: HashOptions,
    mode: Mode,
    extra: Extra,
    /// Rejected rows get an empty output line (else nothing).
    keep_rejected: bool,
    hashes: HashOutput,
    field: Vec<u8>,
}

impl Worker {
    pub fn new(
        id_type: IdType,
        opts: HashOptions,
        mode: Mode,
        extra: Extra,
        keep_rejected: bool,
    ) -> Self {
        Worker {
            id_type,
            opts,
            mode,
            extra,
            keep_rejected,
            hashes: HashOutput::new(),
            field: Vec::new(),
        }
    }

    /// Hashes the chunk in `slot` into its output.
    pub fn process(&mut self, slot: &mut Slot) {
        slot.out.clear();
        slot.errors.clear();
        slot.rows = 0;
        if slot.unclosed {
            // Set by the chunker: no rows, the run stops here.
            return;
        }
        if slot.too_long {
            slot.rows = 1;
            // Nothing of a record too long to hold is kept: an empty kept field.
            self.reject(slot, 0, IdError::TooLong.code(), Some(b""));
            return;
        }
        match self.mode {
            Mode::Lines => self.lines(slot),
            Mode::Csv {
                delimiter,
                column,
                country,
            } => self.csv(slot, delimiter, column, country),
        }
    }

    /// A rejected row: its code and, with `--on-error empty`, an empty line (in CSV output, the
    /// kept field `kept` and empty fields for the rest).
    fn reject(&self, slot: &mut Slot, row: usize, code: &'static str, kept: Option<&[u8]>) {
        slot.errors.push((row, code));
        if self.keep_rejected {
            if let (Some(_), Some(kept)) = (self.extra.keep, kept) {
                push_cell(&mut slot.out, kept);
                slot.out.push(b',');
            }
            if self.extra.normalized {
                slot.out.push(b',');
            }
            slot.out.push(b'\n');
        }
    }

    fn lines(&mut self, slot: &mut Slot) {
        let mut hasher = if slot.first {
            LineHasher::new(self.id_type, self.opts.clone())
        } else {
            LineHasher::continuing(self.id_type, self.opts.clone())
        };
        let _ = hasher.swap_output(std::mem::take(&mut self.hashes));
        hasher.push(&slot.input);
        self.hashes = hasher.finish();
        slot.rows = self.hashes.len();
        slot.out.reserve(slot.rows * 65);
        let hashes = std::mem::take(&mut self.hashes);
        let mut errors = hashes.errors().iter();
        // The lines again, for --show-normalized (an accepted line is UTF-8).
        let whole = std::mem::take(&mut slot.input);
        let input = match whole.strip_prefix(csv::BOM) {
            Some(rest) if slot.first => rest,
            _ => &whole[..],
        };
        let mut lines = input.split(|&b| b == b'\n');
        for (row, value) in hashes.iter().enumerate() {
            let line = lines.next().map(csv::strip_cr).unwrap_or_default();
            match value {
                Some(v) if self.extra.normalized => {
                    let raw = std::str::from_utf8(line).unwrap_or_default();
                    self.push_normalized(slot, raw, None);
                    push_cell(&mut slot.out, v.as_bytes());
                    slot.out.push(b'\n');
                }
                Some(v) => push_line(&mut slot.out, v.as_bytes()),
                None => {
                    let code = errors.next().map_or("", |e| e.1.code());
                    self.reject(slot, row, code, None);
                }
            }
        }
        slot.input = whole;
        self.hashes = hashes;
    }

    /// The normalized form of an accepted value and a comma (`--show-normalized`).
    fn push_normalized(&self, slot: &mut Slot, raw: &str, country: Option<&str>) {
        let n = preflight::audience::normalize_for(self.id_type, raw, country, &self.opts);
        push_cell(&mut slot.out, n.unwrap_or_default().as_bytes());
        slot.out.push(b',');
    }

    fn csv(&mut self, slot: &mut Slot, delimiter: u8, column: usize, country: Option<usize>) {
        self.hashes.clear();
        slot.unclosed = hash_records(
            &slot.input,
            delimiter,
            column,
            country,
            self.id_type,
            &self.opts,
            &mut self.hashes,
            &mut self.field,
        );
        slot.rows = self.hashes.len();
        slot.out.reserve(slot.rows * 65);
        if self.extra.csv() {
            return self.csv_rows(slot, delimiter, column, country);
        }
        let mut errors = self.hashes.errors().iter();
        for row in 0..slot.rows {
            match self.hashes.get(row) {
                Some(v) => push_line(&mut slot.out, v.as_bytes()),
                None => {
                    let code = errors.next().map_or("", |e| e.1.code());
                    self.reject(slot, row, code, None);
                }
            }
        }
    }

    /// CSV output rows (`--keep-column`, `--show-normalized`): the records read again, by the
    /// same scanner as the hashing, so row `i` is record `i`. A record without the kept field
    /// (or not CSV) is rejected as the library rejects a short record, so that no hash is
    /// written without its key.
    fn csv_rows(&mut self, slot: &mut Slot, delimiter: u8, column: usize, country: Option<usize>) {
        let hashes = std::mem::take(&mut self.hashes);
        let mut errors = hashes.errors().iter();
        let mut scanner = Scanner::csv(delimiter);
        let mut start = 0;
        let mut kept = Vec::new();
        let input = std::mem::take(&mut slot.input);
        for row in 0..slot.rows {
            let rest = input.get(start..).unwrap_or_default();
            let (record, next) = match scanner.find_end(rest) {
                Some(p) => (&rest[..p], start + p + 1),
                None => (rest, input.len()),
            };
            start = next;
            let record = csv::strip_cr(record);
            let keep = match self.extra.keep {
                Some(k) => match preflight::audience::csv::field(record, delimiter, k, &mut kept) {
                    Ok(true) => Ok(Some(&kept[..])),
                    Ok(false) => Err(IdError::MissingColumn.code()),
                    Err(_) => Err(IdError::InvalidCsv.code()),
                },
                None => Ok(None),
            };
            let value = hashes.get(row);
            let error = if value.is_none() {
                Some(errors.next().map_or("", |e| e.1.code()))
            } else {
                None
            };
            match (value, keep) {
                (_, Err(code)) => {
                    // The row's own error first (the record is the same).
                    self.reject(slot, row, error.unwrap_or(code), Some(b""));
                }
                (None, Ok(k)) => self.reject(slot, row, error.unwrap_or(""), k),
                (Some(v), Ok(k)) => {
                    if let Some(k) = k {
                        push_cell(&mut slot.out, k);
                        slot.out.push(b',');
                    }
                    if self.extra.normalized {
                        let mut own = Vec::new();
                        let r = preflight::audience::csv::row_values(
                            record,
                            delimiter,
                            column,
                            country,
                            &mut self.field,
                            &mut own,
                        );
                        let (raw, own) = r.unwrap_or_default();
                        let (raw, own) = (raw.to_owned(), own.map(str::to_owned));
                        self.push_normalized(slot, &raw, own.as_deref());
                    }
                    push_cell(&mut slot.out, v.as_bytes());
                    slot.out.push(b'\n');
                }
            }
        }
        slot.input = input;
        self.hashes = hashes;
    }
}

/// One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break.
pub fn push_cell(out: &mut Vec<u8>, value: &[u8]) {
    if !value
        .iter()
        .any(|b| matches!(b, b',' | b'"' | b'\r' | b'\n'))
    {
        out.extend_from_slice(value);
        return;
    }
    out.push(b'"');
    for &b in value {
        if b == b'"' {
            out.push(b'"');
        }
        out.push(b);
    }
    out.push(b'"');
}

/// Appends `value` and a line feed. A hash (the usual value) is copied as a fixed-size block,
/// without a call to `memcpy`.
#[inline]
fn push_line(out: &mut Vec<u8>, value: &[u8]) {
    match <&[u8; 64]>::try_from(value) {
        Ok(hash) => {
            let mut line = [b'\n'; 65];
            line[..64].copy_from_slice(hash);
            out.extend_from_slice(&line);
        }
        Err(_) => {
            out.extend_from_slice(value);
            out.push(b'\n');
        }
    }
}

/// Why the pipeline stopped early.
#[derive(Debug)]
pub enum Failure {
    Read(io::Error),
    Write(io::Error),
    /// A thread panicked (a bug; nothing in the pipeline panics on any input).
    Internal,
    /// A quoted field never closes: the run stopped after the slot saying so.
    UnclosedQuote,
}

/// Runs the pipeline: `threads` workers (1: everything on this thread), `sink` called with
/// every processed slot in input order, on this thread.
pub fn run<R, F>(
    mut chunker: Chunker<R>,
    threads: usize,
    make_worker: F,
    sink: &mut dyn FnMut(&Slot) -> io::Result<()>,
) -> Result<(), Failure>
where
    R: Read + Send,
    F: Fn() -> Worker + Sync,
{
    if threads <= 1 {
        let mut worker = make_worker();
        let mut slot = Slot::default();
        while chunker.next(&mut slot).map_err(Failure::Read)? {
            worker.process(&mut slot);
            sink(&slot).map_err(Failure::Write)?;
            if slot.unclosed {
                return Err(Failure::UnclosedQuote);
            }
        }
        return Ok(());
    }
    let (free_tx, free_rx) = mpsc::channel::<Slot>();
    for _ in 0..threads * SLOTS_PER_THREAD + EXTRA_SLOTS {
        // The receiver is alive: cannot fail.
        let _ = free_tx.send(Slot::default());
    }
    let (job_tx, job_rx) = mpsc::channel::<Slot>();
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel::<Slot>();
    std::thread::scope(|scope| {
        let reader = scope.spawn(move || -> io::Result<()> {
            // Ends when the input ends, or when the writer stops handing slots back.
            while let Ok(mut slot) = free_rx.recv() {
                if !chunker.next(&mut slot)? || job_tx.send(slot).is_err() {
                    break;
                }
            }
            Ok(())
        });
        let mut workers = Vec::with_capacity(threads);
        for _ in 0..threads {
            let done_tx = done_tx.clone();
            let job_rx = &job_rx;
            let make_worker = &make_worker;
            workers.push(scope.spawn(move || {
                let mut worker = make_worker();
                loop {
                    let job = match job_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => break,
                    };
                    let Ok(mut slot) = job else {
                        break;
                    };
                    worker.process(&mut slot);
                    if done_tx.send(slot).is_err() {
                        break;
                    }
                }
            }));
        }
        drop(done_tx);
        let mut pending: BTreeMap<u64, Slot> = BTreeMap::new();
        let mut next = 0u64;
        let mut failure = None;
        'collect: for slot in done_rx.iter() {
            pending.insert(slot.seq, slot);
            while let Some(slot) = pending.remove(&next) {
                next += 1;
                if let Err(e) = sink(&slot) {
                    failure = Some(Failure::Write(e));
                    break 'collect;
                }
                if slot.unclosed {
                    failure = Some(Failure::UnclosedQuote);
                    break 'collect;
                }
                // The reader may have finished: then the slot is simply dropped.
                let _ = free_tx.send(slot);
            }
        }
        // On a write failure: no slot comes back, so the reader stops; workers stop at their
        // next send.
        drop(free_tx);
        drop(done_rx);
        let read = reader.join();
        let panicked = workers.into_iter().any(|w| w.join().is_err());
        match (failure, read) {
            (Some(f), _) => Err(f),
            (None, Err(_)) => Err(Failure::Internal),
            (None, Ok(Err(e))) => Err(Failure::Read(e)),
            (None, Ok(Ok(()))) if panicked => Err(Failure::Internal),
            (None, Ok(Ok(()))) => Ok(()),
        }
    })
}
