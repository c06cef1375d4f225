//! Options as a request gives them (JSON texts, numbers or booleans) turned
//! into the texts the games read, the same way wherever a match is played.

use std::collections::BTreeMap;

use serde_json::Value;
use tabula_core::Error;

/// The options of a request as texts: numbers and booleans become their
/// text; anything else is refused with a sentence naming the option.
pub fn option_texts(given: BTreeMap<String, Value>) -> Result<BTreeMap<String, String>, Error> {
    let mut options = BTreeMap::new();
    for (key, value) in given {
        let text = match value {
            Value::String(s) => s,
            Value::Number(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            other => {
                return Err(Error::BadOption(format!(
                    "option '{key}' must be text, a number or true/false, not {other}"
                )))
            }
        };
        options.insert(key, text);
    }
    Ok(options)
}
