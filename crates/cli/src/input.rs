//! Where a scenario comes from: a JSON file, standard input, or a share link.

use gpu_sizer_formats::link::{self, Ignored};
use gpu_sizer_formats::project::link as plan_link;
use gpu_sizer_formats::Form;
use std::io::Read;

/// A form read from the command line's argument.
pub struct Input {
    pub form: Form,
    /// Parts of a share link that were left out.
    pub ignored: Vec<Ignored>,
    /// How to name the input in messages.
    pub label: String,
    /// A project plan file (phases) instead of one scenario.
    pub project: Option<gpu_sizer_formats::project::Project>,
}

/// A share link rather than a file name: a URL, a `?query`, or anything with `v=1`.
pub fn looks_like_link(text: &str) -> bool {
    let text = text.trim();
    text.starts_with("http://")
        || text.starts_with("https://")
        || text.starts_with('?')
        || text.contains("v=1")
}

/// Reads `arg`: `-` for standard input, an existing file, or a share link.
pub fn read(arg: &str) -> Result<Input, String> {
    if arg == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        return parse(&text, "standard input");
    }
    let path = std::path::Path::new(arg);
    if !path.is_file() && looks_like_link(arg) {
        return Ok(from_link(arg));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {arg}: {e}"))?;
    parse(&text, arg)
}

/// JSON (an object), or else a share link.
fn parse(text: &str, label: &str) -> Result<Input, String> {
    if !text.trim_start().starts_with('{') && looks_like_link(text) {
        let mut input = from_link(text);
        input.label = label.to_string();
        return Ok(input);
    }
    if gpu_sizer_formats::project::Project::looks_like(text) {
        let project = gpu_sizer_formats::project::Project::from_json(text)
            .map_err(|e| format!("{label}: field '{}': {}", e.field, e.message))?;
        return Ok(Input {
            form: Form::default(),
            ignored: Vec::new(),
            label: label.to_string(),
            project: Some(project),
        });
    }
    let form = Form::from_json(text).map_err(|e| {
        if e.field == "json" {
            format!("{label}: {}", e.message)
        } else {
            format!("{label}: field '{}': {}", e.field, e.message)
        }
    })?;
    Ok(Input {
        form,
        ignored: Vec::new(),
        label: label.to_string(),
        project: None,
    })
}

/// A share link's scenario; a plan link (`pl=`, `docs/project.md`) is read as its project.
fn from_link(text: &str) -> Input {
    let decoded = link::decode(text);
    let plan = text
        .split(['?', '&', '#'])
        .find_map(|part| {
            part.trim()
                .strip_prefix(plan_link::PARAM)?
                .strip_prefix('=')
        })
        .and_then(|value| plan_link::decode(value).ok());
    let mut ignored = decoded.ignored;
    if plan.is_some() {
        ignored.retain(|i| i.key != plan_link::PARAM);
    }
    Input {
        form: decoded.form,
        ignored,
        label: "the share link".into(),
        project: plan.map(|p| p.project),
    }
}

/// The catalog a form runs on when it is not the built-in one: with the person's own machine
/// and MIG slices when the form asks for them (`None`: the built-in catalog as it is).
pub fn catalog_for(
    form: &gpu_sizer_formats::Form,
    today: Option<i64>,
) -> Option<gpu_sizer_engine::Catalog> {
    use gpu_sizer_engine::catalog::mig;
    let builtin = gpu_sizer_engine::Catalog::builtin();
    let own = gpu_sizer_formats::own_machine::catalog(builtin, form, today);
    if !form.mig_slices {
        return own;
    }
    Some(mig::with_slices(
        own.as_ref().unwrap_or(builtin),
        form.mig_price_factor,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_recognised() {
        assert!(looks_like_link("https://example.org/?w=serve"));
        assert!(looks_like_link("?w=serve"));
        assert!(looks_like_link("v=1&w=serve"));
        assert!(!looks_like_link("docs/examples/serve.json"));
        assert!(!looks_like_link("scenario.json"));
    }

    #[test]
    fn a_plan_link_is_read_as_its_project() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../formats/tests/data/plans-v1.txt"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let value = text
            .lines()
            .find(|l| l.starts_with("1."))
            .and_then(|l| l.split("  =>  ").next())
            .unwrap();
        let input = read(&format!(
            "https://example.org/?v=1&w=serve&view=plan&pl={value}"
        ))
        .unwrap();
        let project = input.project.expect("a project");
        assert_eq!(project.phases.len(), 3);
        assert!(input.ignored.iter().all(|i| i.key != "pl"));
        // One cut short is reported, and the scenario is read on its own.
        let cut = read(&format!("?v=1&w=serve&pl={}", &value[..value.len() - 5])).unwrap();
        assert!(cut.project.is_none());
        assert!(cut.ignored.iter().any(|i| i.key == "pl"));
    }

    #[test]
    fn stdin_text_may_be_a_link_or_json() {
        let input = parse("v=1&w=dev&zz=1\n", "stdin").unwrap();
        assert_eq!(input.form.workload.key(), "dev");
        assert_eq!(input.ignored.len(), 1);
        let input = parse("{\"workload\": \"render\"}", "stdin").unwrap();
        assert_eq!(input.form.workload.key(), "render");
        let err = parse("{\"workloda\": \"render\"}", "f.json").err().unwrap();
        assert!(err.contains("field 'workloda'"), "{err}");
        assert!(err.contains("did you mean 'workload'"), "{err}");
    }
}
