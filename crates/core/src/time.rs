//! The clock every engine reads. Natively it is the standard library's; in
//! WebAssembly in a browser (where `std::time::Instant::now` panics) it is the
//! page's monotonic clock, `performance.now()`. Engines take their time from
//! here so that the same search code runs in both places.

pub use web_time::{Duration, Instant};
