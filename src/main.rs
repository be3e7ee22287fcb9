//! Browser entry point: installs the panic handler and starts the app, which takes over from the
//! first answer painted before it (see `app::first_answer`).

fn main() {
    gpu_sizer::app::install_panic_handler();
    gpu_sizer::app::start();
}
