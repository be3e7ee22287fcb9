//! The units the field table shares, in both languages.

use crate::lang::Text;

pub(super) const TOKENS: Text = Text {
    en: "tokens",
    zh: "词元",
};
pub(super) const SEQUENCES: Text = Text {
    en: "sequences",
    zh: "条序列",
};
pub(super) const GPUS: Text = Text {
    en: "GPUs",
    zh: "个 GPU",
};
pub(super) const HOURS: Text = Text {
    en: "h",
    zh: "小时",
};
pub(super) const MINUTES: Text = Text {
    en: "min",
    zh: "分钟",
};
pub(super) const GB: Text = Text { en: "GB", zh: "GB" };
pub(super) const GIB: Text = Text {
    en: "GiB",
    zh: "GiB",
};
pub(super) const CONFIG_JSON: Text = Text {
    en: "From the model's config.json.",
    zh: "见模型的 config.json。",
};
