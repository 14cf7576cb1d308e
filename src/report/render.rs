//! Rendering a report model with Tera 2: a family's or study's embedded
//! templates, which a folder of the user's own (`<name>.tera`, e.g.
//! `report.md.tera`) may replace file by file, and number filters for them.

use std::path::Path;

use tera::{Context, Kwargs, State, Tera, TeraResult, Value};

use super::error::ReportError;
use super::html::finish_html;
use super::numbers::{count, human, plural, scientific};
use crate::input::{MAX_INPUT_FILE_BYTES, read_text_capped};

/// The two rendered reports.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendered {
    /// `report.md`.
    pub markdown: String,
    /// `report.html`: one self-contained file (inline CSS and SVG).
    pub html: String,
}

/// Formats a number for people ([`human`]) with at most `digits`
/// decimals (`fixed`), with a sign (`signed`), times 100 with a `%`
/// (`percent`), or in powers of ten with `digits` decimals (`sci`,
/// [`scientific`]); a missing value shows as `–`.
fn number(value: &Value, kwargs: &Kwargs, style: &str) -> TeraResult<String> {
    let default_digits = match style {
        "percent" | "sci" => 2,
        _ => 4,
    };
    let digits = kwargs.get::<usize>("digits")?.unwrap_or(default_digits);
    let Some(x) = value.as_f64() else {
        return Ok("–".to_string());
    };
    let signed = kwargs.get::<bool>("signed")?.unwrap_or(false);
    Ok(match style {
        "signed" => human(x, digits, true),
        "percent" => format!("{}%", human(x * 100.0, digits, signed)),
        "sci" => scientific(x, digits),
        _ => human(x, digits, signed),
    })
}

/// ` ± error` with `digits` decimals (times 100 with a `%` when
/// `percent`), or nothing where the error is missing or zero (an exact
/// figure).
fn plus_minus(value: &Value, kwargs: &Kwargs) -> TeraResult<String> {
    let digits = kwargs.get::<usize>("digits")?.unwrap_or(4);
    let percent = kwargs.get::<bool>("percent")?.unwrap_or(false);
    let scale = if percent { 100.0 } else { 1.0 };
    let unit = if percent { "%" } else { "" };
    Ok(
        match value
            .as_f64()
            .map(|e| human(e.abs() * scale, digits, false))
        {
            Some(text) if text != "0" => format!(" ± {text}{unit}"),
            _ => String::new(),
        },
    )
}

/// A count with thousands separators, with its noun in the right number
/// when `one` (and optionally `many`) is given; a missing value shows
/// as `–`.
fn counted(value: &Value, kwargs: &Kwargs) -> TeraResult<String> {
    let Some(n) = value
        .as_i64()
        .or_else(|| value.as_f64().map(|x| x.round() as i64))
    else {
        return Ok("–".to_string());
    };
    Ok(match kwargs.get::<&str>("one")? {
        Some(one) => plural(n, one, kwargs.get::<&str>("many")?),
        None => count(n),
    })
}

/// A Tera instance with the number filters and the report templates
/// `names` (`<name>.tera` in `templates` overriding the embedded sources
/// file by file).
fn tera(templates: Option<&Path>, names: [(&str, &str); 2]) -> Result<Tera, ReportError> {
    let mut tera = Tera::new();
    // Filters first: templates are checked against them when added.
    tera.register_filter("fixed", |v: Value, k: Kwargs, _: &State| {
        number(&v, &k, "fixed")
    });
    tera.register_filter("signed", |v: Value, k: Kwargs, _: &State| {
        number(&v, &k, "signed")
    });
    tera.register_filter("percent", |v: Value, k: Kwargs, _: &State| {
        number(&v, &k, "percent")
    });
    tera.register_filter("sci", |v: Value, k: Kwargs, _: &State| {
        number(&v, &k, "sci")
    });
    tera.register_filter("pm", |v: Value, k: Kwargs, _: &State| plus_minus(&v, &k));
    tera.register_filter("count", |v: Value, k: Kwargs, _: &State| counted(&v, &k));
    let mut sources: Vec<(&str, String)> = names
        .iter()
        .map(|&(name, source)| (name, source.to_string()))
        .collect();
    if let Some(folder) = templates {
        if !folder.is_dir() {
            return Err(ReportError::file(folder, "not a folder of templates"));
        }
        for (name, source) in &mut sources {
            let path = folder.join(format!("{name}.tera"));
            if path.is_file() {
                *source = read_text_capped(&path, MAX_INPUT_FILE_BYTES)
                    .map_err(|e| ReportError::file(&path, e.reason))?;
            }
        }
    }
    tera.add_raw_templates(sources.iter().map(|(n, s)| (*n, s.as_str())))
        .map_err(|e| ReportError::Data(format!("report templates: {}", describe(&e))))?;
    Ok(tera)
}

/// A Tera error with its causes.
fn describe(error: &tera::Error) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    text
}

/// Renders `model` with the Markdown and HTML templates `names` (name,
/// embedded source), which `<name>.tera` files in `templates` replace.
///
/// The templates have the number filters of [`super::numbers`]: `fixed`,
/// `signed`, `percent` and `sci` (each with `digits=N` decimals at most;
/// `fixed(signed=true)`, `percent(signed=true)`), `pm` (` ± error`, or
/// nothing for a zero or missing error) and `count` (thousands separators;
/// `count(one="thread")` writes `1 thread`, `4 threads`; `many=` for an
/// irregular plural); a missing value shows as `–`. The HTML gets [`finish_html`]'s pass: tables scroll, code
/// spans are `<code>`.
///
/// # Errors
/// A template that does not parse or render, a model that does not
/// serialise, or an unreadable template file.
pub fn render_templates(
    model: &impl serde::Serialize,
    templates: Option<&Path>,
    names: [(&str, &str); 2],
) -> Result<Rendered, ReportError> {
    let tera = tera(templates, names)?;
    let context = Context::from_serialize(model)
        .map_err(|e| ReportError::Data(format!("report model: {}", describe(&e))))?;
    let render = |name: &str| {
        tera.render(name, &context)
            .map_err(|e| ReportError::Data(format!("rendering {name}: {}", describe(&e))))
    };
    Ok(Rendered {
        markdown: render(names[0].0)?,
        html: finish_html(&render(names[1].0)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_filters_format_and_show_missing_values() {
        let tera = tera(None, [("a.md", "{{ x }}"), ("a.html", "{{ x }}")]).unwrap();
        let mut context = Context::new();
        context.insert("x", &-0.0230456);
        context.insert("none", &Option::<f64>::None);
        let out = tera
            .render_str(
                "{{ x | signed }} {{ x | fixed(digits=2) }} {{ x | percent(signed=true) }} {{ x | sci }} {{ none | signed }}",
                &context,
                false,
            )
            .unwrap();
        assert_eq!(out, "-0.0230 -0.02 -2.30% -0.0230 –");
        context.insert("n", &1);
        context.insert("m", &10_000_000);
        context.insert("e", &0.0);
        let out = tera
            .render_str(
                "{{ n | count(one=\"thread\") }}, {{ m | count }}, {{ x | fixed }}{{ e | pm }}{{ x | pm(digits=2) }}",
                &context,
                false,
            )
            .unwrap();
        assert_eq!(out, "1 thread, 10,000,000, -0.0230 ± 0.02");
    }
}
