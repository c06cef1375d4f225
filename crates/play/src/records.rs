//! Game records: one small text format for every game, in the manner of
//! chess's PGN. A record is a block of tags, one per line, then the moves in
//! the game's own notation, numbered in pairs and ended by the result:
//!
//! ```text
//! [Game "warp-weft"]
//! [Date "2025-06-01"]
//! [Time "14:03:27Z"]
//! [First "Ann"]
//! [Second "Computer · Medium"]
//! [Result "1-0"]
//! [Options "seed=42 size=7 komi=4.5 symmetric=true pie=false"]
//! [Termination "Warp has no unused cell in its column: Weft wins 31 to 28.5."]
//!
//! 1. f4 f1 2. c4 c1 3. b1 b6 1-0
//! ```
//!
//! Tags: `Game` (the slug, required), `Result` (`1-0` the first seat won,
//! `0-1` the second, `1/2-1/2` a draw, `*` not finished; required), `Date`
//! (`YYYY-MM-DD`, UTC) and `Time` (`HH:MM:SSZ`), `First` and `Second` (the
//! players' names, `?` when unknown), `Options` (`key=value` pairs separated
//! by spaces), `Position` (a start position text, when the game did not start
//! from the options' start), `Clock` (`seconds+increment`) and `Termination`
//! (why it ended). Values are in double quotes, with `\"` and `\\` escaped.
//! Other tags are allowed and ignored. A file may hold several records.
//! `;` starts a comment to the end of the line, `{…}` a comment within a line.
//! Move numbers (`12.`, or `12...` before a second move) are for people; when
//! present they must be right.
//!
//! Reading checks everything against the rules (every move legal in turn, the
//! result consistent with the final position) and reports the first problem
//! with its line.

use std::collections::BTreeMap;
use std::fmt;

use tabula_core::{GameInfo, Options};
use tabula_games::find;
use tabula_search::AnyGame;

use crate::stored::{ClockSettings, MatchRow, MoveRow, StoredMatch};
use crate::{now_ms, StoredResult};

/// The largest record text read at once (a file of several records).
pub const MAX_TEXT_BYTES: usize = 1 << 20;
/// The longest line.
pub const MAX_LINE_CHARS: usize = 10_000;
/// The most moves in one record.
pub const MAX_MOVES: usize = 10_000;
/// The most records in one text.
pub const MAX_RECORDS: usize = 1_000;
/// The longest tag value.
pub const MAX_TAG_CHARS: usize = 4_000;
/// The longest player name in a record.
pub const MAX_NAME_CHARS: usize = 100;

/// What is wrong with a record, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// The line (from 1) where the problem is.
    pub line: usize,
    /// What is wrong, as a sentence.
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for RecordError {}

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, RecordError> {
    Err(RecordError { line, message: message.into() })
}

/// One game, as a record says it (and as it is written).
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// The game's slug.
    pub game: String,
    /// The options, as `key=value` texts.
    pub options: BTreeMap<String, String>,
    /// The start position text, when not the options' start.
    pub position: Option<String>,
    /// The players' names (`None`: unknown).
    pub names: [Option<String>; 2],
    /// When the match was played (Unix ms), if known.
    pub created_at: Option<i64>,
    /// The clock it was played with.
    pub clock: Option<ClockSettings>,
    /// How it ended; `None` while it goes on.
    pub result: Option<StoredResult>,
    /// The moves in the game's notation.
    pub moves: Vec<String>,
    /// The seat that played each move.
    pub sides: Vec<usize>,
}

/// The result token of a result.
pub fn result_token(result: Option<&StoredResult>) -> &'static str {
    match result {
        None => "*",
        Some(r) => match r.winner {
            Some(0) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        },
    }
}

