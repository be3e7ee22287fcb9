//! Entry point of the first-answer module: paints the answer before the app has loaded (see
//! `app::first_answer`). It has no panic handler: if it fails, the app still loads and answers.

fn main() {
    gpu_sizer::app::first_answer::paint();
}
