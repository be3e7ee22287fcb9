//! Markup built as text, for the panels rebuilt whole on every keystroke (the answer card, the
//! ranking's rows, the detail, the charts): one `innerHTML` write per rebuild instead of hundreds
//! of calls across the wasm boundary, and much less generated code than typed views.
//!
//! Safe by construction: markup can only come from string literals ([`Html::raw`] and attribute
//! names take `&'static str`) or from another [`Html`] ([`Html::append`]); every other piece of
//! text goes through [`Html::text`] or [`Html::attr`], which escape it. Names in the catalog may
//! come from a user's import or from what they typed.

/// An HTML fragment being written.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Html(String);

impl Html {
    pub fn new() -> Html {
        Html::default()
    }

    /// Markup written as is: a literal of the program, never text from elsewhere (the
    /// `'static` bound keeps a formatted string out).
    pub fn raw(&mut self, markup: &'static str) -> &mut Html {
        self.0.push_str(markup);
        self
    }

    /// Markup already built the same way, written as is.
    pub fn append(&mut self, built: &Html) -> &mut Html {
        self.0.push_str(&built.0);
        self
    }

    /// Text content, escaped.
    pub fn text(&mut self, text: &str) -> &mut Html {
        escape_into(&mut self.0, text);
        self
    }

    /// ` name="value"`, the value escaped.
    pub fn attr(&mut self, name: &'static str, value: &str) -> &mut Html {
        self.0.push(' ');
        self.0.push_str(name);
        self.0.push_str("=\"");
        escape_into(&mut self.0, value);
        self.0.push('"');
        self
    }

    /// The markup, for an `innerHTML` write.
    pub fn finish(self) -> String {
        self.0
    }
}

/// The `<option>`s of a select, from (value, label) pairs, the one whose value is `selected`
/// marked so. A select's long static list (every GPU, every model) is written this way in one
/// `innerHTML` write: as views, each option is several calls across the wasm boundary while the
/// page starts, and these lists are a third of the form's elements.
pub fn options<'a>(items: impl IntoIterator<Item = (&'a str, &'a str)>, selected: &str) -> String {
    let mut h = Html::new();
    for (value, label) in items {
        h.raw("<option").attr("value", value);
        if value == selected {
            h.raw(" selected");
        }
        h.raw(">").text(label).raw("</option>");
    }
    h.finish()
}

/// Writes `text` escaped: the runs between the five characters HTML gives a meaning to are
/// copied whole (this writes every row of the ranking on each keystroke). The five are ASCII, so
/// a byte equal to one of them is that character, never part of another's encoding.
fn escape_into(out: &mut String, text: &str) {
    let mut rest = text;
    while let Some(at) = rest
        .bytes()
        .position(|b| matches!(b, b'&' | b'<' | b'>' | b'"' | b'\''))
    {
        out.push_str(&rest[..at]);
        out.push_str(match rest.as_bytes()[at] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => "&#39;",
        });
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOSTILE: &str = r#"<img src=x onerror=alert(1)> "quoted" 'single' & more"#;

    #[test]
    fn options_escape_values_and_labels_and_mark_the_selected_one() {
        let items = [("", "Any"), ("a\"b", HOSTILE), ("h100", "H100")];
        assert_eq!(
            options(items, "h100"),
            "<option value=\"\">Any</option>\
             <option value=\"a&quot;b\">&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; \
             &#39;single&#39; &amp; more</option>\
             <option value=\"h100\" selected>H100</option>"
        );
        // Nothing selected when no value matches; the empty value is a value like another.
        assert!(!options(items, "b200").contains("selected"));
        assert_eq!(options(items, "").matches(" selected").count(), 1);
    }

    #[test]
    fn text_and_attributes_are_escaped_and_built_markup_is_kept() {
        let mut inner = Html::new();
        inner.raw("<b>").text(HOSTILE).raw("</b>");
        let mut h = Html::new();
        h.raw("<p")
            .attr("title", HOSTILE)
            .raw(">")
            .append(&inner)
            .raw("</p>");
        assert_eq!(
            h.finish(),
            "<p title=\"&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &#39;single&#39; &amp; more\">\
             <b>&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &#39;single&#39; &amp; more</b></p>"
        );
    }

    #[test]
    fn text_around_the_escaped_characters_is_kept_whole() {
        let mut h = Html::new();
        h.text("")
            .text("没有 & <实例> 放得下")
            .text("'")
            .text("末尾&")
            .text("plain");
        assert_eq!(
            h.finish(),
            "没有 &amp; &lt;实例&gt; 放得下&#39;末尾&amp;plain"
        );
    }
}