/// Writes a record.
pub fn write(rec: &GameRecord) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        for c in value.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                c if c.is_control() => out.push(' '),
                c => out.push(c),
            }
        }
        out.push_str("\"]\n");
    };
    tag("Game", &rec.game);
    if let Some(at) = rec.created_at {
        let (date, time) = date_time(at);
        tag("Date", &date);
        tag("Time", &time);
    }
    tag("First", rec.names[0].as_deref().unwrap_or("?"));
    tag("Second", rec.names[1].as_deref().unwrap_or("?"));
    let token = result_token(rec.result.as_ref());
    tag("Result", token);
    if !rec.options.is_empty() {
        let pairs: Vec<String> =
            ordered_options(&rec.game, &rec.options).iter().map(|(k, v)| format!("{k}={v}")).collect();
        tag("Options", &pairs.join(" "));
    }
    if let Some(p) = &rec.position {
        tag("Position", p);
    }
    if let Some(c) = rec.clock {
        tag("Clock", &format!("{}+{}", seconds(c.initial_ms), seconds(c.increment_ms)));
    }
    if let Some(r) = &rec.result {
        if !r.reason.is_empty() {
            tag("Termination", &r.reason);
        }
    }
    out.push('\n');
    let mut line = String::new();
    let mut push = |token: &str, out: &mut String| {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    };
    for (i, mv) in rec.moves.iter().enumerate() {
        if i % 2 == 0 {
            push(&format!("{}.", i / 2 + 1), &mut out);
        }
        push(mv, &mut out);
    }
    push(token, &mut out);
    out.push_str(&line);
    out.push('\n');
    out
}

/// The options in the game's declared order (unknown keys last).
fn ordered_options(slug: &str, options: &BTreeMap<String, String>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Ok(entry) = find(slug) {
        for o in entry.info().options {
            if let Some(v) = options.get(o.key) {
                out.push((o.key.to_string(), v.clone()));
            }
        }
    }
    for (k, v) in options {
        if !out.iter().any(|(key, _)| key == k) {
            out.push((k.clone(), v.clone()));
        }
    }
    out
}

/// Every declared option of the game, with the given value or the default.
pub fn full_options(info: &GameInfo, given: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let mut out = given.clone();
    for o in info.options {
        out.entry(o.key.to_string()).or_insert_with(|| o.default.to_string());
    }
    out
}

fn seconds(ms: i64) -> String {
    if ms % 1000 == 0 {
        (ms / 1000).to_string()
    } else {
        format!("{}", ms as f64 / 1000.0)
    }
}

/// How a seat with no name given is named in a record, as the play page
/// names it: a computer after its level (`Computer · Medium`, or its player
/// spec when it is no level), the one person against the computer `You`;
/// two people at one screen stay unnamed.
pub fn seat_name(info: Option<&GameInfo>, players: &[String; 2], seat: usize) -> Option<String> {
    let human = |p: &String| p.eq_ignore_ascii_case("human");
    let player = &players[seat];
    if human(player) {
        return (!human(&players[1 - seat])).then(|| "You".to_string());
    }
    let level = player.strip_prefix("level:").and_then(|key| info?.level(key));
    Some(match level {
        Some(level) => format!("Computer · {}", level.name),
        None => format!("Computer · {player}"),
    })
}

/// The record of a stored match. Seats without a name given are named as
/// the play page names them ([`seat_name`]); the options are written in
/// full, defaults included.
pub fn from_stored(m: &StoredMatch) -> GameRecord {
    let r = &m.row;
    let info = find(&r.game).ok().map(|e| e.info());
    let names = [0, 1].map(|i| r.names[i].clone().or_else(|| seat_name(info, &r.players, i)));
    let options = match (find(&r.game), &r.start) {
        (Ok(entry), None) => full_options(entry.info(), &r.options),
        _ => r.options.clone(),
    };
    GameRecord {
        game: r.game.clone(),
        options,
        position: r.start.clone(),
        names,
        created_at: Some(r.created_at),
        clock: r.clock,
        result: r.result.clone(),
        moves: m.moves.iter().map(|mv| mv.mv.clone()).collect(),
        sides: m.moves.iter().map(|mv| mv.side).collect(),
    }
}

