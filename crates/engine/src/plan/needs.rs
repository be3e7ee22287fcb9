//! What the hardware must support for each kind of job, before any filter the user sets: a
//! candidate that cannot run the job is left out with the reason, never merely warned about.

use crate::catalog::schema::Software;
use crate::catalog::Gpu;
use crate::scenario::Workload;

/// A capability a job needs from the accelerator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Training, rendering or interactive work: general code on the device, which a chip that
    /// runs only compiled inference graphs (AWS Inferentia) cannot do.
    GeneralCompute,
    /// Graphics APIs (Vulkan, OpenGL, DirectX): renderers, viewports, video and remote desktops.
    Graphics,
    /// CUDA: what development code, notebooks and their libraries assume.
    Cuda,
}

impl Need {
    /// A stable key for reports and tests.
    pub fn key(self) -> &'static str {
        match self {
            Need::GeneralCompute => "general_compute",
            Need::Graphics => "graphics",
            Need::Cuda => "cuda",
        }
    }
}

/// The capabilities `workload` needs, whatever the user filters.
pub fn needs(workload: &Workload) -> &'static [Need] {
    match workload {
        // Serving is inference: any accelerator with a serving stack will do.
        Workload::Serve(_) => &[],
        // A TensorRT engine runs on NVIDIA GPUs only.
        Workload::Infer(i) if i.tensorrt => &[Need::Cuda],
        Workload::Infer(_) => &[],
        Workload::Train(_) | Workload::Lora(_) | Workload::Classic(_) => &[Need::GeneralCompute],
        Workload::Render(_) => &[Need::GeneralCompute, Need::Graphics],
        Workload::Science(_) => &[Need::GeneralCompute],
        Workload::DevBox(d) if d.non_cuda => &[Need::GeneralCompute],
        Workload::DevBox(_) => &[Need::GeneralCompute, Need::Cuda],
    }
}

/// The first capability `workload` needs that `gpu` lacks.
pub fn unmet(workload: &Workload, gpu: &Gpu) -> Option<Need> {
    needs(workload).iter().copied().find(|need| match need {
        Need::GeneralCompute => gpu.inference_only,
        Need::Graphics => gpu.graphics_apis.is_empty(),
        Need::Cuda => gpu.software != Software::Cuda,
    })
}
