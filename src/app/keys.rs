//! Every localStorage key and URL parameter name the page uses, defined once so the places that
//! write them and the places that read them cannot drift apart.

/// localStorage keys. All are prefixed so the app never touches another app's data on the origin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StorageKey {
    Lang,
    Theme,
    Currency,
    CnyPerUsd,
}

impl StorageKey {
    pub const fn as_str(self) -> &'static str {
        match self {
            StorageKey::Lang => "gpu-sizer.lang",
            StorageKey::Theme => "gpu-sizer.theme",
            StorageKey::Currency => "gpu-sizer.currency",
            StorageKey::CnyPerUsd => "gpu-sizer.cny-per-usd",
        }
    }
}
