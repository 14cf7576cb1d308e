//! Rendering a report model with Tera 2: a family's or study's embedded
//! templates, which a folder of the user's own (`<name>.tera`, e.g.
//! `report.md.tera`) may replace file by file, and number filters for them.

use std::path::Path;

use tera::{Context, Kwargs, State, Tera, TeraResult, Value};

use super::error::ReportError;
use super::html::finish_html;
use crate::input::{MAX_INPUT_FILE_BYTES, read_text_capped};

/// The two rendered reports.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendered {
    /// `report.md`.
    pub markdown: String,
    /// `report.html`: one self-contained file (inline CSS and SVG).
    pub html: String,
}

/// Formats a number with `digits` decimals (`fixed`), with a sign
/// (`signed`), times 100 with a `%` (`percent`), or in scientific notation
/// with `digits` decimals (`sci`); a missing value shows as `–`.
fn number(value: &Value, kwargs: &Kwargs, style: &str) -> TeraResult<String> {
    let default_digits = match style {
        "percent" | "sci" => 2,
        _ => 4,
    };
    let digits = kwargs.get::<usize>("digits")?.unwrap_or(default_digits);
    let Some(x) = value.as_f64() else {
        return Ok("–".to_string());
    };
    Ok(match style {
        "signed" => format!("{x:+.digits$}"),
        "percent" if kwargs.get::<bool>("signed")?.unwrap_or(false) => {
            format!("{:+.digits$}%", x * 100.0)
        }
        "percent" => format!("{:.digits$}%", x * 100.0),
        "sci" => format!("{x:.digits$e}"),
        _ => format!("{x:.digits$}"),
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
/// The templates have the filters `fixed`, `signed`, `percent` and `sci`
/// (each with `digits=N`; `percent(signed=true)`); a missing value shows
/// as `–`. The HTML gets [`finish_html`]'s pass: tables scroll, code
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
        assert_eq!(out, "-0.0230 -0.02 -2.30% -2.30e-2 –");
    }
}
