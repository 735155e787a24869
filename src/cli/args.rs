//! A small hand-written argument reader shared by all commands.
//!
//! Options may come before or after positional arguments, as
//! `--name value`, `--name=value` or `-n value`; `--` ends the options.
//! A lone `-` is a positional argument (PBN's empty hand).

use super::CliError;

/// The arguments not consumed yet, front to back.
#[derive(Debug)]
pub struct Args {
    items: std::vec::IntoIter<String>,
}

/// One option a command accepts.
#[derive(Debug)]
pub struct OptSpec {
    /// Long name, without the leading `--`.
    pub long: &'static str,
    /// Short letter, without the leading `-`.
    pub short: Option<char>,
    /// True if the option takes a value; false for a flag.
    pub takes_value: bool,
}

/// The result of [`Args::parse`].
#[derive(Debug, Default)]
pub struct Parsed {
    /// True if `-h` or `--help` was given.
    pub help: bool,
    /// The positional arguments, in order.
    pub positionals: Vec<String>,
    /// `(long name, value)` of every option given (flags have an empty value).
    values: Vec<(&'static str, String)>,
}

impl Parsed {
    /// The value of option `long`, if given (`Some("")` for a flag).
    pub fn value(&self, long: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(name, _)| *name == long)
            .map(|(_, v)| v.as_str())
    }
}

impl Args {
    /// Wraps the arguments (without the program name).
    pub fn new(items: Vec<String>) -> Args {
        Args {
            items: items.into_iter(),
        }
    }

    /// Takes the next argument.
    pub fn next(&mut self) -> Option<String> {
        self.items.next()
    }

    /// Splits the remaining arguments into options (from `specs`) and
    /// positionals. Errors name `command` (e.g. `"kibitz bridge solve"`)
    /// so the user is pointed at the right `--help`.
    pub fn parse(self, specs: &[OptSpec], command: &'static str) -> Result<Parsed, CliError> {
        let mut parsed = Parsed::default();
        let mut items = self.items;
        let mut options_done = false;
        while let Some(arg) = items.next() {
            if options_done || arg == "-" || !arg.starts_with('-') {
                parsed.positionals.push(arg);
                continue;
            }
            if arg == "--" {
                options_done = true;
                continue;
            }
            if arg == "-h" || arg == "--help" {
                parsed.help = true;
                continue;
            }
            let (spec, inline) = find_spec(specs, &arg)
                .ok_or_else(|| CliError::usage(command, format!("unknown option '{arg}'")))?;
            if parsed.values.iter().any(|(name, _)| *name == spec.long) {
                return Err(CliError::usage(
                    command,
                    format!("option --{} given more than once", spec.long),
                ));
            }
            let value = match (spec.takes_value, inline) {
                (true, Some(v)) => v,
                (true, None) => items.next().ok_or_else(|| {
                    CliError::usage(command, format!("option --{} needs a value", spec.long))
                })?,
                (false, None) => String::new(),
                (false, Some(_)) => {
                    return Err(CliError::usage(
                        command,
                        format!("option --{} takes no value", spec.long),
                    ))
                }
            };
            parsed.values.push((spec.long, value));
        }
        Ok(parsed)
    }
}

/// The spec matching `arg` (`--long`, `--long=value` or `-s`), with the
/// inline value if any.
fn find_spec<'a>(specs: &'a [OptSpec], arg: &str) -> Option<(&'a OptSpec, Option<String>)> {
    if let Some(long) = arg.strip_prefix("--") {
        let (name, inline) = match long.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (long, None),
        };
        return specs.iter().find(|s| s.long == name).map(|s| (s, inline));
    }
    let mut chars = arg.strip_prefix('-')?.chars();
    let letter = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    specs
        .iter()
        .find(|s| s.short == Some(letter))
        .map(|s| (s, None))
}
