//! Words of the pinned hardware: the form's hardware group, and what fits on the GPUs a person
//! has or picks (the inverse searches of the engine), in both languages.

use crate::i18n::Text;

macro_rules! words {
    ($($name:ident = $en:literal, $zh:literal;)*) => {
        $(pub const $name: Text = Text { en: $en, zh: $zh };)*
        /// Every string, for the completeness test.
        pub const EVERY: &[Text] = &[$($name),*];
    };
}

words! {
    HARDWARE = "Hardware", "硬件";
    ANY_GPU = "Any GPU", "任意 GPU";
    ANY_OFFER = "Any offer of this GPU", "该 GPU 的任意报价";
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_word_has_both_languages() {
        for t in super::EVERY {
            assert!(!t.en.trim().is_empty() && !t.zh.trim().is_empty(), "{t:?}");
        }
    }
}
