//! The streaming pipeline of `preflight hash`: a reader cuts the input into chunks at record
//! ends, workers hash chunks on their own threads, and the writer puts the results back in input
//! order. Memory is bounded: a fixed number of slots (input chunk plus its output) circulate
//! reader → worker → writer → reader, and a slot is reused, never reallocated, once grown.

use super::csv::{self, Malformed, Scanner};
use preflight::audience::{hash_many_into, HashOptions, HashOutput, IdError, IdType, LineHasher};
use std::collections::BTreeMap;
use std::io::{self, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};

/// Bytes of input per chunk. Larger than any line the core accepts
/// ([`preflight::audience::MAX_VALUE_BYTES`] plus a byte-order mark and `\r`), so an acceptable
/// line is never cut; a record with no end within one chunk is rejected as `too_long`.
pub const CHUNK_BYTES: usize = 1 << 20;

/// Slots in circulation per worker thread (plus [`EXTRA_SLOTS`]): enough to keep every worker
/// busy while the writer drains; together they bound the memory in use.
pub const SLOTS_PER_THREAD: usize = 2;
/// Slots beyond [`SLOTS_PER_THREAD`] per worker: the reader's and the writer's.
pub const EXTRA_SLOTS: usize = 2;

/// Codes of rejected CSV rows, beside the core's [`IdError::code`]s.
pub const INVALID_CSV: &str = "invalid_csv";
pub const MISSING_COLUMN: &str = "missing_column";
pub const LINE_BREAK: &str = "line_break";

/// A fixed explanation of a row code. Never contains the value.
pub fn code_message(code: &str) -> &'static str {
    match code {
        INVALID_CSV => {
            "the record is not valid CSV (text after a closing quote, or a quote never closed)"
        }
        MISSING_COLUMN => "the record has fewer fields than the column asked for",
        LINE_BREAK => {
            "a partner_user_id holding a line break cannot be written one per line; it is refused"
        }
        _ => IdError::ALL
            .iter()
            .find(|e| e.code() == code)
            .map_or("", |e| e.message()),
    }
}

/// How the input is cut into values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One value per line (the core's line rules).
    Lines,
    /// One CSV record per row; the value is field `column` (0-based).
    Csv { delimiter: u8, column: usize },
}

