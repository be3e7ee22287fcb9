use gpu_sizer_engine::catalog::Catalog;
use gpu_sizer_engine::plan::{evaluate, Report, Request};
use gpu_sizer_formats::Form;
use gpu_sizer_ops::launch::{recipe, recipes, Format, Target};
use serde_yaml::Value;

fn scenario(name: &str) -> Request {
    let path = format!("{}/../../docs/examples/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    Form::from_json(&text).unwrap().to_request(None).unwrap()
}

const EXAMPLES: [&str; 7] = [
    "classic-resnet-50.json",
    "dev-box.json",
    "lora-mistral-7b.json",
    "qlora-llama-3.1-70b.json",
    "render-frames.json",
    "serve-llama-3.1-8b.json",
    "train-llama-3.2-1b.json",
];

fn report(request: &Request) -> Report<'static> {
    evaluate(Catalog::builtin(), request).unwrap()
}

/// The task parses as YAML and names the pick's accelerator and count, its cloud, spot or not,
/// and an autostop.
#[test]
fn every_example_picks_a_skypilot_task_that_parses() {
    for name in EXAMPLES {
        let request = scenario(name);
        let report = report(&request);
        let pick = report.pick().unwrap_or_else(|| panic!("{name}: no pick"));
        let target = Target::of(pick, &request);
        let task = recipe(&target, Format::SkyPilot).text;
        let yaml: Value =
            serde_yaml::from_str(&task).unwrap_or_else(|e| panic!("{name}: {e}\n{task}"));
        let res = &yaml["resources"];
        let acc = res["accelerators"].as_str().unwrap();
        assert!(
            acc.ends_with(&format!(":{}", pick.offer.gpu_count)) || pick.gpu.id.starts_with("tpu-"),
            "{name}: {acc}"
        );
        assert_eq!(
            res["use_spot"].as_bool(),
            Some(pick.mode == gpu_sizer_engine::catalog::BillingMode::Spot)
        );
        assert!(
            res["autostop"]["idle_minutes"].as_u64().unwrap() >= 1,
            "{name}"
        );
        assert!(res["disk_size"].as_u64().unwrap() >= 100);
        if let Some(infra) = res["infra"].as_str() {
            assert!(
                infra.starts_with(match pick.provider.id.as_str() {
                    "gcp" => "gcp",
                    other => other,
                }),
                "{name}: {infra}"
            );
        } else {
            assert!(task.contains("SkyPilot does not provision on"), "{name}");
        }
        assert!(
            task.contains("# Assumes:") && task.contains("sky launch -c"),
            "{name}"
        );
    }
}

/// A command for the best candidate of each provider with a CLI, across the examples.
#[test]
fn provider_commands_carry_their_spot_and_stop_flags() {
    let tools = [
        (
            Format::Aws,
            "aws ec2 run-instances",
            "--instance-initiated-shutdown-behavior",
        ),
        (
            Format::Gcloud,
            "gcloud compute instances create",
            "--provisioning-model=",
        ),
        (Format::Az, "az vm create", "az vm auto-shutdown"),
        (Format::Aliyun, "aliyun ecs RunInstances", "--SpotStrategy"),
        (
            Format::Tccli,
            "tccli cvm RunInstances",
            "--InstanceChargeType",
        ),
    ];
    for (format, command, flag) in tools {
        let provider = format.provider().unwrap();
        let mut found = false;
        for name in EXAMPLES {
            let request = scenario(name);
            let report = report(&request);
            let Some(c) = report
                .ranked
                .iter()
                .find(|c| c.provider.id == provider && !c.gpu.id.starts_with("tpu-"))
            else {
                continue;
            };
            let text = recipe(&Target::of(c, &request), format).text;
            assert!(
                text.contains(command) && text.contains(flag),
                "{name} {provider}:\n{text}"
            );
            assert!(text.contains("# Assumes:"), "{text}");
            assert!(
                text.contains(&c.offer.instance_type.split('+').next().unwrap().to_string()),
                "{text}"
            );
            if c.mode == gpu_sizer_engine::catalog::BillingMode::Spot {
                assert!(text.to_lowercase().contains("spot"), "{text}");
            }
            found = true;
            break;
        }
        assert!(found, "no example ranks a candidate on {provider}");
    }
}

#[test]
fn another_providers_format_says_so_and_the_watchdog_stops_on_idle() {
    let request = scenario("dev-box.json");
    let report = report(&request);
    let pick = report.pick().unwrap();
    let target = Target::of(pick, &request);
    let other = if pick.provider.id == "aws" {
        Format::Gcloud
    } else {
        Format::Aws
    };
    assert!(recipe(&target, other)
        .text
        .contains("Use its own recipe instead"));
    let [sky, native, watchdog] = recipes(&target);
    assert_eq!(sky.format, Format::SkyPilot);
    assert_eq!(native.format, Format::native(&pick.provider.id));
    assert!(watchdog
        .text
        .contains("nvidia-smi --query-gpu=utilization.gpu"));
    assert!(watchdog
        .text
        .contains(&format!("IDLE_MIN={}", target.idle_min)));
    assert!(watchdog
        .text
        .contains("systemctl enable --now gpu-idle-stop.timer"));
    assert_eq!(watchdog.file_name, "gpu-idle-stop-install.sh");
}

#[test]
fn the_scenarios_auto_stop_sets_the_idle_minutes() {
    let mut request = scenario("lora-mistral-7b.json");
    request.costs.auto_stop_h = Some(0.25);
    let report = report(&request);
    let target = Target::of(report.pick().unwrap(), &request);
    assert_eq!(target.idle_min, 15);
    assert!(recipe(&target, Format::SkyPilot)
        .text
        .contains("idle_minutes: 15"));
    request.costs.auto_stop_h = None;
    assert_eq!(Target::of(report.pick().unwrap(), &request).idle_min, 5);
}

/// A user's own offer with a hostile name stays one quoted word in YAML and the shell.
#[test]
fn strange_names_stay_quoted() {
    let request = scenario("dev-box.json");
    let report = report(&request);
    let pick = report.pick().unwrap();
    let mut offer = pick.offer.clone();
    offer.instance_type = "x'; rm -rf / #\nname: evil".into();
    let offer: &'static _ = Box::leak(Box::new(offer));
    let mut target = Target::of(pick, &request);
    target.offer = offer;
    let task = recipe(&target, Format::SkyPilot).text;
    let yaml: Value = serde_yaml::from_str(&task).unwrap();
    assert_eq!(yaml["name"].as_str(), Some(target.name.as_str()));
    let native = recipe(&target, Format::native(&pick.provider.id)).text;
    // Single-quoted, the name is one word however many lines it spans.
    assert!(
        native.contains("'x'\\''; rm -rf / #\nname: evil'"),
        "{native}"
    );
}
