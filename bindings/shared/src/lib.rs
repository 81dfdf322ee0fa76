//! What every binding of the preflight engine reads and reports the same way (docs/BOUNDARY.md):
//! the options objects of its calls ([`Members`] and the readers of [`opts`], [`signing`],
//! [`bodies`]) and the one error shape ([`Fail`]). A binding implements [`Members`] for its own
//! mapping type (a JavaScript object in `bindings/wasm`, the keyword arguments of a Python call
//! in `bindings/python`) and turns a [`Fail`] into its host's exception; the names, types, codes
//! and messages are this crate's, written once.
//!
//! Names are spelled as the host spells them: a reader names a member and writes its messages in
//! camelCase (`phoneFormat`, `"maxLength must be ..."`), and [`Members::SNAKE`] picks, at compile
//! time, the snake_case twin of each (`phone_format`, `"max_length must be ..."`) made by
//! [`spell`]. Both spellings are constants: a binding's build holds only its own.
#![forbid(unsafe_code)]

pub mod bodies;
mod fail;
pub mod opts;
pub mod signing;
#[doc(hidden)]
pub mod spell;

pub use fail::Fail;
pub use opts::{Member, Members};
