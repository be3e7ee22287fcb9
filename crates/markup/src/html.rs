//! Markup built as text, for the panels rebuilt whole on every keystroke (the answer card, the
//! ranking's rows, the detail, the charts): one `innerHTML` write per rebuild instead of hundreds
//! of calls across the wasm boundary, and much less generated code than typed views.
//!
//! Every piece of text goes through [`Html::text`] or [`Html::attr`], which escape it: names in the
//! catalog may come from a user's import.

use std::fmt::Write;

/// An HTML fragment being written.
#[derive(Default)]
pub struct Html(String);

impl Html {
    pub fn new() -> Html {
        Html::default()
    }

    /// Markup written as is: only for literals of this crate.
    pub fn raw(&mut self, markup: &str) -> &mut Html {
        self.0.push_str(markup);
        self
    }

    /// Text content, escaped.
    pub fn text(&mut self, text: &str) -> &mut Html {
        escape_into(&mut self.0, text);
        self
    }

    /// ` name="value"`, the value escaped.
    pub fn attr(&mut self, name: &str, value: &str) -> &mut Html {
        let _ = write!(self.0, " {name}=\"");
        escape_into(&mut self.0, value);
        self.0.push('"');
        self
    }

    pub fn finish(self) -> String {
        self.0
    }
}

fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}
