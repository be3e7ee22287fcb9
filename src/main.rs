//! Browser entry point: installs the panic handler and starts the app, which paints the first
//! answer before it builds the page, unless the page holds one already (see `app::first_answer`).

fn main() {
    gpu_sizer::app::install_panic_handler();
    gpu_sizer::app::start();
}