/// A checked record as a new stored match (two people's seats, nothing online).
pub fn to_stored(rec: &GameRecord, id: String) -> StoredMatch {
    let now = now_ms();
    let at = rec.created_at.unwrap_or(now);
    StoredMatch {
        row: MatchRow {
            id,
            game: rec.game.clone(),
            options: rec.options.clone(),
            start: rec.position.clone(),
            players: ["human".into(), "human".into()],
            names: rec.names.clone(),
            online: false,
            clock: rec.clock,
            clock_state: None,
            created_at: at,
            updated_at: now,
            finished_at: rec.result.as_ref().map(|_| now),
            result: rec.result.clone(),
            imported: true,
            version: rec.moves.len() as u64,
        },
        seats: Vec::new(),
        moves: rec
            .moves
            .iter()
            .zip(&rec.sides)
            .enumerate()
            .map(|(ply, (mv, &side))| MoveRow { ply, mv: mv.clone(), side, at, clock_ms: None })
            .collect(),
    }
}

/* ---------- Reading ---------- */

/// A tag as read.
#[derive(Debug, Clone)]
struct Tag {
    name: String,
    value: String,
    line: usize,
}

/// A word of a record's moves, with its line.
#[derive(Debug, Clone)]
enum Word {
    /// A move number: `12.` is (12, 1), `12...` is (12, 3).
    Number { text: String, number: usize, dots: usize, line: usize },
    /// A move in the game's notation.
    Move { text: String, line: usize },
}

/// A record as read, before the rules look at it.
#[derive(Debug, Clone)]
struct RawRecord {
    line: usize,
    tags: Vec<Tag>,
    words: Vec<Word>,
    end: Option<(String, usize)>,
}

