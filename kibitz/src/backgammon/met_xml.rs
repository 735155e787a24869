//! Reading gnubg's match equity table XML files (`met/*.xml`, format of
//! `met/met.dtd`): `<met>` with `<info>` (`name`, `description`,
//! `length`), a `<pre-crawford-table>` and one or two
//! `<post-crawford-table>`s, each either explicit `<row>`s of `<me>`
//! values or `<parameters>`.
//!
//! Explicit tables and gnubg's `zadeh` parametric tables are read; `mec`
//! tables (computed by gnubg's match equity calculator) are refused.

use std::fmt;

use super::met::{MatchEquityTable, MAX_AWAY};

/// Why a match equity table file was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetError(pub String);

impl fmt::Display for MetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MetError {}

/// Shorthand for an error result.
fn fail<T>(msg: impl Into<String>) -> Result<T, MetError> {
    Err(MetError(msg.into()))
}

/// An XML element: name, attributes, child elements and its own text.
#[derive(Debug, Default)]
struct Element {
    name: String,
    attrs: Vec<(String, String)>,
    children: Vec<Element>,
    text: String,
}

impl Element {
    /// The value of attribute `name`.
    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The child elements called `name`.
    fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// The first child element called `name`.
    fn first(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }
}

/// Replaces the five predefined XML entities.
fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The line number of byte offset `at` of `text`.
fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// Parses the attributes of a start tag's inside (after the name).
fn parse_attrs(s: &str, line: usize) -> Result<Vec<(String, String)>, MetError> {
    let mut attrs = Vec::new();
    let mut rest = s.trim();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else {
            return fail(format!("line {line}: malformed attribute '{rest}'"));
        };
        let key = rest[..eq].trim().to_string();
        let after = rest[eq + 1..].trim_start();
        let quote = after.chars().next().unwrap_or(' ');
        if quote != '"' && quote != '\'' {
            return fail(format!("line {line}: attribute '{key}' is not quoted"));
        }
        let Some(end) = after[1..].find(quote) else {
            return fail(format!("line {line}: unterminated attribute '{key}'"));
        };
        attrs.push((key, unescape(&after[1..1 + end])));
        rest = after[end + 2..].trim_start();
    }
    Ok(attrs)
}

/// Parses `text` into its root element (a small XML reader: elements,
/// attributes, text, comments, the declaration and a DOCTYPE line).
fn parse_xml(text: &str) -> Result<Element, MetError> {
    let mut stack: Vec<Element> = vec![Element::default()];
    let mut i = 0;
    let bytes = text.as_bytes();
    while i < bytes.len() {
        if bytes[i] != b'<' {
            let end = text[i..].find('<').map_or(text.len(), |e| i + e);
            let top = stack.last_mut().expect("stack never empty");
            top.text.push_str(&unescape(&text[i..end]));
            i = end;
            continue;
        }
        let line = line_of(text, i);
        let rest = &text[i..];
        if rest.starts_with("<!--") {
            let Some(end) = rest.find("-->") else {
                return fail(format!("line {line}: unterminated comment"));
            };
            i += end + 3;
            continue;
        }
        if rest.starts_with("<?") || rest.starts_with("<!") {
            let close = if rest.starts_with("<?") { "?>" } else { ">" };
            let Some(end) = rest.find(close) else {
                return fail(format!("line {line}: unterminated declaration"));
            };
            i += end + close.len();
            continue;
        }
        let Some(end) = rest.find('>') else {
            return fail(format!("line {line}: unterminated tag"));
        };
        let inside = &rest[1..end];
        i += end + 1;
        if let Some(name) = inside.strip_prefix('/') {
            let name = name.trim();
            let done = stack.pop().expect("stack never empty");
            if stack.is_empty() || done.name != name {
                return fail(format!(
                    "line {line}: closing tag </{name}> does not match <{}>",
                    done.name
                ));
            }
            stack.last_mut().expect("checked").children.push(done);
            continue;
        }
        let (inside, empty) = match inside.strip_suffix('/') {
            Some(s) => (s, true),
            None => (inside, false),
        };
        let name_end = inside
            .find(|c: char| c.is_whitespace())
            .unwrap_or(inside.len());
        let name = inside[..name_end].to_string();
        if name.is_empty() {
            return fail(format!("line {line}: empty tag"));
        }
        let element = Element {
            name,
            attrs: parse_attrs(&inside[name_end..], line)?,
            ..Element::default()
        };
        if empty {
            stack
                .last_mut()
                .expect("stack never empty")
                .children
                .push(element);
        } else {
            stack.push(element);
        }
    }
    if stack.len() != 1 {
        let open = &stack.last().expect("non-empty").name;
        return fail(format!("the file ends inside <{open}>"));
    }
    let mut doc = stack.pop().expect("one element");
    if doc.children.len() != 1 {
        return fail("the file must hold exactly one root element");
    }
    Ok(doc.children.remove(0))
}

