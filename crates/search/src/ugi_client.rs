//! Driving an external engine that speaks UGI (the universal game
//! interface of the cutegames runner), so `tabula match` can pit Tabula's
//! players against other programs. Every wait for the engine has a time
//! limit, and what the engine wrote on its error stream is passed on when it
//! fails, so a broken or silent engine is reported, never waited for.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use tabula_core::time::{Duration, Instant};

use tabula_core::Error;

/// How long an engine may take to start and answer `ugi` and `isready`.
const HANDSHAKE_TIME: Duration = Duration::from_secs(5);
/// What an engine may take beyond its move time to answer `bestmove`.
const GRACE: Duration = Duration::from_secs(1);
/// The most lines an engine may write while it is asked for one answer.
const MAX_LINES: usize = 100_000;
/// How many of the engine's last error lines are kept for messages.
const KEPT_ERROR_LINES: usize = 3;

/// A running engine process.
pub struct UgiClient {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    errors: Arc<Mutex<VecDeque<String>>>,
    command: String,
}

impl UgiClient {
    /// Starts `command` through the shell and completes the `ugi` handshake.
    pub fn start(command: &str) -> Result<Self, Error> {
        let fail = |what: String| Error::BadPlayer(format!("engine '{command}': {what}"));
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| fail(format!("cannot start: {e}")))?;
        let input = child.stdin.take().ok_or_else(|| fail("no input pipe".into()))?;
        let output = child.stdout.take().ok_or_else(|| fail("no output pipe".into()))?;
        let errors_pipe = child.stderr.take().ok_or_else(|| fail("no error pipe".into()))?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let errors = Arc::new(Mutex::new(VecDeque::new()));
        let kept = Arc::clone(&errors);
        std::thread::spawn(move || keep_last_lines(errors_pipe, &kept));
        let mut client = UgiClient { child, input, lines, errors, command: command.to_string() };
        client.send("ugi", "ugiok")?;
        client.wait_for("ugiok", HANDSHAKE_TIME)?;
        client.send("uginewgame", "readyok")?;
        client.send("isready", "readyok")?;
        client.wait_for("readyok", HANDSHAKE_TIME)?;
        Ok(client)
    }

    /// An error about this engine, with the last lines it wrote to its error stream.
    fn fail(&self, what: impl std::fmt::Display) -> Error {
        let said: Vec<String> = self.errors.lock().map(|e| e.iter().cloned().collect()).unwrap_or_default();
        let said = if said.is_empty() { String::new() } else { format!(" (it said: {})", said.join(" / ")) };
        Error::BadPlayer(format!("engine '{}': {what}{said}", self.command))
    }

    /// Writes `line` to the engine, which is then to say `awaited`.
    fn send(&mut self, line: &str, awaited: &str) -> Result<(), Error> {
        match writeln!(self.input, "{line}").and_then(|_| self.input.flush()) {
            Ok(()) => Ok(()),
            // Its input is closed: the engine stopped (or is stopping) before it could answer.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.wait_briefly();
                Err(self.fail(format!("stopped before saying '{awaited}'")))
            }
            Err(e) => Err(self.fail(format!("cannot be written to: {e}"))),
        }
    }

    /// Reads lines until one starts with `word`, for at most `limit`; returns that line.
    fn wait_for(&mut self, word: &str, limit: Duration) -> Result<String, Error> {
        let deadline = Instant::now() + limit;
        for _ in 0..MAX_LINES {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.split_whitespace().next() == Some(word) => return Ok(line.trim().to_string()),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    return Err(self.fail(format!("did not say '{word}' within {:.1} s", limit.as_secs_f64())));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    // Give the engine a moment to exit and its error stream to be read to the end.
                    self.wait_briefly();
                    return Err(self.fail(format!("stopped before saying '{word}'")));
                }
            }
        }
        Err(self.fail(format!("never said '{word}'")))
    }

    /// Asks for the best move in `position` (a Tabula position text) with
    /// `movetime` to think; an engine that has not answered a second after
    /// that is stopped and reported.
    pub fn best_move(&mut self, position: &str, movetime: Duration) -> Result<String, Error> {
        self.send(&format!("position fen {position}"), "bestmove")?;
        self.send(&format!("go movetime {}", movetime.as_millis()), "bestmove")?;
        let line = self.wait_for("bestmove", movetime + GRACE)?;
        line.split_whitespace().nth(1).map(str::to_string).ok_or_else(|| self.fail("'bestmove' without a move"))
    }
}

impl UgiClient {
    /// Waits up to half a second for the engine to exit; says whether it did.
    fn wait_briefly(&mut self) -> bool {
        for _ in 0..50 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                std::thread::sleep(Duration::from_millis(10));
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }
}

/// Keeps the last few lines read from `pipe` (an engine's error stream).
fn keep_last_lines(pipe: impl Read, kept: &Mutex<VecDeque<String>>) {
    for line in BufReader::new(pipe).lines() {
        let Ok(line) = line else { break };
        let Ok(mut kept) = kept.lock() else { break };
        kept.push_back(line.chars().take(200).collect());
        while kept.len() > KEPT_ERROR_LINES {
            kept.pop_front();
        }
    }
}

impl Drop for UgiClient {
    fn drop(&mut self) {
        let _ = self.send("quit", "nothing");
        // An engine that does not quit at once is stopped.
        if !self.wait_briefly() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
