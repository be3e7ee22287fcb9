//! Browser entry point: installs the panic handler, mounts the app and takes over from the first
//! answer painted before it (see `app::first_answer`).

fn main() {
    gpu_sizer::app::install_panic_handler();
    leptos::mount::mount_to_body(gpu_sizer::app::App);
    gpu_sizer::app::first_answer::remove();
}
