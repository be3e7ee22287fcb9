//! Reading what `nvidia-smi` printed, as people paste it: the default table, `--query-gpu=…
//! --format=csv` (any columns in any order, with or without units, the header or the command
//! line naming them) and `dmon`, one or many samples, one or many GPUs, mixed with prompts and
//! other noise.
//!
//! Each line is read on its own, so a paste cut short or two outputs pasted together still give
//! what they hold; a line inside a recognised block that cannot be read is left out and named.

use super::{ErrorKind, GpuSeries, ReadError, Reading, Skipped, Source};

/// A column of `--query-gpu` or `dmon` the doctor uses.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Col {
    Index,
    /// Identifies a GPU when there is no index: its UUID or bus id.
    Id,
    /// When the row was sampled: rows of one query share it.
    Time,
    Name,
    Util,
    /// Memory used: MiB in the CSV, MB (the same unit) in `dmon`'s `fb`.
    MemUsed,
    MemTotal,
    Power,
    PowerCap,
    Other,
}

fn csv_col(name: &str) -> Col {
    let name = name
        .split('[')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    match name.as_str() {
        "index" => Col::Index,
        "uuid" | "gpu_uuid" | "pci.bus_id" | "gpu_bus_id" => Col::Id,
        "timestamp" => Col::Time,
        "name" | "gpu_name" => Col::Name,
        "utilization.gpu" => Col::Util,
        "memory.used" => Col::MemUsed,
        "memory.total" => Col::MemTotal,
        "power.draw" | "power.draw.average" => Col::Power,
        "power.limit" | "enforced.power.limit" => Col::PowerCap,
        _ => Col::Other,
    }
}

fn dmon_col(name: &str) -> Col {
    match name.to_ascii_lowercase().as_str() {
        "gpu" => Col::Index,
        "sm" => Col::Util,
        "fb" => Col::MemUsed,
        "pwr" => Col::Power,
        _ => Col::Other,
    }
}

/// A number with an optional unit (`36 %`, `2856 MiB`, `106.56 W`, `353W`); `None` for `N/A`,
/// `[N/A]`, `-`, `[Not Supported]` and the like.
fn number(text: &str) -> Option<f64> {
    let t = text.trim();
    let end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let v: f64 = t[..end].parse().ok()?;
    v.is_finite().then_some(v)
}

/// Whether `text` is a value nvidia-smi prints for a figure it cannot give.
fn not_available(text: &str) -> bool {
    let t = text.trim().trim_matches(|c| c == '[' || c == ']');
    t.is_empty() || t == "-" || t.eq_ignore_ascii_case("N/A") || t.starts_with("Not Supported")
}

/// A value that must be a number or "not available"; `Err` when it is something else.
fn value(text: &str) -> Result<Option<f64>, ()> {
    match number(text) {
        Some(v) => Ok(Some(v)),
        None if not_available(text) => Ok(None),
        None => Err(()),
    }
}

#[derive(Default)]
struct Sample {
    util: Option<f64>,
    mem_used: Option<f64>,
    mem_total: Option<f64>,
    power: Option<f64>,
    power_cap: Option<f64>,
    name: Option<String>,
}

enum Mode {
    None,
    Csv(Vec<Col>),
    Dmon(Vec<Col>),
    /// Output the doctor does not read (`pmon`): its rows are skipped silently.
    Ignore,
}

struct Reader {
    gpus: Vec<GpuSeries>,
    sources: Vec<Source>,
    skipped: Vec<Skipped>,
    mode: Mode,
    /// A table's GPU row waiting for its figures: index, name, line.
    pending: Option<(u32, String, usize)>,
    /// CSV rows without an index: the identities seen in the current round of GPUs, and the
    /// round's timestamp.
    round: Vec<String>,
    round_time: Option<String>,
    ids: Vec<String>,
    first_unread: Option<(usize, String)>,
}

/// At most 80 characters of a line, for a message.
fn excerpt(line: &str) -> String {
    line.trim().chars().take(80).collect()
}

impl Reader {
    fn add(&mut self, index: u32, s: Sample, source: Source) {
        if s.util.is_none() && s.mem_used.is_none() {
            return;
        }
        if !self.sources.contains(&source) {
            self.sources.push(source);
        }
        // Kept in index order as they come: no sort to carry in the page's code.
        let pos = self.gpus.partition_point(|g| g.index < index);
        if self.gpus.get(pos).is_none_or(|g| g.index != index) {
            self.gpus.insert(
                pos,
                GpuSeries {
                    index,
                    ..GpuSeries::default()
                },
            );
        }
        let g = &mut self.gpus[pos];
        g.util.extend(s.util);
        g.mem_used_mib.extend(s.mem_used);
        g.power_w.extend(s.power);
        g.mem_total_mib = s.mem_total.or(g.mem_total_mib);
        g.power_cap_w = s.power_cap.or(g.power_cap_w);
        if g.name.is_none() {
            g.name = s.name.filter(|n| !n.is_empty());
        }
    }