impl RawRecord {
    fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Reads every record of a text and checks each against the rules. Either
/// all are good, or the first problem is reported.
pub fn read(text: &str) -> Result<Vec<GameRecord>, RecordError> {
    parse(text)?.iter().map(check).collect()
}

fn parse(text: &str) -> Result<Vec<RawRecord>, RecordError> {
    if text.len() > MAX_TEXT_BYTES {
        return err(
            1,
            format!("the text is {} bytes long; records are read up to {} bytes at once", text.len(), MAX_TEXT_BYTES),
        );
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records: Vec<RawRecord> = Vec::new();
    let mut current: Option<RawRecord> = None;
    let mut in_moves = false;
    let mut last_line = 1;
    for (i, raw_line) in text.split('\n').enumerate() {
        let n = i + 1;
        let line = raw_line.strip_suffix('\r').unwrap_or(raw_line);
        if line.chars().count() > MAX_LINE_CHARS {
            return err(n, format!("the line is longer than {MAX_LINE_CHARS} characters"));
        }
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with(';') {
            continue;
        }
        last_line = n;
        if trimmed.starts_with('[') {
            if in_moves || current.as_ref().is_some_and(|r| r.end.is_some()) {
                // A tag after moves starts the next record; the last one must have ended.
                let rec = current.take().expect("a record is open");
                if rec.end.is_none() {
                    return err(n, "a new record starts here, but the moves above do not end with a result (1-0, 0-1, 1/2-1/2 or *)");
                }
                records.push(rec);
                in_moves = false;
            }
            let tag = parse_tag(trimmed, n)?;
            let rec =
                current.get_or_insert_with(|| RawRecord { line: n, tags: Vec::new(), words: Vec::new(), end: None });
            if rec.tags.iter().any(|t| t.name == tag.name) {
                return err(n, format!("the tag {} is given twice", tag.name));
            }
            rec.tags.push(tag);
            continue;
        }
        let Some(rec) = current.as_mut() else {
            return err(n, "a record starts with its tags, such as [Game \"warp-weft\"], before any moves");
        };
        if rec.end.is_some() {
            return err(n, "the record has already ended with its result; a next record starts with [Game \"…\"]");
        }
        in_moves = true;
        for token in tokens(line, n)? {
            if rec.end.is_some() {
                return err(n, format!("'{token}' comes after the result, which ends the record"));
            }
            if RESULTS.contains(&token) {
                rec.end = Some((token.to_string(), n));
                continue;
            }
            if let Some((number, dots)) = move_number(token) {
                rec.words.push(Word::Number { text: token.to_string(), number, dots, line: n });
                continue;
            }
            if rec.words.len() >= MAX_MOVES * 2 {
                return err(n, format!("a record holds at most {MAX_MOVES} moves"));
            }
            rec.words.push(Word::Move { text: token.to_string(), line: n });
        }
    }
    if let Some(rec) = current {
        if rec.end.is_none() {
            return err(
                last_line,
                "the moves do not end with a result (1-0, 0-1, 1/2-1/2 or *): is the record cut short?",
            );
        }
        records.push(rec);
    }
    if records.is_empty() {
        return err(1, "there is no record here: a record starts with tags such as [Game \"warp-weft\"]");
    }
    if records.len() > MAX_RECORDS {
        return err(records[MAX_RECORDS].line, format!("at most {MAX_RECORDS} records are read at once"));
    }
    Ok(records)
}

/// `12.` → (12, 1), `12...` → (12, 3).
fn move_number(token: &str) -> Option<(usize, usize)> {
    let digits = token.trim_end_matches('.');
    let dots = token.len() - digits.len();
    if dots == 0 || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((digits.parse().ok()?, dots))
}

/// The tokens of a movetext line, without comments.
fn tokens(line: &str, n: usize) -> Result<Vec<&str>, RecordError> {
    let mut out = Vec::new();
    let mut rest = line;
    loop {
        let cut = rest.find(['{', ';']);
        let (before, after) = match cut {
            Some(at) => (&rest[..at], Some(&rest[at..])),
            None => (rest, None),
        };
        out.extend(before.split_whitespace());
        match after {
            None => break,
            Some(a) if a.starts_with(';') => break,
            Some(a) => match a.find('}') {
                Some(close) => rest = &a[close + 1..],
                None => return err(n, "a comment opened with { is not closed on the same line"),
            },
        }
    }
    if let Some(bad) = out.iter().find(|t| t.contains('}')) {
        return err(n, format!("'{bad}' holds a }} with no {{ before it"));
    }
    Ok(out)
}

fn parse_tag(line: &str, n: usize) -> Result<Tag, RecordError> {
    let shape = "a tag looks like [Name \"value\"]";
    let inner = line.strip_prefix('[').expect("starts with [");
    let name_len = inner.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(inner.len());
    let name = &inner[..name_len];
    if name.is_empty() || !name.starts_with(|c: char| c.is_ascii_alphabetic()) || name.len() > 32 {
        return err(n, format!("{shape}: the name is missing or not a word"));
    }
    let rest = inner[name_len..].trim_start();
    let Some(mut chars) = rest.strip_prefix('"').map(|r| r.chars()) else {
        return err(n, format!("{shape}: the value of {name} must be in double quotes"));
    };
    let mut value = String::new();
    let mut closed = false;
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                closed = true;
                break;
            }
            '\\' => match chars.next() {
                Some('"') => value.push('"'),
                Some('\\') => value.push('\\'),
                Some(other) => {
                    return err(n, format!("'\\{other}' in the value of {name}: only \\\" and \\\\ are escapes"))
                }
                None => break,
            },
            c if c.is_control() => return err(n, format!("the value of {name} holds a control character")),
            c => value.push(c),
        }
    }
    if !closed {
        return err(n, format!("{shape}: the value of {name} has no closing quote"));
    }
    let tail: String = chars.collect();
    if tail.trim() != "]" {
        return err(n, format!("{shape}: expected ] after the value of {name}"));
    }
    if value.chars().count() > MAX_TAG_CHARS {
        return err(n, format!("the value of {name} is longer than {MAX_TAG_CHARS} characters"));
    }
    Ok(Tag { name: name.to_string(), value, line: n })
}

