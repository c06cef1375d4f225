use std::collections::BTreeMap;

use crate::{Error, GameInfo};

/// The options a game is created with, as text keys and values
/// (`size=7`, `komi=4.5`, `seed=42`). Games read them with the typed getters,
/// which fall back to the defaults declared in the game's [`GameInfo`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    values: BTreeMap<String, String>,
}

impl Options {
    /// No options: every game's defaults.
    pub fn new() -> Self {
        Self::default()
    }

    /// Reads `KEY=VALUE` pairs as typed on a command line.
    pub fn from_pairs<S: AsRef<str>>(pairs: &[S]) -> Result<Self, Error> {
        let mut options = Options::new();
        for pair in pairs {
            let pair = pair.as_ref();
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| Error::BadOption(format!("option '{pair}' should look like KEY=VALUE")))?;
            options.set(key.trim(), value.trim());
        }
        Ok(options)
    }

    /// Sets one option, replacing an earlier value.
    pub fn set(&mut self, key: &str, value: &str) {
        self.values.insert(key.to_string(), value.to_string());
    }

    /// The raw value of an option, if it was given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(String::as_str)
    }

    /// Whether the option was given explicitly.
    pub fn contains(&self, key: &str) -> bool {
        self.values.contains_key(key)
    }

    /// All options given, in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.values.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Checks every key against the game's declared options and every value
    /// against its list of choices, so that a typo is reported, not ignored.
    pub fn validate(&self, info: &GameInfo) -> Result<(), Error> {
        for (key, value) in self.iter() {
            let Some(spec) = info.options.iter().find(|o| o.key == key) else {
                let known: Vec<&str> = info.options.iter().map(|o| o.key).collect();
                return Err(Error::BadOption(format!(
                    "{} has no option '{key}'; its options are: {}",
                    info.name,
                    known.join(", ")
                )));
            };
            if !spec.choices.is_empty() && !spec.choices.contains(&value) {
                return Err(Error::BadOption(format!(
                    "option '{key}' of {} must be one of {}, not '{value}'",
                    info.name,
                    spec.choices.join(", ")
                )));
            }
        }
        Ok(())
    }

    fn raw<'a>(&'a self, info: &'a GameInfo, key: &str) -> &'a str {
        self.get(key).unwrap_or_else(|| info.options.iter().find(|o| o.key == key).map(|o| o.default).unwrap_or(""))
    }

    /// An unsigned whole-number option.
    pub fn get_u64(&self, info: &GameInfo, key: &str) -> Result<u64, Error> {
        let raw = self.raw(info, key);
        raw.parse().map_err(|_| Error::BadOption(format!("option '{key}' must be a whole number, not '{raw}'")))
    }

    /// A decimal-number option.
    pub fn get_f64(&self, info: &GameInfo, key: &str) -> Result<f64, Error> {
        let raw = self.raw(info, key);
        raw.parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| Error::BadOption(format!("option '{key}' must be a number, not '{raw}'")))
    }

    /// A yes/no option (`true`/`false`, `yes`/`no`, `on`/`off`, `1`/`0`).
    pub fn get_bool(&self, info: &GameInfo, key: &str) -> Result<bool, Error> {
        match self.raw(info, key).to_ascii_lowercase().as_str() {
            "true" | "yes" | "on" | "1" => Ok(true),
            "false" | "no" | "off" | "0" => Ok(false),
            other => Err(Error::BadOption(format!("option '{key}' must be true or false, not '{other}'"))),
        }
    }
}