/// The numbers of the `<me>` children of a `<row>`.
fn row_values(row: &Element, what: &str) -> Result<Vec<f32>, MetError> {
    row.all("me")
        .enumerate()
        .map(|(k, me)| {
            let s = me.text.trim();
            match s.parse::<f64>() {
                Ok(v) if (0.0..=1.0).contains(&v) => Ok(v as f32),
                Ok(v) => fail(format!("{what}, entry {}: {v} is not in 0..1", k + 1)),
                Err(_) => fail(format!("{what}, entry {}: '{s}' is not a number", k + 1)),
            }
        })
        .collect()
}

/// The named `<parameter>`s of a table's `<parameters>` element.
fn parameters(table: &Element, what: &str) -> Result<Vec<(String, f32)>, MetError> {
    let Some(params) = table.first("parameters") else {
        return fail(format!("{what}: a parametric table needs <parameters>"));
    };
    params
        .all("parameter")
        .map(|p| {
            let Some(name) = p.attr("name") else {
                return fail(format!("{what}: a <parameter> has no name"));
            };
            match p.text.trim().parse::<f64>() {
                Ok(v) => Ok((name.to_string(), v as f32)),
                Err(_) => fail(format!("{what}: parameter '{name}' is not a number")),
            }
        })
        .collect()
}

/// A table's type attribute (default "explicit"), checked.
fn table_type<'a>(table: &'a Element, what: &str) -> Result<&'a str, MetError> {
    match table.attr("type").unwrap_or("explicit") {
        t @ ("explicit" | "zadeh") => Ok(t),
        "mec" => fail(format!("{what}: tables of type 'mec' are not supported")),
        t => fail(format!("{what}: unknown table type '{t}'")),
    }
}