    fn skip(&mut self, line_no: usize, line: &str) {
        self.left_out(line_no, excerpt(line));
    }

    /// Records a line left out, in line order (a table's GPU row is known to be left out only
    /// after the lines that follow it).
    fn left_out(&mut self, line: usize, text: String) {
        let pos = self.skipped.partition_point(|s| s.line < line);
        self.skipped.insert(pos, Skipped { line, text });
    }

    /// A table row (`| … | … | … |`); `false` when the line is not one.
    fn table(&mut self, line_no: usize, line: &str) -> bool {
        let (Some(a), Some(b)) = (line.find('|'), line.rfind('|')) else {
            return false;
        };
        if b <= a {
            return false;
        }
        let cells: Vec<&str> = line[a + 1..b].split('|').collect();
        if cells.len() < 3 {
            return true;
        }
        if cells[1].contains("MiB") {
            let Some((index, name, _)) = self.pending.take() else {
                return true;
            };
            let (mem_used, mem_total) = pair(cells[1]);
            let (power, power_cap) = pair(cells[0]);
            let util = cells[2].split_whitespace().next().unwrap_or("");
            match value(util) {
                Ok(util) => self.add(
                    index,
                    Sample {
                        util,
                        mem_used,
                        mem_total,
                        power,
                        power_cap,
                        name: Some(name),
                    },
                    Source::Table,
                ),
                Err(()) => self.skip(line_no, line),
            }
            return true;
        }
        let mut words = cells[0].split_whitespace();
        let bus = cells[1].trim();
        if let (Some(Ok(index)), true) = (
            words.next().map(str::parse::<u32>),
            bus.len() >= 12 && bus.contains(':'),
        ) {
            if let Some((_, _, pending_line)) = self.pending.take() {
                self.left_out(pending_line, String::new());
            }
            let mut name: Vec<&str> = words.collect();
            if matches!(name.last(), Some(&"On") | Some(&"Off")) {
                name.pop();
            }
            self.pending = Some((index, name.join(" "), line_no));
        }
        true
    }

    fn header(&mut self, line: &str) -> bool {
        if let Some(rest) = line.split("--query-gpu=").nth(1) {
            let fields = rest.split_whitespace().next().unwrap_or("");
            self.mode = Mode::Csv(fields.split(',').map(csv_col).collect());
            self.round.clear();
            return true;
        }
        let lower = line.to_ascii_lowercase();
        if lower.contains("utilization.gpu") || lower.contains("memory.used") {
            self.mode = Mode::Csv(line.split(',').map(csv_col).collect());
            self.round.clear();
            return true;
        }
        if let Some(rest) = line.trim_start().strip_prefix('#') {
            let tokens: Vec<&str> = rest.split_whitespace().collect();
            let has = |t: &str| tokens.iter().any(|x| x.eq_ignore_ascii_case(t));
            if has("pid") {
                self.mode = Mode::Ignore;
            } else if has("gpu") && (has("sm") || has("fb") || has("pwr")) {
                self.mode = Mode::Dmon(tokens.iter().map(|t| dmon_col(t)).collect());
            }
            return true;
        }
        false
    }

    fn csv_row(&mut self, line_no: usize, line: &str, cols: &[Col]) -> bool {
        let fields: Vec<&str> = line.split(',').collect();
        if fields.len() != cols.len() {
            if fields.len() * 2 >= cols.len() && cols.len() > 1 {
                self.skip(line_no, line);
                return true;
            }
            return false;
        }
        let mut s = Sample::default();
        let mut index = None;
        let mut id = None;
        let mut time = None;
        for (col, field) in cols.iter().zip(&fields) {
            let v = match col {
                Col::Index => {
                    index = field.trim().parse::<u32>().ok();
                    continue;
                }
                Col::Id => {
                    id = Some(field.trim().to_string());
                    continue;
                }
                Col::Time => {
                    time = Some(field.trim().to_string());
                    continue;
                }
                Col::Name => {
                    s.name = Some(field.trim().to_string());
                    continue;
                }
                Col::Other => continue,
                _ => match value(field) {
                    Ok(v) => v,
                    Err(()) => {
                        self.skip(line_no, line);
                        return true;
                    }
                },
            };
            match col {
                Col::Util => s.util = v,
                Col::MemUsed => s.mem_used = v,
                Col::MemTotal => s.mem_total = v,
                Col::Power => s.power = v,
                Col::PowerCap => s.power_cap = v,
                _ => {}
            }
        }
        let index = index.unwrap_or_else(|| self.csv_identity(id, time, s.name.clone()));
        self.add(index, s, Source::Csv);
        true
    }

