//! The side-by-side benches re-run themselves as one child process per
//! library (`KIBITZ_VS_DDS_ROLE`); a child prints one `RESULT k=v ...`
//! line, which the parent reads with these functions.

use std::process::Command;

/// A `RESULT` line's fields.
pub type Fields = Vec<(String, String)>;

/// An environment variable as a number, or `default`.
pub fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Runs this program as a child with `role` and the extra environment
/// `env`; returns its `RESULT` fields.
pub fn run_child(role: &str, env: &[(&str, String)]) -> Option<Fields> {
    let exe = std::env::current_exe().ok()?;
    let out = Command::new(exe)
        .env("KIBITZ_VS_DDS_ROLE", role)
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.starts_with("RESULT "))?;
    Some(
        line.split_whitespace()
            .skip(1)
            .filter_map(|kv| kv.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    )
}

/// Field `key` of a result, empty if absent.
pub fn field(r: &[(String, String)], key: &str) -> String {
    r.iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.clone())
        .unwrap_or_default()
}

/// Field `key` as a number, NaN if absent.
pub fn num(r: &[(String, String)], key: &str) -> f64 {
    field(r, key).parse().unwrap_or(f64::NAN)
}