/// Checks a record against the game's rules.
fn check(raw: &RawRecord) -> Result<GameRecord, RecordError> {
    let need = |name: &str| -> Result<&Tag, RecordError> {
        raw.tag(name).ok_or_else(|| RecordError {
            line: raw.line,
            message: format!("the record starting here has no {name} tag"),
        })
    };
    let game_tag = need("Game")?;
    let entry = find(game_tag.value.trim())
        .map_err(|e| RecordError { line: game_tag.line, message: e.message().to_string() })?;
    let info = entry.info();
    let result_tag = need("Result")?;
    if !RESULTS.contains(&result_tag.value.as_str()) {
        return err(
            result_tag.line,
            format!("the Result is '{}'; it must be 1-0, 0-1, 1/2-1/2 or *", result_tag.value),
        );
    }
    let (end, end_line) = raw.end.clone().expect("parse checks the end");
    if end != result_tag.value {
        return err(end_line, format!("the moves end with {end}, but the Result tag says {}", result_tag.value));
    }

    let mut options = BTreeMap::new();
    if let Some(t) = raw.tag("Options") {
        for pair in t.value.split_whitespace() {
            let Some((k, v)) = pair.split_once('=') else {
                return err(t.line, format!("'{pair}' in Options should look like key=value"));
            };
            if options.insert(k.to_string(), v.to_string()).is_some() {
                return err(t.line, format!("the option '{k}' is given twice"));
            }
        }
    }
    let mut opts = Options::new();
    for (k, v) in &options {
        opts.set(k, v);
    }
    let position = raw.tag("Position").map(|t| t.value.clone());
    let mut game: Box<dyn AnyGame> = match raw.tag("Position") {
        Some(t) => {
            entry.from_text(&t.value).map_err(|e| RecordError { line: t.line, message: e.message().to_string() })?
        }
        None => {
            let line = raw.tag("Options").map_or(game_tag.line, |t| t.line);
            entry.create(&opts).map_err(|e| RecordError { line, message: e.message().to_string() })?
        }
    };
    if position.is_some() {
        // The options still have to be the game's own.
        if let Some(t) = raw.tag("Options") {
            opts.validate(info).map_err(|e| RecordError { line: t.line, message: e.message().to_string() })?;
        }
    }

    let mut names: [Option<String>; 2] = [None, None];
    for (i, key) in ["First", "Second"].iter().enumerate() {
        if let Some(t) = raw.tag(key) {
            let v = t.value.trim();
            if v.chars().count() > MAX_NAME_CHARS {
                return err(t.line, format!("the name in {key} is longer than {MAX_NAME_CHARS} characters"));
            }
            if !v.is_empty() && v != "?" {
                names[i] = Some(v.to_string());
            }
        }
    }

    let created_at = match raw.tag("Date") {
        None => None,
        Some(d) => {
            let Some(day) = parse_date(&d.value) else {
                return err(d.line, format!("the Date is '{}'; it should look like 2025-06-01", d.value));
            };
            let secs = match raw.tag("Time") {
                None => 0,
                Some(t) => parse_time(&t.value).ok_or_else(|| RecordError {
                    line: t.line,
                    message: format!("the Time is '{}'; it should look like 14:03:27Z", t.value),
                })?,
            };
            Some((day * 86_400 + secs) * 1000)
        }
    };

    let clock = match raw.tag("Clock") {
        None => None,
        Some(t) => {
            let parsed = t.value.split_once('+').and_then(|(a, b)| {
                let a: f64 = a.trim().parse().ok()?;
                let b: f64 = b.trim().parse().ok()?;
                crate::clock::settings_from_seconds(a, b).ok()
            });
            Some(parsed.ok_or_else(|| RecordError {
                line: t.line,
                message: format!("the Clock is '{}'; it should look like 300+3 (seconds, then the increment)", t.value),
            })?)
        }
    };

    let (moves, sides) = play_moves(&raw.words, game.as_mut())?;

    let result = match game.outcome() {
        Some(outcome) => {
            let by_rules = StoredResult {
                winner: outcome.winner().map(|s| s.index()),
                reason: game.outcome_reason(),
                by_rules: true,
            };
            let expected = result_token(Some(&by_rules));
            if result_tag.value != expected {
                return err(
                    result_tag.line,
                    format!(
                        "the moves end the game with {expected} ({}), but the Result tag says {}",
                        by_rules.reason, result_tag.value
                    ),
                );
            }
            Some(by_rules)
        }
        None => match result_tag.value.as_str() {
            "*" => None,
            token => Some(StoredResult {
                winner: match token {
                    "1-0" => Some(0),
                    "0-1" => Some(1),
                    _ => None,
                },
                reason: raw
                    .tag("Termination")
                    .map(|t| t.value.trim().to_string())
                    .filter(|r| !r.is_empty())
                    .unwrap_or_else(|| "Decided off the board (the record gives no reason).".into()),
                by_rules: false,
            }),
        },
    };

    Ok(GameRecord { game: info.slug.to_string(), options, position, names, created_at, clock, result, moves, sides })
}

