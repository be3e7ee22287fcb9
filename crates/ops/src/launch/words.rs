//! The launch section's words, in English and Chinese. The recipes themselves are written for
//! terminals and configuration files, in English.

use super::Format;
use gpu_sizer_markup::i18n::Text;

const fn tx(en: &'static str, zh: &'static str) -> Text {
    Text { en, zh }
}

pub const LAUNCH: Text = tx("Launch", "启动");
pub const LAUNCH_INTRO: Text = tx(
    "Rent this candidate with an auto-stop: a SkyPilot task, the provider's own command and an idle watchdog. Each says what it assumes; none holds a secret.",
    "带自动停止地租用该候选：SkyPilot 任务、云厂商自己的命令和空闲看门狗。每份都写明了前提假设，且不含任何密钥。",
);
pub const COPY: Text = tx("Copy", "复制");
pub const COPIED: Text = tx("Copied", "已复制");
pub const DOWNLOAD: Text = tx("Download", "下载");
pub const WATCHDOG: Text = tx("Idle watchdog", "空闲看门狗");
pub const CONSOLE: Text = tx("Console steps", "控制台步骤");

/// The name of a recipe's tab.
pub fn label(format: Format) -> Text {
    match format {
        Format::SkyPilot => tx("SkyPilot", "SkyPilot"),
        Format::Aws => tx("AWS CLI", "AWS CLI"),
        Format::Gcloud => tx("gcloud", "gcloud"),
        Format::Az => tx("Azure CLI", "Azure CLI"),
        Format::Aliyun => tx("Alibaba Cloud CLI", "阿里云 CLI"),
        Format::Tccli => tx("Tencent Cloud CLI", "腾讯云 CLI"),
        Format::Console => CONSOLE,
        Format::Watchdog => WATCHDOG,
    }
}

/// Every text of this module, for the translation test.
pub fn all_texts() -> Vec<Text> {
    let mut texts = vec![
        LAUNCH,
        LAUNCH_INTRO,
        COPY,
        COPIED,
        DOWNLOAD,
        WATCHDOG,
        CONSOLE,
    ];
    texts.extend(Format::ALL.map(label));
    texts
}
