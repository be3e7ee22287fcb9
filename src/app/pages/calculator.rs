//! The calculator: quick starts, the scenario form, and the answer beside it with the saved
//! scenarios.

use crate::app::components::after_paint::AfterFirstPaint;
use crate::app::components::charts::Charts;
use crate::app::components::detail::Detail;
use crate::app::components::export::Export;
use crate::app::components::launch::Launch;
use crate::app::components::on_screen::Printing;
use crate::app::components::quick_starts::QuickStarts;
use crate::app::components::ranking::Ranking;
use crate::app::components::recommendation::Recommendation;
use crate::app::components::scenario_form::ScenarioForm;
use crate::app::components::scenarios::Scenarios;
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
                <AfterFirstPaint>
                    <Export />
                    <Scenarios />
                    <Ranking />
                    <Detail />
                    <Launch />
                    <Charts />
                </AfterFirstPaint>
            </div>
        </div>
    }
}
