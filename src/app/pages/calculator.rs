//! The calculator: quick starts, the scenario form, and the answer beside it; the panels below
//! the answer (saved scenarios, ranking, detail, ...) follow the first paint, their code fetched
//! then (`split::answer_panels`).

use crate::app::components::after_paint::AfterFirstPaint;
use crate::app::components::on_screen::Printing;
use crate::app::components::quick_starts::QuickStarts;
use crate::app::components::recommendation::Recommendation;
use crate::app::components::scenario_form::ScenarioForm;
use crate::app::split::{answer_panels, when_loaded};
use leptos::prelude::*;

#[component]
pub fn Calculator() -> impl IntoView {
    Printing::provide();
    view! {
        <QuickStarts />
        <div class="layout">
            <ScenarioForm />
            <div class="results" id="results">
                <Recommendation />
                <AfterFirstPaint>{when_loaded(answer_panels)}</AfterFirstPaint>
            </div>
        </div>
    }
}
