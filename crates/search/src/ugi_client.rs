//! Driving an external engine that speaks UGI (the universal game
//! interface of the cutegames runner), so `tabula match` can pit Tabula's
//! players against other programs.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use tabula_core::Error;

/// A running engine process.
pub struct UgiClient {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
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
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| fail(format!("cannot start: {e}")))?;
        let input = child.stdin.take().ok_or_else(|| fail("no input pipe".into()))?;
        let output = BufReader::new(child.stdout.take().ok_or_else(|| fail("no output pipe".into()))?);
        let mut client = UgiClient { child, input, output, command: command.to_string() };
        client.send("ugi")?;
        client.wait_for("ugiok")?;
        client.send("uginewgame")?;
        client.send("isready")?;
        client.wait_for("readyok")?;
        Ok(client)
    }

    fn fail(&self, what: impl std::fmt::Display) -> Error {
        Error::BadPlayer(format!("engine '{}': {what}", self.command))
    }

    fn send(&mut self, line: &str) -> Result<(), Error> {
        writeln!(self.input, "{line}").and_then(|_| self.input.flush()).map_err(|e| self.fail(e))
    }

    /// Reads lines until one starts with `word`; returns that line.
    fn wait_for(&mut self, word: &str) -> Result<String, Error> {
        let mut line = String::new();
        for _ in 0..100_000 {
            line.clear();
            if self.output.read_line(&mut line).map_err(|e| self.fail(e))? == 0 {
                return Err(self.fail(format!("closed before saying '{word}'")));
            }
            if line.split_whitespace().next() == Some(word) {
                return Ok(line.trim().to_string());
            }
        }
        Err(self.fail(format!("never said '{word}'")))
    }

    /// Asks for the best move in `position` (a Tabula position text) with `movetime` to think.
    pub fn best_move(&mut self, position: &str, movetime: Duration) -> Result<String, Error> {
        self.send(&format!("position fen {position}"))?;
        self.send(&format!("go movetime {}", movetime.as_millis()))?;
        let line = self.wait_for("bestmove")?;
        line.split_whitespace().nth(1).map(str::to_string).ok_or_else(|| self.fail("'bestmove' without a move"))
    }
}

impl Drop for UgiClient {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}
