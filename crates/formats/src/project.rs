//! A project plan file: phases (development, a fine-tune, serving…), each a scenario form with
//! how long the phase lasts and how often its job runs. Versioned like saved scenarios; read
//! with every error naming the phase and field.

use crate::Form;
use gpu_sizer_engine::plan::phases::ProjectPhase;
use gpu_sizer_engine::scenario::InputError;
use serde::{Deserialize, Serialize};

pub mod link;

/// The version project files are written in.
pub const VERSION: u32 = 1;

/// One phase as the file holds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanPhase {
    pub name: String,
    /// How long the phase lasts, in months.
    pub months: f64,
    /// Times its job runs in the phase (a week of development each time, one fine-tune…); a
    /// service is priced by the month and ignores it.
    #[serde(default = "one")]
    pub runs: f64,
    /// The phase's scenario, as `docs/scenario.md` describes it.
    pub form: Form,
}

fn one() -> f64 {
    1.0
}

/// A project plan file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Project {
    pub version: u32,
    #[serde(default)]
    pub name: String,
    pub phases: Vec<PlanPhase>,
}

impl Project {
    /// Whether `text` is a project file rather than a scenario (it has `phases`).
    pub fn looks_like(text: &str) -> bool {
        serde_json::from_str::<serde_json::Value>(text)
            .is_ok_and(|v| v.get("phases").is_some_and(|p| p.is_array()))
    }

    /// Reads a project file. Each phase's form is read as a scenario file is (missing fields
    /// take their defaults, a misspelt one is named), the error prefixed with the phase.
    pub fn from_json(text: &str) -> Result<Project, InputError> {
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| InputError::new("json", format!("not valid JSON: {e}")))?;
        let version = value
            .get("version")
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(0);
        if version == 0 || version > u64::from(VERSION) {
            return Err(InputError::new("version", format!("expected {VERSION}")));
        }
        let Some(list) = value.get("phases").and_then(|p| p.as_array()) else {
            return Err(InputError::new("phases", "expected a list of phases"));
        };
        let mut phases = Vec::with_capacity(list.len());
        for (i, p) in list.iter().enumerate() {
            let at = |field: &str| format!("phases[{i}].{field}");
            let number = |key: &str, default: Option<f64>| match p.get(key) {
                None => default.ok_or_else(|| InputError::new(at(key), "missing")),
                Some(v) => v
                    .as_f64()
                    .ok_or_else(|| InputError::new(at(key), "expected a number")),
            };
            let form_text = p
                .get("form")
                .map(|f| f.to_string())
                .unwrap_or_else(|| "{}".into());
            let form = Form::from_json(&form_text)
                .map_err(|e| InputError::new(at(&format!("form.{}", e.field)), e.message))?;
            phases.push(PlanPhase {
                name: p
                    .get("name")
                    .and_then(|n| n.as_str())
                    .map_or_else(|| format!("phase {}", i + 1), str::to_string),
                months: number("months", None)?,
                runs: number("runs", Some(1.0))?,
                form,
            });
        }
        Ok(Project {
            version: VERSION,
            name: value
                .get("name")
                .and_then(|n| n.as_str())
                .unwrap_or_default()
                .to_string(),
            phases,
        })
    }

    /// The engine's phases, each form checked into a request (errors name the phase).
    pub fn to_phases(&self, today: Option<i64>) -> Result<Vec<ProjectPhase>, InputError> {
        self.phases
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let request = p.form.to_request(today).map_err(|e| {
                    InputError::new(format!("phases[{i}].form.{}", e.field), e.message)
                })?;
                Ok(ProjectPhase {
                    name: p.name.clone(),
                    request,
                    months: p.months,
                    runs: p.runs,
                })
            })
            .collect()
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) const THREE: &str = r#"{"version": 1, "name": "assistant", "phases": [
        {"name": "develop", "months": 3, "runs": 13, "form": {"workload": "dev", "dev_hours": 40}},
        {"name": "fine-tune", "months": 1, "form": {"workload": "lora", "tokens": 2e8}},
        {"name": "serve", "months": 6, "form": {"workload": "serve", "requests_per_s": 2}}
    ]}"#;

    #[test]
    fn a_project_file_reads_and_writes_back() {
        assert!(Project::looks_like(THREE));
        assert!(!Project::looks_like(r#"{"workload": "serve"}"#));
        let p = Project::from_json(THREE).unwrap();
        assert_eq!(p.phases.len(), 3);
        assert_eq!((p.phases[0].months, p.phases[0].runs), (3.0, 13.0));
        assert_eq!(p.phases[1].runs, 1.0);
        assert_eq!(p.phases[2].form.requests_per_s, Some(2.0));
        assert_eq!(Project::from_json(&p.to_json()).unwrap(), p);
        assert_eq!(p.to_phases(None).unwrap().len(), 3);
    }

    #[test]
    fn a_bad_phase_is_named() {
        let bad = THREE.replace(r#""tokens": 2e8"#, r#""tokenz": 2e8"#);
        assert_eq!(
            Project::from_json(&bad).unwrap_err().field,
            "phases[1].form.tokenz"
        );
        let bad = THREE.replace(r#""months": 6, "#, "");
        assert_eq!(
            Project::from_json(&bad).unwrap_err().field,
            "phases[2].months"
        );
        let bad = THREE.replace(r#""version": 1"#, r#""version": 9"#);
        assert_eq!(Project::from_json(&bad).unwrap_err().field, "version");
    }
}
