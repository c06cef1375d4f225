//! `tabula ugi <game>`: Tabula's engines behind the UGI text protocol (as
//! used by the cutegames runner), with the game's position text in place of
//! a FEN. Every malformed command is answered with `info string error …`.

use std::io::{BufRead, Write};

use tabula_core::Options;
use tabula_games::find;
use tabula_search::{AnyGame, AnyPlayer, GameEntry, PlayerSpec};

/// Speaks UGI on standard input and output until `quit` or end of input.
pub fn run(slug: &str, option_pairs: &[String]) -> Result<(), String> {
    let entry = find(slug).map_err(|e| e.to_string())?;
    let options = Options::from_pairs(option_pairs).map_err(|e| e.to_string())?;
    let start = entry.create(&options).map_err(|e| e.to_string())?;
    let mut session =
        Session { entry, options, game: start, player_text: default_player(entry), player: None, seed: 1 };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let replies = session.handle(line.trim());
        for reply in &replies {
            let _ = writeln!(out, "{reply}");
        }
        let _ = out.flush();
        if line.trim() == "quit" {
            break;
        }
    }
    Ok(())
}

fn default_player(entry: &GameEntry) -> String {
    entry.info().levels.last().map(|l| format!("level:{}", l.key)).unwrap_or_else(|| "ab:time=1s".into())
}

/// One engine session: the game, the current position and the player.
pub struct Session {
    entry: &'static GameEntry,
    options: Options,
    game: Box<dyn AnyGame>,
    player_text: String,
    player: Option<(String, Box<dyn AnyPlayer>)>,
    seed: u64,
}

impl Session {
    /// Answers one command with zero or more lines.
    pub fn handle(&mut self, line: &str) -> Vec<String> {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else { return Vec::new() };
        let rest: Vec<&str> = words.collect();
        let error = |msg: String| vec![format!("info string error {msg}")];
        match command {
            "ugi" => {
                let info = self.entry.info();
                let levels: Vec<String> = info.levels.iter().map(|l| format!("var {}", l.key)).collect();
                vec![
                    format!("id name Tabula {}", info.name),
                    "id author the Tabula developers".into(),
                    format!(
                        "option name Level type combo default {} {}",
                        info.levels.last().map_or("", |l| l.key),
                        levels.join(" ")
                    ),
                    "option name Player type string default <level>".into(),
                    "ugiok".into(),
                ]
            }
            "isready" => vec!["readyok".into()],
            "uginewgame" => match self.entry.create(&self.options) {
                Ok(g) => {
                    self.game = g;
                    self.player = None;
                    Vec::new()
                }
                Err(e) => error(e.to_string()),
            },
            "setoption" => self.set_option(&rest),
            "position" => self.position(&rest),
            "go" => self.go(&rest),
            "stop" => Vec::new(),
            "query" => match rest.first().copied() {
                Some("gameover") => vec![format!("response {}", self.game.outcome().is_some())],
                Some("p1turn") => vec![format!("response {}", self.game.side_to_move().index() == 0)],
                Some("result") => vec![format!(
                    "response {}",
                    match self.game.outcome() {
                        None => "none",
                        Some(o) => match o.winner() {
                            Some(s) if s.index() == 0 => "p1win",
                            Some(_) => "p2win",
                            None => "draw",
                        },
                    }
                )],
                other => error(format!("unknown query '{}': use gameover, p1turn or result", other.unwrap_or(""))),
            },
            "quit" => Vec::new(),
            other => error(format!("unknown command '{other}'")),
        }
    }

    fn set_option(&mut self, rest: &[&str]) -> Vec<String> {
        let text = rest.join(" ");
        let Some(body) = text.strip_prefix("name ") else {
            return vec!["info string error setoption needs: name <id> value <x>".into()];
        };
        let (name, value) = body.split_once(" value ").unwrap_or((body, ""));
        let spec = match name.trim().to_ascii_lowercase().as_str() {
            "level" => format!("level:{}", value.trim()),
            "player" => value.trim().to_string(),
            other => return vec![format!("info string error unknown option '{other}': use Level or Player")],
        };
        match PlayerSpec::parse(&spec, self.entry.info()) {
            Ok(_) => {
                self.player_text = spec;
                self.player = None;
                Vec::new()
            }
            Err(e) => vec![format!("info string error {e}")],
        }
    }

    fn position(&mut self, rest: &[&str]) -> Vec<String> {
        let moves_at = rest.iter().position(|w| *w == "moves").unwrap_or(rest.len());
        let (setup, moves) = (&rest[..moves_at], rest.get(moves_at + 1..).unwrap_or(&[]));
        let base = match setup.first().copied() {
            Some("startpos") => self.entry.create(&self.options),
            Some("fen") => self.entry.from_text(&setup[1..].join(" ")),
            _ => return vec!["info string error position needs startpos or fen <position text>".into()],
        };
        let mut game = match base {
            Ok(g) => g,
            Err(e) => return vec![format!("info string error {e}")],
        };
        for mv in moves {
            if let Err(e) = game.play_text(mv) {
                return vec![format!("info string error move '{mv}': {e}")];
            }
        }
        self.game = game;
        Vec::new()
    }

    fn go(&mut self, rest: &[&str]) -> Vec<String> {
        let mut limits: Vec<(String, u64)> = Vec::new();
        let mut i = 0;
        while i < rest.len() {
            let key = rest[i];
            if key == "infinite" {
                i += 1;
                continue;
            }
            let Some(value) = rest.get(i + 1).and_then(|v| v.parse::<u64>().ok()) else {
                return vec![format!("info string error go: '{key}' needs a number")];
            };
            limits.push((key.to_string(), value));
            i += 2;
        }
        let get = |k: &str| limits.iter().find(|(key, _)| key == k).map(|(_, v)| *v);
        let mover = self.game.side_to_move().index();
        let (time, inc) = if mover == 0 { (get("p1time"), get("p1inc")) } else { (get("p2time"), get("p2inc")) };
        let spec_text = if let Some(d) = get("depth") {
            format!("ab:depth={d}")
        } else if let Some(n) = get("nodes") {
            format!("ab:nodes={n}")
        } else if let Some(ms) = get("movetime") {
            format!("ab:time={ms}ms")
        } else if let Some(ms) = time {
            format!("ab:time={}ms", (ms / 30 + inc.unwrap_or(0) * 3 / 4).max(10))
        } else {
            self.player_text.clone()
        };
        let spec = match PlayerSpec::parse(&spec_text, self.entry.info()) {
            Ok(s) => s,
            Err(e) => return vec![format!("info string error {e}")],
        };
        if self.player.as_ref().is_none_or(|(key, _)| *key != spec_text) {
            self.seed += 1;
            self.player = Some((spec_text, self.game.new_player(&spec, self.seed)));
        }
        let player = &mut self.player.as_mut().expect("made above").1;
        match player.choose(self.game.as_ref()) {
            Ok(Some(d)) => vec![
                format!(
                    "info depth {} score cp {} nodes {} time {} pv {}",
                    d.depth,
                    d.score,
                    d.nodes,
                    d.elapsed.as_millis(),
                    d.pv.join(" ")
                ),
                format!("bestmove {}", d.mv),
            ],
            Ok(None) => vec!["info string error the game is over".into(), "bestmove none".into()],
            Err(e) => vec![format!("info string error {e}")],
        }
    }
}
