//! `gpu-sizer versus`: the page's head-to-head table in a terminal, each side the same answer
//! `estimate` gives with that GPU or offer pinned.

use std::process::Command;

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gpu-sizer"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("gpu-sizer runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The expected cost of `estimate`'s pick for `file` with `pin` (`gpu` or `offer`) set to `id`.
fn pinned_cost(file: &str, pin: &str, id: &str) -> f64 {
    let mut form: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(format!("../../{file}")).unwrap()).unwrap();
    form[pin] = id.into();
    let dir =
        std::env::temp_dir().join(format!("gpu-sizer-versus-{}-{id}.json", std::process::id()));
    std::fs::write(&dir, form.to_string()).unwrap();
    let (ok, out, err) = run(&["estimate", dir.to_str().unwrap(), "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["pick"]["candidate"]["cost"]["expected"].as_f64().unwrap()
}

/// The cells of the row named `name`, split on two or more spaces.
fn row<'a>(text: &'a str, name: &str) -> Vec<&'a str> {
    let line = text
        .lines()
        .find(|l| l.starts_with(name))
        .unwrap_or_else(|| panic!("{name}: {text}"));
    line[name.len()..]
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect()
}

#[test]
fn two_gpus_and_an_offer_side_by_side_with_every_row() {
    let file = "docs/examples/lora-mistral-7b.json";
    let (ok, text, err) = run(&[
        "versus",
        file,
        "--gpu",
        "a100-80gb-sxm",
        "--gpu",
        "h100-sxm",
        "--offer",
        "aws-us-east-1-p5.48xlarge",
    ]);
    assert!(ok, "{err}");
    let head = text.lines().next().unwrap();
    for title in [
        "NVIDIA A100 SXM4 80GB",
        "NVIDIA H100 SXM5 80GB",
        "p5.48xlarge · us-east-1",
    ] {
        assert!(head.contains(title), "{text}");
    }
    let names = [
        "Hardware",
        "Memory per GPU (free)",
        "Time",
        "Total cost",
        "Cost per million tokens",
        "Limited by",
    ];
    let at: Vec<usize> = names
        .iter()
        .map(|n| {
            text.lines()
                .position(|l| l.starts_with(n))
                .unwrap_or_else(|| panic!("{n}: {text}"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{text}");
    // Memory and headroom, and a time band, for each side.
    assert_eq!(row(&text, "Memory per GPU (free)").len(), 3, "{text}");
    assert!(row(&text, "Memory per GPU (free)")
        .iter()
        .all(|c| c.contains("GiB") && c.ends_with("%)")));
    assert!(row(&text, "Time").iter().all(|c| c.contains('–')), "{text}");
    // A training job has no cost per million tokens; something limits each side.
    assert_eq!(row(&text, "Cost per million tokens"), ["—", "—", "—"]);
    assert!(row(&text, "Limited by").iter().all(|c| [
        "compute",
        "memory bandwidth",
        "interconnect",
        "storage"
    ]
    .contains(c)));
    // Each side's cost is estimate's with that GPU or offer pinned.
    let costs: Vec<String> = row(&text, "Total cost")
        .iter()
        .map(|c| c.to_string())
        .collect();
    for (cell, (pin, id)) in costs.iter().zip([
        ("gpu", "a100-80gb-sxm"),
        ("gpu", "h100-sxm"),
        ("offer", "aws-us-east-1-p5.48xlarge"),
    ]) {
        let want = format!("${:.2}", pinned_cost(file, pin, id));
        assert!(cell.starts_with(&want), "{id}: {cell} vs {want}");
    }
}

#[test]
fn serving_has_a_cost_per_million_tokens_and_a_link_brings_its_own_list() {
    let (ok, text, err) = run(&[
        "versus",
        "docs/examples/serve-llama-3.1-8b.json",
        "--gpu",
        "a100-80gb-sxm",
        "--gpu",
        "h100-sxm",
    ]);
    assert!(ok, "{err}");
    assert!(
        row(&text, "Cost per million tokens")
            .iter()
            .all(|c| c.starts_with('$')),
        "{text}"
    );
    let (ok, text, err) = run(&[
        "versus",
        "?v=1&w=train&vs=a100-80gb-sxm,h100-sxm,nope&view=versus",
    ]);
    assert!(ok, "{err}");
    assert!(
        text.contains("nope: no GPU or offer with id 'nope'"),
        "{text}"
    );
    assert!(
        row(&text, "Hardware").contains(&"Not in the catalog"),
        "{text}"
    );
}

#[test]
fn too_few_or_too_many_and_bad_arguments_are_refused() {
    let file = "docs/examples/lora-mistral-7b.json";
    let (ok, _, err) = run(&["versus", file, "--gpu", "h100-sxm"]);
    assert!(!ok && err.contains("2 to 4"), "{err}");
    let five = [
        "versus", file, "--gpu", "a", "--gpu", "b", "--gpu", "c", "--gpu", "d", "--gpu", "e",
    ];
    let (ok, _, err) = run(&five);
    assert!(!ok && err.contains("5 given"), "{err}");
    let (ok, _, err) = run(&["versus", file, "--gpu"]);
    assert!(!ok && err.contains("--gpu needs an id"), "{err}");
    let (ok, _, err) = run(&[
        "versus",
        "docs/examples/projects/assistant.json",
        "--gpu",
        "a",
        "--gpu",
        "b",
    ]);
    assert!(!ok && err.contains("project file"), "{err}");
}

/// With MIG slices considered, a slice is a side of its own by its GPU's or its offer's id, and
/// costs what `estimate` gives with it pinned.
#[test]
fn a_mig_slice_is_a_side_by_its_gpu_or_offer_id() {
    let file = "docs/examples/dev-mig-slice.json";
    let (gpu, offer) = (
        "a100-80gb-sxm@1g.10gb",
        "vast-global-1x-a100-80gb-sxm@1g.10gb",
    );
    let (ok, text, err) = run(&[
        "versus",
        file,
        "--gpu",
        gpu,
        "--offer",
        offer,
        "--gpu",
        "a100-80gb-sxm",
    ]);
    assert!(ok, "{err}");
    assert!(!text.contains("no GPU or offer"), "{text}");
    assert!(
        text.lines()
            .next()
            .unwrap()
            .contains("NVIDIA A100 SXM4 80GB · MIG"),
        "{text}"
    );
    let costs = row(&text, "Total cost");
    assert_eq!(costs.len(), 3, "{text}");
    for (cell, (pin, id)) in costs.iter().zip([("gpu", gpu), ("offer", offer)]) {
        let want = format!("${:.2}", pinned_cost(file, pin, id));
        assert!(cell.starts_with(&want), "{id}: {cell} vs {want}");
    }
}
