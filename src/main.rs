//! Browser entry point: installs the panic handler and mounts the app.

fn main() {
    gpu_sizer::app::install_panic_handler();
    leptos::mount::mount_to_body(gpu_sizer::app::App);
}
