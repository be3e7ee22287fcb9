//! A project plan in a link (`view=plan&pl=…`), so a plan opens in another browser as it was.
//! The value is `1.` (its version) then base64url of a small JSON object: `n`, the plan's name,
//! and `p`, the phases as `[name, months, runs, scenario]`, the scenario written as a share link's
//! query (`crate::link::encode`: only what differs from the default form).
//!
//! Read from strangers: never panics, refuses a value over [`MAX_VALUE_CHARS`], reads at most
//! [`MAX_PHASES`] phases, and each scenario through the share-link decoder, whose left-out parts
//! are counted. `docs/project.md` documents it; `tests/data/plans-v1.txt` must keep decoding.

use super::{PlanPhase, Project, VERSION as FILE_VERSION};
use crate::base64url::{base64url, unbase64url};
use crate::link;
use crate::shared_prices::Refused;
use serde::{Deserialize, Serialize};

/// The link parameter that carries a plan.
pub const PARAM: &str = "pl";

/// The version the value is written in.
pub const VERSION: u32 = 1;

/// The longest value read, in characters (the page's links are held to 8,000 in all).
pub const MAX_VALUE_CHARS: usize = crate::shared_prices::MAX_LINK_CHARS;

/// The most phases a link carries; more are left out.
pub const MAX_PHASES: usize = 50;

#[derive(Debug, Default, Serialize, Deserialize)]
struct Wire {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    n: String,
    p: Vec<(String, f64, f64, String)>,
}

/// A plan read from a link, and how many of its parts were left out (phases over the limit,
/// parts of a phase's scenario the share-link decoder could not use).
#[derive(Debug, Clone, PartialEq)]
pub struct Linked {
    pub project: Project,
    pub ignored: usize,
}

/// The parameter's value for `project`.
pub fn encode(project: &Project) -> String {
    let wire = Wire {
        n: project.name.clone(),
        p: project
            .phases
            .iter()
            .map(|p| (p.name.clone(), p.months, p.runs, link::encode(&p.form)))
            .collect(),
    };
    let json = serde_json::to_string(&wire).unwrap_or_default();
    format!("{VERSION}.{}", base64url(json.as_bytes()))
}

/// Reads the parameter's value.
pub fn decode(value: &str) -> Result<Linked, Refused> {
    let value = value.trim();
    let length = value.chars().count();
    if length > MAX_VALUE_CHARS {
        return Err(Refused::TooLong(length));
    }
    let body = value.strip_prefix("1.").ok_or(Refused::UnknownVersion)?;
    let bytes = unbase64url(body).ok_or(Refused::Unreadable)?;
    // Read as text, like every other JSON the page reads: one reader of each type in the wasm.
    let text = String::from_utf8(bytes).map_err(|_| Refused::Unreadable)?;
    let wire: Wire = serde_json::from_str(&text).map_err(|_| Refused::Unreadable)?;
    let mut ignored = wire.p.len().saturating_sub(MAX_PHASES);
    let phases = wire
        .p
        .into_iter()
        .take(MAX_PHASES)
        .map(|(name, months, runs, query)| {
            let decoded = link::decode(&query);
            ignored += decoded.ignored.len();
            PlanPhase {
                name,
                months,
                runs,
                form: decoded.form,
            }
        })
        .collect();
    Ok(Linked {
        project: Project {
            version: FILE_VERSION,
            name: wire.n,
            phases,
        },
        ignored,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::project::tests::THREE;

    #[test]
    fn a_plan_round_trips_through_its_link() {
        let p = Project::from_json(THREE).unwrap();
        let value = encode(&p);
        assert!(value.len() < 600, "{}", value.len());
        let back = decode(&value).unwrap();
        assert_eq!((back.project, back.ignored), (p, 0));
    }

    #[test]
    fn hostile_values_are_refused_or_counted() {
        assert_eq!(decode("2.abc"), Err(Refused::UnknownVersion));
        assert_eq!(decode("1.!!"), Err(Refused::Unreadable));
        let long = "1.".to_string() + &"A".repeat(MAX_VALUE_CHARS);
        assert!(matches!(decode(&long), Err(Refused::TooLong(_))));
        let json = r#"{"p":[["a",1,1,"v=1&w=trian&zz=1"]]}"#;
        let got = decode(&format!("1.{}", base64url(json.as_bytes()))).unwrap();
        assert_eq!(got.ignored, 2);
        assert_eq!(got.project.phases.len(), 1);
        let many = format!(
            r#"{{"p":[{}]}}"#,
            vec![r#"["a",1,1,""]"#; MAX_PHASES + 3].join(",")
        );
        let got = decode(&format!("1.{}", base64url(many.as_bytes()))).unwrap();
        assert_eq!((got.project.phases.len(), got.ignored), (MAX_PHASES, 3));
    }

    /// Values written by pages of version 1 keep decoding to the same plans: never edit a line.
    #[test]
    fn v1_fixtures_keep_decoding() {
        let pairs = crate::fixtures::pairs("plans-v1.txt");
        for (value, want) in &pairs {
            let want = Project::from_json(want).expect("plan JSON");
            let got = decode(value).expect(value);
            assert_eq!((got.project, got.ignored), (want, 0), "{value}");
        }
        let count = pairs.len();
        assert!(count >= 1);
    }
}
