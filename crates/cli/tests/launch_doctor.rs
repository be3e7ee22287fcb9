//! `launch` on every example (a SkyPilot task that parses; each provider's command) and
//! `doctor` on real nvidia-smi output and on garbage.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn examples() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("docs/examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    gpu_sizer_engine::sort::by(&mut files, Ord::cmp);
    files
}

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gpu-sizer"))
        .args(args)
        .output()
        .expect("gpu-sizer runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn launch_prints_a_skypilot_task_for_every_example() {
    for file in examples() {
        let path = file.to_str().unwrap();
        let (ok, out, err) = run(&["launch", path, "--format", "skypilot"]);
        assert!(ok, "{path}: {err}");
        let yaml: serde_yaml::Value =
            serde_yaml::from_str(&out).unwrap_or_else(|e| panic!("{path}: {e}\n{out}"));
        let res = &yaml["resources"];
        let acc = res["accelerators"]
            .as_str()
            .unwrap_or_else(|| panic!("{path}: {out}"));
        let (name, count) = acc.split_once(':').unwrap();
        assert!(
            !name.is_empty() && count.parse::<u32>().unwrap() >= 1,
            "{path}: {acc}"
        );
        assert!(res["autostop"]["idle_minutes"].as_u64().is_some(), "{path}");
        assert!(res["use_spot"].as_bool().is_some(), "{path}");
        // The cloud: SkyPilot's infra, or a comment saying SkyPilot cannot provision there.
        assert!(
            res["infra"].as_str().is_some() || out.contains("SkyPilot does not provision on"),
            "{path}"
        );
        // The pick's accelerator and count are the ones the estimate names.
        let (_, estimate, _) = run(&["estimate", path, "--json"]);
        let view: serde_json::Value = serde_json::from_str(&estimate).unwrap();
        let pick = &view["top"][0];
        assert_eq!(
            count,
            pick["gpus_per_instance"].as_u64().unwrap().to_string(),
            "{path}"
        );
        if let Some(infra) = res["infra"].as_str() {
            let provider = pick["provider"].as_str().unwrap();
            assert!(
                infra.starts_with(provider),
                "{path}: {infra} for {provider}"
            );
        }
    }
}

#[test]
fn launch_prints_each_providers_command_for_its_best_candidate() {
    for (format, command) in [
        ("aws", "aws ec2 run-instances"),
        ("gcloud", "gcloud compute instances create"),
        ("az", "az vm create"),
        ("aliyun", "aliyun ecs RunInstances"),
    ] {
        let printed = examples().iter().any(|file| {
            let (ok, out, _) = run(&["launch", file.to_str().unwrap(), "--format", format]);
            ok && out.contains(command) && out.contains("# Assumes:")
        });
        assert!(printed, "no example gives a {format} command");
    }
    let dev = root().join("docs/examples/dev-box.json");
    let (ok, _, err) = run(&["launch", dev.to_str().unwrap(), "--candidate", "999"]);
    assert!(!ok && err.contains("candidates"), "{err}");
    let (ok, _, err) = run(&["launch", dev.to_str().unwrap(), "--format", "nope"]);
    assert!(!ok && err.contains("--format"), "{err}");
}

#[test]
fn doctor_reads_real_output_and_names_the_line_of_a_bad_paste() {
    let data = root().join("crates/ops/tests/data/doctor");
    let idle = data.join("smi-550-a40x10-idle.txt");
    let (ok, out, err) = run(&[
        "doctor",
        idle.to_str().unwrap(),
        "--price",
        "10",
        "--gpus",
        "10",
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("ran no kernel") && out.contains("$240.00 a day"),
        "{out}"
    );
    for entry in std::fs::read_dir(&data).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let (ok, out, err) = run(&["doctor", path.to_str().unwrap()]);
            assert!(ok && out.contains("What it means"), "{path:?}: {err}");
        }
    }
    let garbage = std::env::temp_dir().join("gpu-sizer-doctor-garbage.txt");
    std::fs::write(&garbage, "hello\nworld\n").unwrap();
    let (ok, _, err) = run(&["doctor", garbage.to_str().unwrap()]);
    assert!(!ok && err.contains("Line 1"), "{err}");
}