/// Plays a record's moves in turn, checking the move numbers on the way:
/// the moves as the game writes them, and the seat that played each.
///
/// Older versions wrote some moves as two words (Seesaw's `d3xf4 pass`); a
/// word that cannot be played alone is tried together with the next one,
/// so their records still read.
fn play_moves(words: &[Word], game: &mut dyn AnyGame) -> Result<(Vec<String>, Vec<usize>), RecordError> {
    let (mut moves, mut sides) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < words.len() {
        let ply = moves.len();
        let (text, line) = match &words[i] {
            Word::Number { text, number, dots, line } => {
                let expected = ply / 2 + 1;
                let fits = *number == expected && (*dots == 1 && ply % 2 == 0 || *dots == 3 && ply % 2 == 1);
                if !fits {
                    let want = if ply % 2 == 0 { format!("{expected}.") } else { format!("{expected}...") };
                    return err(*line, format!("the move number '{text}' is out of place: {want} comes next"));
                }
                i += 1;
                continue;
            }
            Word::Move { text, line } => (text, *line),
        };
        if ply >= MAX_MOVES {
            return err(line, format!("a record holds at most {MAX_MOVES} moves"));
        }
        let side = game.side_to_move().index();
        let written = match game.play_text(text) {
            Ok(written) => written,
            Err(alone) => {
                let joined = match words.get(i + 1) {
                    Some(Word::Move { text: next, .. }) => game.play_text(&format!("{text} {next}")).ok(),
                    _ => None,
                };
                match joined {
                    Some(written) => {
                        i += 1;
                        written
                    }
                    None => {
                        let why = alone.message();
                        return err(line, format!("move {} ('{text}') cannot be played: {why}", ply + 1));
                    }
                }
            }
        };
        moves.push(written);
        sides.push(side);
        i += 1;
    }
    Ok((moves, sides))
}

/* ---------- Dates (UTC, proleptic Gregorian) ---------- */

/// Days since 1970-01-01 of a civil date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// `("2025-06-01", "14:03:27Z")` for a Unix time in ms.
pub fn date_time(ms: i64) -> (String, String) {
    let secs = ms.div_euclid(1000);
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
    let s = secs.rem_euclid(86_400);
    (format!("{y:04}-{m:02}-{d:02}"), format!("{:02}:{:02}:{:02}Z", s / 3600, s / 60 % 60, s % 60))
}

fn parse_date(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let num = |s: &str| -> Option<i64> { s.bytes().all(|c| c.is_ascii_digit()).then(|| s.parse().ok()).flatten() };
    let (y, m, d) = (num(&text[0..4])?, num(&text[5..7])?, num(&text[8..10])?);
    let days_in_month = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        _ => return None,
    };
    (1..=days_in_month).contains(&d).then(|| days_from_civil(y, m, d))
}

