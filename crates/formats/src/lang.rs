//! The page's two languages and a text written in both.
//!
//! Here rather than beside the page's other words (`gpu_sizer_markup::i18n`, which re-exports
//! them) because the field table of [`crate::fields`] carries each field's label and help in both
//! languages, and the markup crate depends on this one.

/// The page's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// The BCP 47 tag for `<html lang>`.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-CN",
        }
    }

    /// The language whose [`Lang::tag`] is `tag`. The page's start-up script (`boot/gate.js`)
    /// chooses a visitor's language before the first paint and writes its tag on `<html lang>`,
    /// so both wasm modules read the choice there instead of choosing again.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.tag() == tag)
    }

    pub fn key(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    pub fn from_key(key: &str) -> Option<Lang> {
        match key {
            "en" => Some(Lang::En),
            "zh" => Some(Lang::Zh),
            _ => None,
        }
    }
}

/// One string in both languages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Text {
    pub en: &'static str,
    pub zh: &'static str,
}

impl Text {
    /// No text: what a field has when the page does not show it.
    pub const NONE: Text = Text { en: "", zh: "" };

    pub fn get(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::Zh => self.zh,
        }
    }

    /// True when one language has words and the other has none: a translation is missing.
    pub fn is_half(self) -> bool {
        self.en.trim().is_empty() != self.zh.trim().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_keys_read_back() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.tag()), Some(lang));
            assert_eq!(Lang::from_key(lang.key()), Some(lang));
        }
        assert_eq!(Lang::from_tag("zh"), None);
        assert_eq!(Lang::from_tag(""), None);
    }
}