    /// A GPU's index in CSV output without an index column: by UUID or bus id when there is
    /// one, else by its place in the round of GPUs: the rows sharing a timestamp, or without
    /// one, until a GPU's name comes again.
    fn csv_identity(
        &mut self,
        id: Option<String>,
        time: Option<String>,
        name: Option<String>,
    ) -> u32 {
        if let Some(id) = id {
            return match self.ids.iter().position(|x| *x == id) {
                Some(p) => p as u32,
                None => {
                    self.ids.push(id);
                    (self.ids.len() - 1) as u32
                }
            };
        }
        let key = name.unwrap_or_default();
        let new_time = time.is_some() && time != self.round_time;
        if new_time || (time.is_none() && !key.is_empty() && self.round.contains(&key)) {
            self.round.clear();
            self.round_time = time;
        }
        self.round.push(key);
        (self.round.len() - 1) as u32
    }

    fn dmon_row(&mut self, line_no: usize, line: &str, cols: &[Col]) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if !tokens
            .first()
            .is_some_and(|t| t.starts_with(|c: char| c.is_ascii_digit()))
        {
            return false;
        }
        if tokens.len() != cols.len() {
            self.skip(line_no, line);
            return true;
        }
        let mut s = Sample::default();
        let mut index = None;
        for (col, token) in cols.iter().zip(&tokens) {
            let v = match value(token) {
                Ok(v) => v,
                Err(()) if *col == Col::Other => None,
                Err(()) => {
                    self.skip(line_no, line);
                    return true;
                }
            };
            match col {
                Col::Index => index = v.map(|v| v as u32),
                Col::Util => s.util = v,
                Col::MemUsed => s.mem_used = v,
                Col::Power => s.power = v,
                _ => {}
            }
        }
        match index {
            Some(index) => self.add(index, s, Source::Dmon),
            None => self.skip(line_no, line),
        }
        true
    }
}

/// Two numbers either side of a ` / `: `7488MiB / 81920MiB`, `353W / 500W` (the slash of
/// `N/A` has no spaces around it).
fn pair(cell: &str) -> (Option<f64>, Option<f64>) {
    let (first, second) = cell
        .split_once(" / ")
        .or_else(|| cell.rsplit_once('/'))
        .unwrap_or((cell, ""));
    // The power cell also holds fan, temperature and performance state before the draw.
    let used = first.split_whitespace().last().and_then(number);
    let total = second.split_whitespace().next().and_then(number);
    (used, total)
}

/// Reads a paste of nvidia-smi output.
pub fn read(text: &str) -> Result<Reading, ReadError> {
    let mut r = Reader {
        gpus: Vec::new(),
        sources: Vec::new(),
        skipped: Vec::new(),
        mode: Mode::None,
        pending: None,
        round: Vec::new(),
        round_time: None,
        ids: Vec::new(),
        first_unread: None,
    };
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        if line.matches('|').count() >= 2 && r.table(line_no, line) {
            continue;
        }
        if r.header(line) {
            continue;
        }
        let read = match std::mem::replace(&mut r.mode, Mode::None) {
            Mode::Csv(cols) => {
                let done = r.csv_row(line_no, line, &cols);
                r.mode = Mode::Csv(cols);
                done
            }
            Mode::Dmon(cols) => {
                let done = r.dmon_row(line_no, line, &cols);
                r.mode = Mode::Dmon(cols);
                done
            }
            Mode::Ignore => {
                r.mode = Mode::Ignore;
                true
            }
            Mode::None => false,
        };
        if !read && r.first_unread.is_none() {
            r.first_unread = Some((line_no, excerpt(line)));
        }
    }
    if let Some((_, _, line)) = r.pending.take() {
        r.left_out(line, String::new());
    }
    // A GPU row whose figures never came: its line, quoted from the paste.
    for s in &mut r.skipped {
        if s.text.is_empty() {
            s.text = text
                .lines()
                .nth(s.line - 1)
                .map(excerpt)
                .unwrap_or_default();
        }
    }
    if r.gpus.is_empty() {
        let (line, text, kind) = if let Some(s) = r.skipped.first() {
            (s.line, s.text.clone(), ErrorKind::Unreadable)
        } else if let Some((line, text)) = r.first_unread {
            (line, text, ErrorKind::NotNvidiaSmi)
        } else if let Some((i, first)) =
            text.lines().enumerate().find(|(_, l)| !l.trim().is_empty())
        {
            (i + 1, excerpt(first), ErrorKind::NotNvidiaSmi)
        } else {
            (0, String::new(), ErrorKind::Empty)
        };
        return Err(ReadError { line, text, kind });
    }
    Ok(Reading {
        gpus: r.gpus,
        sources: r.sources,
        skipped: r.skipped,
    })
}
