//! A progress bar on standard error, drawn only when standard error is a terminal and the input
//! size is known (a file). It shows bytes read, rows written and the rate; never a value.

use std::io::{self, Write};
use std::time::{Duration, Instant};

/// Time between two drawings.
pub const REDRAW_EVERY: Duration = Duration::from_millis(200);
/// Width of the bar, in characters.
const BAR_WIDTH: usize = 30;

pub struct Progress {
    total: u64,
    started: Instant,
    last: Option<Instant>,
    drawn: bool,
}

impl Progress {
    /// A bar for an input of `total` bytes.
    pub fn new(total: u64) -> Self {
        Progress {
            total,
            started: Instant::now(),
            last: None,
            drawn: false,
        }
    }

    /// Redraws when [`REDRAW_EVERY`] has passed since the last drawing.
    pub fn tick(&mut self, read: u64, rows: usize, err: &mut impl Write) -> io::Result<()> {
        let now = Instant::now();
        if self
            .last
            .is_some_and(|t| now.duration_since(t) < REDRAW_EVERY)
        {
            return Ok(());
        }
        self.last = Some(now);
        let fraction = if self.total == 0 {
            1.0
        } else {
            (read as f64 / self.total as f64).min(1.0)
        };
        let filled = (fraction * BAR_WIDTH as f64) as usize;
        let secs = now.duration_since(self.started).as_secs_f64().max(1e-3);
        write!(
            err,
            "\r[{}{}] {:3.0}%  {:.1}/{:.1} MB  {} rows  {:.0} rows/s",
            "#".repeat(filled),
            ".".repeat(BAR_WIDTH - filled),
            fraction * 100.0,
            read as f64 / 1e6,
            self.total as f64 / 1e6,
            rows,
            rows as f64 / secs
        )?;
        err.flush()?;
        self.drawn = true;
        Ok(())
    }

    /// Erases the bar (before other text is written, and at the end).
    pub fn clear(&mut self, err: &mut impl Write) -> io::Result<()> {
        if self.drawn {
            write!(err, "\r\x1b[2K")?;
            err.flush()?;
            self.drawn = false;
        }
        Ok(())
    }
}
