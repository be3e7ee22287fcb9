//! Rows of the field table for the jobs that are not LLMs: non-LLM inference and FP64 science.

/// Appends these rows to `$rows` and hands them on to `$next` (see the table's header).
macro_rules! workload_rows {
    ($next:ident! $(, $rest:ident!)* ; $($rows:tt)*) => {
        $next! { $($rest!),* ; $($rows)*
            // Non-LLM inference (`infer`): kept together.
            infer_precision "ipr" choice(InferKey {
                Int8: ["INT8", "INT8"],
                Fp16: ["FP16", "FP16"],
            })
                "`infer`: numeric format the model is served in."
                ["Inference precision", "推理精度"]
                ["INT8 needs calibration but runs about twice as fast as FP16 on tensor cores.", "INT8 需要量化校准，在张量核心上约比 FP16 快一倍。"];
            tensorrt "trt" flag
                "`infer`: compiled with TensorRT (NVIDIA GPUs only); off: eager PyTorch, whose launch overhead sets a floor of about 13 ms a batch."
                ["TensorRT engine", "TensorRT 引擎"]
                ["Compiled with TensorRT: far less overhead per batch than eager PyTorch; NVIDIA only.", "用 TensorRT 编译：每批开销远小于 PyTorch 即时执行；仅限 NVIDIA。"];
            infer_gflops "igf" number(0.000001, 1e9) in ["GFLOP", "GFLOP"]
                "`infer`: forward FLOPs of one request (a multiply-add counts two); `null`: from the model preset."
                ["FLOPs per request", "每请求计算量"]
                ["Forward GFLOPs of one request (empty: from the model; ResNet-50 8.2).", "单个请求的前向 GFLOP（留空：按模型；ResNet-50 为 8.2）。"];

            // Scientific computing in FP64 (`science`): kept together.
            fp64_pflop "fpw" number(0.000000001, 1e15) in ["PFLOP", "PFLOP"]
                "`science`: FP64 operations of the whole job, in PFLOP (10^15); `null`: the job is given by `fp64_ref_hours` on `reference_gpu`."
                ["FP64 work", "FP64 计算量"]
                ["Double-precision operations of the job in PFLOP (empty: give hours on a reference GPU).", "作业的双精度运算量，单位 PFLOP（留空：改填参考 GPU 上的时长）。"];
            fp64_share "fps" number(0.001, 1.0) in ["share (0–1)", "比例（0–1）"]
                "`science`: share of the FP64 peak the code sustains (with `fp64_pflop`); 0.5 is an assumption to replace with your code's."
                ["Share of FP64 peak sustained", "FP64 峰值利用率"]
                ["What your code reaches of the FP64 peak (0.5 assumed; dense linear algebra more, memory-bound codes less).", "你的代码能达到的 FP64 峰值比例（默认假设 0.5；稠密线性代数更高，访存密集型更低）。"];
            fp64_ref_hours "fph" number(0.000001, 1e7) in HOURS
                "`science`: hours the job takes on one `reference_gpu` (used when `fp64_pflop` is `null`)."
                ["Hours on the reference GPU", "参考 GPU 上的时长"]
                ["Measured hours on one reference GPU; scaled by the FP64 peaks.", "在一块参考 GPU 上实测的小时数；按 FP64 峰值换算。"];
            fp64_memory_gib "fpm" number(0.0, 100_000.0) in GIB
                "`science`: memory the job needs on each GPU."
                ["Memory per GPU", "每 GPU 显存"]
                ["GPU memory the job needs on each GPU.", "作业在每个 GPU 上需要的显存。"];
        }
    };
}
