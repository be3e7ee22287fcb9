use super::*;
use crate::scenario::{ModelSpec, Recompute};
use crate::units::GIB;

fn model(id: &str) -> Model {
    Model::resolve(&ModelSpec::Preset(id.into())).unwrap()
}

fn total(m: &Model, t: &Train, gpus: u32) -> f64 {
    train_memory(m, t, gpus).unwrap().total_gib
}

#[test]
fn mixed_precision_adam_is_sixteen_bytes_per_param() {
    let m = model("llama-2-7b");
    let e = train_memory(&m, &Train::default(), 1).unwrap();
    let states: f64 = ["weights", "master_weights", "gradients", "optimizer"]
        .iter()
        .map(|k| e.term(k).unwrap().value)
        .sum();
    assert!((states - 6.74e9 * 16.0 / GIB).abs() < 1e-6);
}

#[test]
fn zero_stages_shard_progressively() {
    let m = model("llama-2-7b");
    let mut t = Train::default();
    let mut last = f64::INFINITY;
    for z in [
        ZeroStage::Zero0,
        ZeroStage::Zero1,
        ZeroStage::Zero2,
        ZeroStage::Zero3,
    ] {
        t.parallel.zero = z;
        let v = total(&m, &t, 8);
        assert!(v < last, "{z:?}: {v} !< {last}");
        last = v;
    }
}

#[test]
fn recompute_shrinks_activations() {
    let m = model("llama-3.1-8b");
    let mut t = Train::default();
    let mut last = f64::INFINITY;
    for r in [Recompute::None, Recompute::Selective, Recompute::Full] {
        t.shape.recompute = r;
        t.shape.flash_attention = false;
        let a = train_memory(&m, &t, 1)
            .unwrap()
            .term("activations")
            .unwrap()
            .value;
        assert!(a < last);
        last = a;
    }
}

#[test]
fn lora_adapters_are_gqa_sized() {
    // Llama 3.1 8B, rank 8 on all seven modules: per layer 8 × (8192 + 5120 + 5120 + 8192 +
    // 3 × 18432) = 655 360; × 32 layers = 20.97 M.
    let m = model("llama-3.1-8b");
    let p = lora_adapter_params(&m, 8, &LoraTargets::ALL).unwrap();
    assert_eq!(p, 32.0 * 655_360.0);
}

#[test]
fn qlora_weights_are_about_a_third_of_bf16() {
    let m = model("llama-3.1-70b");
    let mut l = Lora::default();
    let bf16 = lora_memory(&m, &l, 1)
        .unwrap()
        .term("weights")
        .unwrap()
        .value;
    l.qlora = true;
    let q = lora_memory(&m, &l, 1).unwrap();
    let nf4 = q.term("weights").unwrap().value + q.term("quantization_constants").unwrap().value;
    assert!(nf4 / bf16 > 0.25 && nf4 / bf16 < 0.32, "{}", nf4 / bf16);
}

#[test]
fn uneven_split_is_an_error_naming_gpus() {
    let mut t = Train::default();
    t.parallel.tensor = 4;
    let e = train_memory(&model("llama-2-7b"), &t, 6).unwrap_err();
    assert_eq!(e.field, "gpus");
}
