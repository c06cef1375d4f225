//! The one reader of position texts' fields.
//!
//! Every game writes its position as `;`-separated fields, `key=value` (or
//! `key:value`, as Seesaw's Ludii form has it). [`Fields::read`] splits such
//! a text once and answers the mistakes every game shares in the same words:
//! a field without a separator, an unknown key, a key given twice and, when
//! a game asks for it with [`Fields::require`], a missing one. What a value
//! means, and whether the whole position could arise in play, is the game's
//! to say.

use crate::Error;

/// The fields of one position text, by key, as written (values trimmed).
#[derive(Debug, Clone)]
pub struct Fields<'a> {
    /// Every key the game knows, in its own order, with the value given.
    values: Vec<(&'static str, Option<&'a str>)>,
}

impl<'a> Fields<'a> {
    /// Splits `text` at `;` into `key` `separator` `value` fields (empty
    /// fields are skipped), checking each key against `known`.
    pub fn read(text: &'a str, separator: char, known: &[&'static str]) -> Result<Fields<'a>, Error> {
        let mut values: Vec<(&'static str, Option<&'a str>)> = known.iter().map(|&k| (k, None)).collect();
        for field in text.trim().split(';').map(str::trim).filter(|f| !f.is_empty()) {
            let (key, value) = field
                .split_once(separator)
                .ok_or_else(|| Error::BadPosition(format!("field '{field}' should look like key{separator}value")))?;
            let key = key.trim();
            let slot = values.iter_mut().find(|(k, _)| *k == key).ok_or_else(|| {
                Error::BadPosition(format!("unknown field '{key}' (the fields are {})", words(known)))
            })?;
            if slot.1.replace(value.trim()).is_some() {
                return Err(Error::BadPosition(format!("field '{key}' is given twice")));
            }
        }
        Ok(Fields { values })
    }

    /// The value of `key`, if the text gives it. `key` must be one of the known keys.
    pub fn get(&self, key: &str) -> Option<&'a str> {
        let slot = self.values.iter().find(|(k, _)| *k == key);
        debug_assert!(slot.is_some(), "'{key}' is not among the known fields");
        slot.and_then(|(_, v)| *v)
    }

    /// The value of `key`, which the text must give.
    pub fn require(&self, key: &str) -> Result<&'a str, Error> {
        self.get(key).ok_or_else(|| Error::BadPosition(format!("the position has no '{key}' field")))
    }
}

/// `a, b and c`.
fn words(list: &[&str]) -> String {
    match list {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNOWN: &[&str] = &["board", "wind", "calm"];

    fn message(text: &str) -> String {
        Fields::read(text, '=', KNOWN).unwrap_err().to_string()
    }

    #[test]
    fn fields_are_read_by_key_in_any_order() {
        let f = Fields::read(" wind = N ;board=7/7;; ", '=', KNOWN).unwrap();
        assert_eq!(f.get("board"), Some("7/7"));
        assert_eq!(f.get("wind"), Some("N"));
        assert_eq!(f.get("calm"), None);
        assert_eq!(f.require("calm").unwrap_err().to_string(), "the position has no 'calm' field");
    }

    #[test]
    fn shared_mistakes_are_answered_alike() {
        assert_eq!(message("nonsense"), "field 'nonsense' should look like key=value");
        assert_eq!(message("colour=red"), "unknown field 'colour' (the fields are board, wind and calm)");
        assert_eq!(message("wind=N;wind=E"), "field 'wind' is given twice");
        let colon = Fields::read("wind=N", ':', KNOWN).unwrap_err().to_string();
        assert_eq!(colon, "field 'wind=N' should look like key:value");
    }
}