/// Reads a gnubg match equity table file.
pub fn met_from_xml(text: &str) -> Result<MatchEquityTable, MetError> {
    let root = parse_xml(text)?;
    if root.name != "met" {
        return fail(format!("the root element is <{}>, not <met>", root.name));
    }
    let Some(info) = root.first("info") else {
        return fail("<info> is missing");
    };
    let text_of = |name: &str| info.first(name).map(|e| e.text.trim().to_string());
    let name = text_of("name").unwrap_or_default();
    let description = text_of("description").unwrap_or_default();
    let Some(length) = text_of("length") else {
        return fail("<length> is missing");
    };
    let Ok(length) = length.parse::<i32>() else {
        return fail(format!("<length> '{length}' is not a whole number"));
    };
    if length != -1 && !(1..=MAX_AWAY as i32).contains(&length) {
        return fail(format!("<length> {length} is not -1 or 1..64"));
    }
    let Some(pre) = root.first("pre-crawford-table") else {
        return fail("<pre-crawford-table> is missing");
    };
    let pre_type = table_type(pre, "pre-Crawford table")?;
    // The post-Crawford table of each player.
    let mut post: [Option<&Element>; 2] = [None, None];
    for table in root.all("post-crawford-table") {
        match table.attr("player").unwrap_or("both") {
            "both" => post = [Some(table), Some(table)],
            "0" => post[0] = Some(table),
            "1" => post[1] = Some(table),
            p => return fail(format!("post-Crawford table: unknown player '{p}'")),
        }
    }
    let [Some(post0), Some(post1)] = post else {
        return fail("a post-Crawford table is missing for a player");
    };
    let posts = [post0, post1];
    if length == -1 {
        // gnubg 1.07 ignores a parametric pre-Crawford table of a file
        // with length -1 (the normal approximation fills it all).
        let mut params = [(0.25f32, 0.015f32, 0.004f32); 2];
        for (p, table) in posts.iter().enumerate() {
            let what = format!("post-Crawford table of player {p}");
            if table_type(table, &what)? != "zadeh" {
                return fail(format!("{what}: a table of length -1 must be parametric"));
            }
            for (key, v) in parameters(table, &what)? {
                match key.as_str() {
                    "gammon-rate-trailer" => params[p].0 = v,
                    "free-drop-2-away" => params[p].1 = v,
                    "free-drop-4-away" => params[p].2 = v,
                    _ => {}
                }
            }
        }
        return Ok(MatchEquityTable::zadeh_post(&name, &description, params));
    }
    if pre_type != "explicit" {
        return fail("a parametric pre-Crawford table needs <length> -1");
    }
    let n = length as usize;
    let rows: Vec<Vec<f32>> = pre
        .all("row")
        .enumerate()
        .map(|(i, r)| row_values(r, &format!("pre-Crawford row {}", i + 1)))
        .collect::<Result<_, _>>()?;
    if rows.len() != n {
        return fail(format!(
            "the pre-Crawford table has {} rows, not {n}",
            rows.len()
        ));
    }
    if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != n) {
        return fail(format!(
            "pre-Crawford row {} has {} entries, not {n}",
            i + 1,
            r.len()
        ));
    }
    let mut post_rows: [Vec<f32>; 2] = [Vec::new(), Vec::new()];
    for (p, table) in posts.iter().enumerate() {
        let what = format!("post-Crawford table of player {p}");
        if table_type(table, &what)? != "explicit" {
            return fail(format!("{what}: must be explicit in an explicit file"));
        }
        let Some(row) = table.first("row") else {
            return fail(format!("{what}: <row> is missing"));
        };
        let values = row_values(row, &what)?;
        if values.len() + 1 < n || values.len() > MAX_AWAY {
            return fail(format!(
                "{what} has {} entries, needs {} to 64",
                values.len(),
                n - 1
            ));
        }
        post_rows[p] = values;
    }
    Ok(MatchEquityTable::explicit(
        &name,
        &description,
        &rows,
        [&post_rows[0], &post_rows[1]],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2-point table in gnubg's format.
    const SMALL: &str = r#"<?xml version="1.0"?>
<!-- a comment -->
<met><info><name>Tiny &amp; small</name><length>2</length></info>
<pre-crawford-table type="explicit">
<row><me>0.5</me><me>0.7</me></row>
<row><me>0.3</me><me>0.5</me></row>
</pre-crawford-table>
<post-crawford-table player="both"><row><me>0.5</me><me>0.48</me></row></post-crawford-table>
</met>"#;

    #[test]
    fn reads_a_small_table() {
        let t = met_from_xml(SMALL).unwrap();
        assert_eq!(t.name, "Tiny & small");
        assert_eq!((t.pre(1, 2), t.pre(2, 1), t.pre(2, 2)), (0.7, 0.3, 0.5));
        // Only the first length - 1 post entries are kept: 0.48 is replaced
        // by the recursion, 0.75 * 0.5 * 1 + 0.25 * 0.5 * 1 - 0.015.
        assert_eq!(t.post(0, 1), 0.5);
        assert_eq!(t.post(0, 2), 0.485);
        // Row 3 comes from the normal approximation; the mirror holds.
        assert_eq!(t.pre(2, 3), 1.0 - t.pre(3, 2));
    }

    #[test]
    fn clear_errors() {
        let err = |s: &str| met_from_xml(s).unwrap_err().0;
        assert!(err("<met>").contains("ends inside <met>"));
        assert!(err("<foo></foo>").contains("not <met>"));
        assert!(err(&SMALL.replace("0.7", "x7")).contains("'x7' is not a number"));
        assert!(err(&SMALL.replace("0.7", "1.7")).contains("not in 0..1"));
        assert!(err(&SMALL.replace("<length>2", "<length>3")).contains("has 2 rows, not 3"));
        assert!(err(&SMALL.replace("</row>\n</pre", "</row></pre").replace(
            "<row><me>0.3</me><me>0.5</me></row>",
            "<row><me>0.3</me></row>"
        ))
        .contains("row 2 has 1 entries"));
        assert!(err(&SMALL.replace("player=\"both\"", "player=\"0\"")).contains("missing"));
        assert!(err(&SMALL.replace("</met>", "</mat>")).contains("does not match"));
        assert!(err(&SMALL.replace("type=\"explicit\"", "type=\"mec\"")).contains("'mec'"));
    }
}
