//! How the columns of a match that are not plain numbers or texts are
//! written, the same in every backend: options, players, names, the clock's
//! settings and state, and the result, each as a small JSON text.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use super::{ClockSettings, ClockState, StoredResult};

/// The options as a JSON object of texts.
pub fn options(options: &BTreeMap<String, String>) -> String {
    serde_json::to_string(options).unwrap_or_else(|_| "{}".into())
}

/// Reads the options (anything unreadable is left out).
pub fn read_options(text: &str) -> BTreeMap<String, String> {
    parse(text)
        .as_object()
        .map(|o| o.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string())).collect())
        .unwrap_or_default()
}

/// The two seats' players: `["human", "level:medium"]`.
pub fn players(players: &[String; 2]) -> String {
    json!(players).to_string()
}

/// Reads the players (a missing one is a person).
pub fn read_players(text: &str) -> [String; 2] {
    let v = parse(text);
    [0, 1].map(|i| text_at(&v, i).unwrap_or_else(|| "human".into()))
}

/// The names the players gave: `["Ann", null]`.
pub fn names(names: &[Option<String>; 2]) -> String {
    json!(names).to_string()
}

/// Reads the names.
pub fn read_names(text: &str) -> [Option<String>; 2] {
    let v = parse(text);
    [text_at(&v, 0), text_at(&v, 1)]
}

/// A clock's settings: `{"initial": ms, "increment": ms}`.
pub fn clock(settings: &ClockSettings) -> String {
    json!({ "initial": settings.initial_ms, "increment": settings.increment_ms }).to_string()
}

/// Reads a clock's settings.
pub fn read_clock(text: &str) -> Option<ClockSettings> {
    let c = parse(text);
    Some(ClockSettings { initial_ms: c["initial"].as_i64()?, increment_ms: c["increment"].as_i64().unwrap_or(0) })
}

/// A clock's state: `{"remaining": [ms, ms], "running": seat or null, "since": Unix ms}`.
pub fn clock_state(state: &ClockState) -> String {
    json!({ "remaining": state.remaining, "running": state.running, "since": state.since }).to_string()
}

/// Reads a clock's state.
pub fn read_clock_state(text: &str) -> Option<ClockState> {
    let c = parse(text);
    let remaining = c["remaining"].as_array()?;
    Some(ClockState {
        remaining: [remaining.first()?.as_i64()?, remaining.get(1)?.as_i64()?],
        running: c["running"].as_u64().map(|s| (s as usize).min(1)),
        since: c["since"].as_i64()?,
    })
}

/// A result: `{"winner": seat or null, "reason": "…", "by_rules": bool}`.
pub fn result(result: &StoredResult) -> String {
    json!({ "winner": result.winner, "reason": result.reason, "by_rules": result.by_rules }).to_string()
}

/// Reads a result.
pub fn read_result(text: &str) -> Option<StoredResult> {
    let v: Value = serde_json::from_str(text).ok()?;
    Some(StoredResult {
        winner: v["winner"].as_u64().map(|w| w as usize),
        reason: v["reason"].as_str().unwrap_or("").to_string(),
        by_rules: v["by_rules"].as_bool().unwrap_or(true),
    })
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

fn text_at(v: &Value, i: usize) -> Option<String> {
    v.get(i).and_then(Value::as_str).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_column_reads_back_what_was_written() {
        let state = ClockState { remaining: [299_000, 300_000], running: Some(1), since: 1_700_000_000_123 };
        assert_eq!(read_clock_state(&clock_state(&state)), Some(state));
        let stopped = ClockState { running: None, ..state };
        assert_eq!(read_clock_state(&clock_state(&stopped)), Some(stopped));
        let settings = ClockSettings { initial_ms: 300_000, increment_ms: 3_000 };
        assert_eq!(read_clock(&clock(&settings)), Some(settings));
        let r = StoredResult { winner: None, reason: "A draw \"agreed\".".into(), by_rules: false };
        assert_eq!(read_result(&result(&r)), Some(r));
        let n = [Some("Ann".to_string()), None];
        assert_eq!(read_names(&names(&n)), n);
        assert_eq!(read_players("not json"), ["human", "human"]);
        let o = BTreeMap::from([("seed".to_string(), "42".to_string())]);
        assert_eq!(read_options(&options(&o)), o);
    }
}
