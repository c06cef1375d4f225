//! Reads the perft files of `tests/data` (`<slug>.perft`; the format is in
//! `tests/data/README.md`).

use std::path::PathBuf;

/// Where a case's position comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// The start position with these `KEY=VALUE` options.
    Options(Vec<String>),
    /// A position text.
    Text(String),
}

/// One position and its perft counts from depth 1.
#[derive(Debug, Clone)]
pub struct Case {
    /// The line of the file the position is on, for messages.
    pub line: usize,
    /// The position.
    pub start: Start,
    /// The counts at depth 1, 2, ….
    pub counts: Vec<u64>,
}

/// The path of a game's perft file.
pub fn path(slug: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(format!("{slug}.perft"))
}

/// Every case of a game's perft file; panics with the line on a malformed file.
pub fn read(slug: &str) -> Vec<Case> {
    let path = path(slug);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases: Vec<Case> = Vec::new();
    let mut pending: Option<(usize, Start)> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let at = || format!("{}:{}", path.display(), i + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "start" | "position" => {
                assert!(pending.is_none(), "{}: the position above has no perft line", at());
                let start = if word == "start" {
                    Start::Options(rest.split_whitespace().map(str::to_string).collect())
                } else {
                    Start::Text(rest.trim().to_string())
                };
                pending = Some((i + 1, start));
            }
            "perft" => {
                let (line, start) = pending.take().unwrap_or_else(|| panic!("{}: perft without a position", at()));
                let counts = rest
                    .split_whitespace()
                    .map(|n| n.parse().unwrap_or_else(|_| panic!("{}: '{n}' is not a count", at())))
                    .collect::<Vec<u64>>();
                assert!(!counts.is_empty(), "{}: no counts", at());
                cases.push(Case { line, start, counts });
            }
            other => panic!("{}: unknown line '{other}' (start, position, perft or # comment)", at()),
        }
    }
    assert!(pending.is_none(), "{}: the last position has no perft line", path.display());
    cases
}