/// One chunk on its way: its input, and once processed its output lines and rejected rows.
#[derive(Debug, Default)]
pub struct Slot {
    seq: u64,
    /// Whether this chunk starts the input (line mode: its byte-order mark is dropped).
    first: bool,
    /// The chunk stands for one record longer than [`CHUNK_BYTES`] (skipped, not held).
    too_long: bool,
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
        }
    }

    /// Reads until `buf` holds [`CHUNK_BYTES`] or the input ends.
    fn fill(&mut self, buf: &mut Vec<u8>) -> io::Result<()> {
        while buf.len() < CHUNK_BYTES && !self.eof {
            let want = CHUNK_BYTES - buf.len();
            let n = (&mut self.src).take(want as u64).read_to_end(buf)?;
            self.eof = n < want;
            self.read.fetch_add(n as u64, Ordering::Relaxed);
        }
        if self.strip_bom && self.first && buf.starts_with(csv::BOM) {
            buf.drain(..csv::BOM.len());
        }
        Ok(())
    }

    /// The first record (a CSV header), without its line ending; `None` for empty input. The
    /// rest stays for [`Chunker::next`]. Fails when the record is longer than a chunk.
    pub fn header(&mut self) -> io::Result<Option<Vec<u8>>> {
        self.first_record(true)
    }

    /// The first record, without its line ending, left in place for [`Chunker::next`] (`--column
    /// N --no-header` counts its fields); `None` for empty input.
    pub fn peek(&mut self) -> io::Result<Option<Vec<u8>>> {
        self.first_record(false)
    }

    fn first_record(&mut self, take: bool) -> io::Result<Option<Vec<u8>>> {
        let mut buf = std::mem::take(&mut self.carry);
        self.fill(&mut buf)?;
        if buf.is_empty() {
            self.first &= !take;
            return Ok(None);
        }
        let mut scanner = self.scanner.clone();
        let end = match scanner.find_end(&buf) {
            Some(p) => p,
            None if self.eof => buf.len(),
            None => {
                let what = if take {
                    "header record"
                } else {
                    "first record"
                };
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("the {what} is longer than {CHUNK_BYTES} bytes"),
                ));
            }
        };
        let record = csv::strip_cr(&buf[..end]).to_vec();
        if take {
            self.first = false;
            self.carry = buf.get(end + 1..).unwrap_or_default().to_vec();
        } else {
            // Everything stays for `next`; a byte-order mark is already gone from `buf` (`fill`
            // drops it while `first`), and `next` must not drop a second one.
            self.strip_bom = false;
            self.carry = buf;
        }
        Ok(Some(record))
    }

    /// Fills `slot` with the next chunk; false when the input has ended.
    pub fn next(&mut self, slot: &mut Slot) -> io::Result<bool> {
        slot.input.clear();
        slot.input.append(&mut self.carry);
        self.fill(&mut slot.input)?;
        slot.first = std::mem::replace(&mut self.first, false);
        slot.too_long = false;
        if slot.input.is_empty() {
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
        // A whole chunk without a record end: one record too long to hold. Skip to its end.
        slot.too_long = true;
        slot.input.clear();
        loop {
            self.skip.clear();
            let n = (&mut self.src)
                .take(CHUNK_BYTES as u64)
                .read_to_end(&mut self.skip)?;
            self.read.fetch_add(n as u64, Ordering::Relaxed);
            if n == 0 {
                self.eof = true;
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
    /// Rejected rows get an empty output line (else nothing).
    keep_rejected: bool,
    hashes: HashOutput,
    /// CSV: the values of the chunk back to back, their spans, and each row's outcome.
    arena: String,
    spans: Vec<(usize, usize)>,
    outcomes: Vec<Result<(), &'static str>>,
    field: Vec<u8>,
}

impl Worker {
    pub fn new(id_type: IdType, opts: HashOptions, mode: Mode, keep_rejected: bool) -> Self {
        Worker {
            id_type,
            opts,
            mode,
            keep_rejected,
            hashes: HashOutput::new(),
            arena: String::new(),
            spans: Vec::new(),
            outcomes: Vec::new(),
            field: Vec::new(),
        }
    }

    /// Hashes the chunk in `slot` into its output.
    pub fn process(&mut self, slot: &mut Slot) {
        slot.out.clear();
        slot.errors.clear();
        slot.rows = 0;
        if slot.too_long {
            slot.rows = 1;
            self.reject(slot, 0, IdError::TooLong.code());
            return;
        }
        match self.mode {
            Mode::Lines => self.lines(slot),
            Mode::Csv { delimiter, column } => self.csv(slot, delimiter, column),
        }
    }

    fn reject(&self, slot: &mut Slot, row: usize, code: &'static str) {
        slot.errors.push((row, code));
        if self.keep_rejected {
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
        let mut errors = self.hashes.errors().iter();
        for (row, value) in self.hashes.iter().enumerate() {
            match value {
                Some(v) => push_line(&mut slot.out, v.as_bytes()),
                None => {
                    let code = errors.next().map_or("", |e| e.1.code());
                    self.reject(slot, row, code);
                }
            }
        }
    }

    fn csv(&mut self, slot: &mut Slot, delimiter: u8, column: usize) {
        self.arena.clear();
        self.spans.clear();
        self.outcomes.clear();
        let mut scanner = Scanner::csv(delimiter);
        let input = &slot.input;
        let mut start = 0;
        while start < input.len() {
            let rest = &input[start..];
            let (record, next) = match scanner.find_end(rest) {
                Some(p) => (&rest[..p], start + p + 1),
                None => (rest, input.len()),
            };
            let outcome =
                match csv::field(csv::strip_cr(record), delimiter, column, &mut self.field) {
                    Err(Malformed) => Err(INVALID_CSV),
                    Ok(false) => Err(MISSING_COLUMN),
                    Ok(true) => match std::str::from_utf8(&self.field) {
                        Err(_) => Err(IdError::InvalidUtf8.code()),
                        Ok(v)
                            if self.id_type == IdType::PartnerUserId
                                && v.contains(['\n', '\r']) =>
                        {
                            Err(LINE_BREAK)
                        }
                        Ok(v) => {
                            let a = self.arena.len();
                            self.arena.push_str(v);
                            self.spans.push((a, self.arena.len()));
                            Ok(())
                        }
                    },
                };
            self.outcomes.push(outcome);
            start = next;
        }
        self.hashes.clear();
        let arena = &self.arena;
        let values = self
            .spans
            .iter()
            .map(|&(a, b)| arena.get(a..b).unwrap_or_default());
        hash_many_into(self.id_type, values, &self.opts, &mut self.hashes);
        slot.rows = self.outcomes.len();
        slot.out.reserve(slot.rows * 65);
        let mut value = 0;
        for row in 0..self.outcomes.len() {
            let code = match self.outcomes[row] {
                Err(code) => code,
                Ok(()) => {
                    value += 1;
                    match self.hashes.result(value - 1) {
                        Some(Ok(h)) => {
                            push_line(&mut slot.out, h.as_bytes());
                            continue;
                        }
                        Some(Err(e)) => e.code(),
                        None => IdError::Empty.code(),
                    }
                }
            };
            self.reject(slot, row, code);
        }
    }
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
