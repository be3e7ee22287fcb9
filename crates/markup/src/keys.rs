//! Every localStorage key and URL parameter name the page uses, defined once so the places that
//! write them and the places that read them cannot drift apart.

/// localStorage keys. All are prefixed so the app never touches another app's data on the origin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StorageKey {
    Lang,
    Theme,
    /// The scenario being edited, autosaved.
    Draft,
    /// Saved scenarios (the versioned envelope of `gpu_sizer_formats::store`).
    Scenarios,
    /// The user's own prices and offers.
    CatalogEdits,
    /// Stored catalog edits that could not be read, kept aside instead of overwritten.
    CatalogEditsUnreadable,
    /// The project plan saved in this browser (a project file, `docs/project.md`).
    Plan,
    /// A stored plan that could not be read, kept aside instead of overwritten.
    PlanUnreadable,
    /// Written and removed at start-up to learn whether storage takes writes.
    Probe,
}

impl StorageKey {
    pub const fn as_str(self) -> &'static str {
        match self {
            StorageKey::Lang => "gpu-sizer.lang",
            StorageKey::Theme => "gpu-sizer.theme",
            StorageKey::Draft => "gpu-sizer.draft",
            StorageKey::Scenarios => "gpu-sizer.scenarios",
            StorageKey::CatalogEdits => "gpu-sizer.catalog-edits",
            StorageKey::CatalogEditsUnreadable => "gpu-sizer.catalog-edits.unreadable",
            StorageKey::Plan => "gpu-sizer.plan",
            StorageKey::PlanUnreadable => "gpu-sizer.plan.unreadable",
            StorageKey::Probe => "gpu-sizer.probe",
        }
    }
}

/// The URL parameter that selects a page other than the calculator (the scenario itself uses the
/// share-link keys of `gpu_sizer_formats::link`).
pub const VIEW_PARAM: &str = "view";
