//! The launch section as markup: one `innerHTML` write, its buttons found by the page's one
//! click handler through `data-tab` and `data-action`.

use super::words::{label, COPIED, COPY, DOWNLOAD, LAUNCH, LAUNCH_INTRO};
use super::Recipe;
use gpu_sizer_markup::html::Html;
use gpu_sizer_markup::i18n::Lang;

/// The section: a tab per recipe, the `tab`-th recipe's text, copy (said done when `copied`)
/// and download.
pub fn section(recipes: &[Recipe], tab: usize, copied: bool, lang: Lang) -> String {
    let mut h = Html::new();
    h.raw(r#"<h2 id="launch-heading">"#)
        .text(LAUNCH.get(lang))
        .raw(r#"</h2><p class="muted">"#)
        .text(LAUNCH_INTRO.get(lang))
        .raw(
            r#"</p><div class="tabs launch-tabs" role="tablist" aria-labelledby="launch-heading">"#,
        );
    for (i, r) in recipes.iter().enumerate() {
        h.raw(r#"<button type="button" role="tab""#)
            .attr("data-testid", &format!("launch-tab-{}", r.format.key()))
            .attr("data-tab", &i.to_string())
            .attr("aria-selected", if i == tab { "true" } else { "false" })
            .raw(">")
            .text(label(r.format).get(lang))
            .raw("</button>");
    }
    h.raw("</div>");
    if let Some(r) = recipes.get(tab) {
        h.raw(r#"<pre class="recipe" data-testid="launch-recipe" tabindex="0""#)
            .attr("data-format", r.format.key())
            .raw(">")
            .text(&r.text)
            .raw("</pre>");
    }
    h.raw(r#"<div class="export"><button type="button" class="secondary" data-testid="launch-copy" data-action="copy">"#)
        .text(if copied { COPIED } else { COPY }.get(lang))
        .raw(r#"</button><button type="button" class="secondary" data-testid="launch-download" data-action="download">"#)
        .text(DOWNLOAD.get(lang))
        .raw("</button></div>");
    h.finish()
}
