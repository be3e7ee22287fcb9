use super::*;
use crate::catalog::Catalog;
use crate::scenario::{ModelSpec, Train, ZeroStage};

fn model(id: &str) -> Model {
    Model::resolve(&ModelSpec::Preset(id.into())).unwrap()
}

fn gpu(id: &str) -> &'static Gpu {
    Catalog::builtin().gpu(id).unwrap()
}

#[test]
fn seventy_b_serving_needs_tensor_parallelism_on_80_gb() {
    let w = Workload::Serve(Serve::default());
    let s = min_gpus(&model("llama-3.1-70b"), &w, gpu("a100-80gb-sxm"), 8).unwrap();
    assert!(s.found);
    assert_eq!(s.fit.gpus, 2);
}

#[test]
fn zero3_finds_the_smallest_data_parallel_group() {
    let mut t = Train::default();
    t.parallel.zero = ZeroStage::Zero3;
    let w = Workload::Train(t);
    let m = model("llama-2-13b");
    let g = gpu("a100-80gb-sxm");
    let s = min_gpus(&m, &w, g, 64).unwrap();
    assert!(s.found);
    let n = s.fit.gpus;
    assert!(n > 1 && fit_on(&m, &w, g, n).unwrap().fits());
    assert!(!fit_on(&m, &w, g, n - 1).unwrap().fits());
}

#[test]
fn a_job_that_never_fits_reports_the_gap() {
    let w = Workload::Train(Train::default()); // ZeRO-0: no sharding
    let s = min_gpus(&model("llama-3.1-70b"), &w, gpu("rtx-4090"), 8).unwrap();
    assert!(!s.found);
    assert!(s.fit.short_by_gib() > 100.0);
}

#[test]
fn inverse_queries_sit_on_the_fit_boundary() {
    let m = model("llama-3.1-8b");
    let g = gpu("a100-80gb-sxm");
    let w = Workload::Serve(Serve::default());
    let ctx = max_context(&m, &w, g, 1).unwrap().unwrap();
    assert!(ctx > 100_000, "{ctx}");
    let at = |c| {
        Workload::Serve(Serve {
            context_tokens: c,
            tensor_parallel: Some(1),
            ..Serve::default()
        })
    };
    assert!(fit_on(&m, &at(ctx), g, 1).unwrap().fits());
    assert!(!fit_on(&m, &at(ctx + 1), g, 1).unwrap().fits());
    let b = max_micro_batch(&m, &Workload::Train(Train::default()), g, 8);
    assert!(
        b.unwrap().is_none(),
        "8B full AdamW does not fit 80 GB without sharding"
    );
    let lora = |len: u32| {
        let mut l = crate::scenario::Lora::default();
        l.shape.seq_len = len;
        Workload::Lora(l)
    };
    let len = max_seq_len(&m, &lora(2048), g, 1).unwrap().unwrap();
    assert!(fit_on(&m, &lora(len), g, 1).unwrap().fits());
    assert!(!fit_on(&m, &lora(len + 1), g, 1).unwrap().fits());
}