fn parse_time(text: &str) -> Option<i64> {
    let t = text.strip_suffix('Z').unwrap_or(text);
    let parts: Vec<&str> = t.split(':').collect();
    if parts.len() != 3 || parts.iter().any(|p| p.len() != 2 || !p.bytes().all(|c| c.is_ascii_digit())) {
        return None;
    }
    let (h, m, s): (i64, i64, i64) = (parts[0].parse().ok()?, parts[1].parse().ok()?, parts[2].parse().ok()?);
    (h < 24 && m < 60 && s < 60).then_some(h * 3600 + m * 60 + s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A whole game of Warp & Weft on board 7 (5 × 5), played by always taking the first legal move.
    fn finished_game() -> GameRecord {
        let entry = find("warp-weft").unwrap();
        let options = BTreeMap::from([("seed".to_string(), "7".to_string()), ("size".to_string(), "5".to_string())]);
        let mut opts = Options::new();
        for (k, v) in &options {
            opts.set(k, v);
        }
        let mut game = entry.create(&opts).unwrap();
        let (mut moves, mut sides) = (Vec::new(), Vec::new());
        while game.outcome().is_none() {
            sides.push(game.side_to_move().index());
            let mv = game.legal_moves()[0].clone();
            moves.push(game.play_text(&mv).unwrap());
        }
        let outcome = game.outcome().unwrap();
        GameRecord {
            game: "warp-weft".into(),
            options: full_options(entry.info(), &options),
            position: None,
            names: [Some("Ann \"the quick\" \\o/".into()), None],
            created_at: Some(1_748_786_607_000),
            clock: Some(ClockSettings { initial_ms: 300_000, increment_ms: 3_000 }),
            result: Some(StoredResult {
                winner: outcome.winner().map(|s| s.index()),
                reason: game.outcome_reason(),
                by_rules: true,
            }),
            moves,
            sides,
        }
    }

    #[test]
    fn a_record_is_written_plainly_and_read_back_the_same() {
        let rec = finished_game();
        let text = write(&rec);
        assert!(text.starts_with("[Game \"warp-weft\"]\n[Date \"2025-06-01\"]\n[Time \"14:03:27Z\"]\n"), "{text}");
        assert!(text.contains("[First \"Ann \\\"the quick\\\" \\\\o/\"]\n[Second \"?\"]\n"), "{text}");
        assert!(
            text.contains(
                "[Options \"seed=7 size=5 komi=4.5 symmetric=true pie=false pass=off passover=0 blocking=false\"]"
            ),
            "{text}"
        );
        assert!(text.contains("[Clock \"300+3\"]"), "{text}");
        assert!(text.contains("\n1. "), "{text}");
        assert!(text.lines().all(|l| l.len() <= 80 || l.starts_with('[')), "{text}");
        let back = read(&text).unwrap();
        assert_eq!(back, vec![rec.clone()]);
        assert_eq!(write(&back[0]), text);
        // Two records in one text, with comments, CRLF line ends and a byte-order mark.
        let two = format!(
            "\u{feff}{}\r\n; a comment\r\n{}",
            text.replace('\n', "\r\n"),
            text.replace("\n1. ", "\n{opening} 1. ")
        );
        assert_eq!(read(&two).unwrap().len(), 2);
    }

    #[test]
    fn an_unfinished_or_decided_off_the_board_game_is_kept_as_said() {
        let text = "[Game \"warp-weft\"]\n[Result \"*\"]\n[Options \"seed=3\"]\n\n1. c4 *\n";
        let rec = &read(text).unwrap()[0];
        assert_eq!(rec.moves, ["c4"]);
        assert_eq!(rec.result, None);
        assert_eq!(rec.names, [None, None]);
        let text = "[Game \"warp-weft\"]\n[Result \"0-1\"]\n[Termination \"Ann ran out of time.\"]\n\n1. c4 0-1\n";
        let rec = &read(text).unwrap()[0];
        assert_eq!(
            rec.result,
            Some(StoredResult { winner: Some(1), reason: "Ann ran out of time.".into(), by_rules: false })
        );
    }

    #[test]
    fn broken_records_are_refused_with_the_line_and_what_is_wrong() {
        let good = write(&finished_game());
        let real_result = result_token(finished_game().result.as_ref());
        let wrong_result = if real_result == "1-0" { "0-1" } else { "1-0" };
        let last = good.lines().count();
        let first = finished_game().moves[0].clone();
        let body = good.trim_end().strip_suffix(real_result).unwrap().to_string();
        let cut = format!("{}\n", body.trim_end());
        let cases: Vec<(String, usize, &str)> = vec![
            (String::new(), 1, "no record"),
            ("1. c4 *\n".into(), 1, "starts with its tags"),
            (good.replace("[Game \"warp-weft\"]", "[Game \"chess\"]"), 1, "no game called 'chess'"),
            (good.replace("[Game \"warp-weft\"]\n", ""), 1, "no Game tag"),
            (good.replace("[Result", "[Result \"*\"]\n[Result"), 7, "given twice"),
            (good.replace("[First \"Ann", "[First Ann"), 4, "double quotes"),
            (good.replace("size=5", "size=6"), 7, "must be one of 5, 7, 9"),
            (good.replace("[Date \"2025-06-01\"]", "[Date \"2025-02-30\"]"), 2, "should look like"),
            (good.replace(&format!("\n1. {first} "), "\n1. zz "), 11, "move 1 ('zz') cannot be played"),
            (good.replace(" 2. ", " 3. "), 11, "'3.' is out of place: 2. comes next"),
            (cut.clone(), cut.lines().count(), "cut short"),
            (
                format!("{body}*\n").replace(&format!("[Result \"{real_result}\"]"), "[Result \"*\"]"),
                6,
                "the moves end the game with",
            ),
            (format!("{body}{wrong_result}\n"), last, "but the Result tag says"),
            (good.replace("[Clock \"300+3\"]", "[Clock \"5 minutes\"]"), 8, "Clock"),
            (good.replace("[Second \"?\"]", "[Second \"\\n\"]"), 5, "only \\\" and \\\\ are escapes"),
            (format!("{good}stray words\n"), last + 1, "already ended"),
        ];
        for (text, line, what) in cases {
            let e = read(&text).expect_err(&text);
            assert_eq!(e.line, line, "{e} in\n{text}");
            assert!(e.to_string().contains(what), "'{e}' should say '{what}' for\n{text}");
        }
    }

    #[test]
    fn seats_without_names_are_named_as_the_play_page_names_them() {
        let mut rec = finished_game();
        rec.names = [None, None];
        let mut stored = to_stored(&rec, "m1".into());
        let names = |stored: &StoredMatch| from_stored(stored).names;
        stored.row.players = ["human".into(), "level:hard".into()];
        assert_eq!(names(&stored), [Some("You".into()), Some("Computer · Hard".into())]);
        stored.row.players = ["ab:depth=3".into(), "human".into()];
        assert_eq!(names(&stored), [Some("Computer · ab:depth=3".into()), Some("You".into())]);
        stored.row.players = ["human".into(), "human".into()];
        assert_eq!(names(&stored), [None, None]);
        stored.row.names[0] = Some("Ann".into());
        stored.row.players = ["human".into(), "level:easy".into()];
        assert_eq!(names(&stored), [Some("Ann".into()), Some("Computer · Easy".into())]);
        assert!(write(&from_stored(&stored)).contains("[Second \"Computer · Easy\"]"));
    }

    #[test]
    fn dates_round_trip() {
        for ms in [0, 951_782_400_000, 1_748_786_607_000, 4_102_444_799_000] {
            let (d, t) = date_time(ms);
            assert_eq!((parse_date(&d).unwrap() * 86_400 + parse_time(&t).unwrap()) * 1000, ms, "{d} {t}");
        }
        assert_eq!(date_time(951_782_400_000).0, "2000-02-29");
    }
}
