//! The figures `tabula bench` measured last time, kept in the repository
//! (`docs/bench/<game>.json`), so that each new figure is printed beside
//! the committed one and a slowdown shows at once.
//!
//! One file per game holds one entry per set of options (`""` for the
//! defaults, else `key=value` pairs joined by commas in key order):
//!
//! ```json
//! { "game": "seesaw",
//!   "variants": {
//!     "base=5": { "command": "tabula bench seesaw --option base=5", "load": "0.42 0.51 0.60",
//!                 "figures": { "random playouts, games/s": 81200.0 } } } }
//! ```
//!
//! A figure's name says its unit. Rates are better when higher, times when
//! lower ([`Figure`]); values keep three significant digits, all a shared
//! machine can tell. The file's history in git says when each was measured.

use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};
use tabula_core::Options;

/// One measured number, with whether more of it is better.
#[derive(Debug, Clone)]
pub struct Figure {
    /// What was measured and its unit, e.g. `random playouts, games/s`.
    pub name: String,
    /// The measured value.
    pub value: f64,
    /// Whether a larger value is an improvement (rates) or a regression (times).
    pub higher_is_better: bool,
}

impl Figure {
    /// A rate or a gain: higher is better.
    pub fn rate(name: impl Into<String>, value: f64) -> Figure {
        Figure { name: name.into(), value, higher_is_better: true }
    }

    /// A time or an overshoot: lower is better.
    pub fn time(name: impl Into<String>, value: f64) -> Figure {
        Figure { name: name.into(), value, higher_is_better: false }
    }
}

/// The key of a set of options in a game's file: `""` for the defaults.
pub fn variant_key(options: &Options) -> String {
    let mut pairs: Vec<(&str, &str)> = options.iter().collect();
    pairs.sort();
    pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",")
}

/// The committed figures of one game and variant (empty when there are none).
#[derive(Debug, Default)]
pub struct Baseline {
    figures: Map<String, Value>,
}

impl Baseline {
    /// Reads the figures of `variant` from `dir/<slug>.json`; a missing file
    /// or variant is an empty baseline, a broken file an error.
    pub fn read(dir: &Path, slug: &str, variant: &str) -> Result<Baseline, String> {
        let Some(file) = read_file(&path(dir, slug))? else { return Ok(Baseline::default()) };
        let entry = &file["variants"][variant];
        Ok(Baseline { figures: entry["figures"].as_object().cloned().unwrap_or_default() })
    }

    /// `figure` beside the committed one: `was 123,456 (+4.2 %)`, marked when
    /// it got more than 10 % worse; empty when there is nothing to compare.
    pub fn compare(&self, figure: &Figure) -> String {
        let Some(old) = self.figures.get(&figure.name).and_then(Value::as_f64) else { return String::new() };
        if old == 0.0 {
            return format!("   was {}", number(old));
        }
        let change = (figure.value - old) / old.abs() * 100.0;
        let worse = if figure.higher_is_better { change < -10.0 } else { change > 10.0 };
        format!("   was {} ({change:+.1} %){}", number(old), if worse { "  << worse" } else { "" })
    }
}

/// Writes `figures` as the figures of `variant` in `dir/<slug>.json`,
/// keeping the file's other variants.
pub fn record(dir: &Path, slug: &str, variant: &str, command: &str, figures: &[Figure]) -> Result<PathBuf, String> {
    let file_path = path(dir, slug);
    let mut file = read_file(&file_path)?.unwrap_or_else(|| json!({ "game": slug, "variants": {} }));
    let values: Map<String, Value> = figures.iter().map(|f| (f.name.clone(), json!(round(f.value)))).collect();
    let entry = json!({
        "command": command,
        "load": std::fs::read_to_string("/proc/loadavg")
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .unwrap_or_default(),
        "figures": values,
    });
    let variants = file["variants"].as_object_mut().ok_or_else(|| format!("{}: no variants", file_path.display()))?;
    variants.insert(variant.to_string(), entry);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let text = serde_json::to_string_pretty(&file).expect("figures are plain data") + "\n";
    std::fs::write(&file_path, text).map_err(|e| format!("{}: {e}", file_path.display()))?;
    Ok(file_path)
}

fn path(dir: &Path, slug: &str) -> PathBuf {
    dir.join(format!("{slug}.json"))
}

fn read_file(path: &Path) -> Result<Option<Value>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let value: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            if !value["variants"].is_object() {
                return Err(format!("{}: no \"variants\" object", path.display()));
            }
            Ok(Some(value))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// Three significant digits are all a benchmark on a shared machine can tell.
fn round(value: f64) -> f64 {
    // Through decimal text, so that no binary fraction is left over (3.03e7, not 30299999.999999996).
    format!("{value:.2e}").parse().unwrap_or(value)
}

/// A figure for people: thousands separated, small numbers with decimals.
pub(crate) fn number(value: f64) -> String {
    if value.abs() >= 1000.0 {
        let digits = format!("{:.0}", value.abs());
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push(',');
            }
            out.push(c);
        }
        if value < 0.0 {
            format!("-{out}")
        } else {
            out
        }
    } else {
        format!("{value:.3}").trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_round_trip_through_the_file_and_compare() {
        let dir = std::env::temp_dir().join(format!("tabula-bench-{}", std::process::id()));
        let figures = [Figure::rate("random playouts, games/s", 123_456.0), Figure::time("level easy, s", 0.5)];
        record(&dir, "seesaw", "base=5", "tabula bench seesaw --option base=5", &figures).unwrap();
        record(&dir, "seesaw", "", "tabula bench seesaw", &figures[..1]).unwrap();
        let base5 = Baseline::read(&dir, "seesaw", "base=5").unwrap();
        assert_eq!(
            base5.compare(&Figure::rate("random playouts, games/s", 61_500.0)),
            "   was 123,000 (-50.0 %)  << worse"
        );
        assert_eq!(base5.compare(&Figure::time("level easy, s", 0.45)), "   was 0.5 (-10.0 %)");
        assert_eq!(base5.compare(&Figure::rate("perft 7, leaves/s", 1.0)), "");
        let defaults = Baseline::read(&dir, "seesaw", "").unwrap();
        assert_eq!(defaults.compare(&Figure::time("level easy, s", 0.6)), "");
        assert_eq!(Baseline::read(&dir, "leeward", "").unwrap().compare(&figures[0]), "");
        std::fs::write(dir.join("piracy.json"), "{").unwrap();
        assert!(Baseline::read(&dir, "piracy", "").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn variants_are_named_by_their_options_in_key_order() {
        let options = Options::from_pairs(&["size=7", "komi=2.5"]).unwrap();
        assert_eq!(variant_key(&options), "komi=2.5,size=7");
        assert_eq!(variant_key(&Options::new()), "");
    }

    #[test]
    fn numbers_read_well() {
        assert_eq!(number(1_234_567.0), "1,234,567");
        assert_eq!(number(0.25), "0.25");
        assert_eq!(round(123_456.0), 123_000.0);
        assert_eq!(round(0.012345), 0.0123);
        assert_eq!(round(30_321_588.0), 30_300_000.0);
    }
}
