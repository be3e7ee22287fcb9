//! One sort for every crate the page builds. The standard library's sorts are generic: each element
//! type and comparison gets a copy of the whole algorithm, several kilobytes of wasm each, and the
//! page sorted a dozen kinds of lists. Here only the short shell is generic; the sorting itself is
//! one copy, of positions compared through a `dyn` closure. `clippy.toml` keeps the slice sorts out
//! of the code, except where a list as long as the ranking is sorted on every input: there the
//! standard sort, made for its key, is measurably faster. Collecting into a `BTreeMap` or a
//! `BTreeSet` sorts with the standard stable sort as well, which the lint cannot see: the page's
//! code looks values up in a list sorted here instead.

use std::cmp::Ordering;

/// Sorts `items` by `compare`, keeping equal items in their order (as `slice::sort_by` does).
pub fn by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let order = order(items.len(), &mut |a, b| compare(&items[a], &items[b]));
    permute(items, &order);
}

/// Sorts `items` by `key`, keeping equal items in their order (as `slice::sort_by_key` does).
pub fn by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    by(items, |a, b| key(a).cmp(&key(b)));
}

/// The positions `0..n` in the order `compare` gives them, equal ones in their order: the only
/// copy of the sorting algorithm.
#[allow(clippy::disallowed_methods)]
fn order(n: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

/// Reorders `list` in place so that position `i` holds what was at `order[i]`. Each cycle of
/// the order is walked once, swapping along it: n swaps at most, without a second list.
pub(crate) fn permute<T>(list: &mut [T], order: &[usize]) {
    let mut placed = vec![false; list.len()];
    for start in 0..list.len() {
        let mut i = start;
        while !placed[i] {
            placed[i] = true;
            // Position `i` holds what `start` held; it takes what belongs there and hands the
            // rest of the cycle on.
            let from = order[i];
            if from == start {
                break;
            }
            list.swap(i, from);
            i = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator: lists with many ties, runs and reversed runs.
    fn lists() -> impl Iterator<Item = Vec<(u8, u32)>> {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..400).map(move |round| {
            let len = [0, 1, 2, 3, 7, 20, 33, 100, 1_000][round % 9];
            let spread = [1, 2, 5, 50, 256][round % 5] as u64;
            let mut list: Vec<(u8, u32)> = (0..len as u32)
                .map(|i| ((next() % spread) as u8, i))
                .collect();
            if round % 7 == 0 {
                list.reverse();
            }
            list
        })
    }

    #[test]
    #[allow(clippy::disallowed_methods)]
    fn sorts_as_the_standard_stable_sort_does() {
        for list in lists() {
            // Only the first field is compared: the second shows whether ties kept their order.
            let mut ours = list.clone();
            by(&mut ours, |a, b| a.0.cmp(&b.0));
            let mut std = list.clone();
            std.sort_by_key(|x| x.0);
            assert_eq!(ours, std);

            let mut ours = list.clone();
            by_key(&mut ours, |x| std::cmp::Reverse(x.0));
            let mut std = list;
            std.sort_by_key(|x| std::cmp::Reverse(x.0));
            assert_eq!(ours, std);
        }
    }

    #[test]
    fn permuting_in_place_puts_each_element_where_the_order_says() {
        let orders: [&[usize]; 6] = [
            &[0, 1, 2, 3],
            &[3, 2, 1, 0],
            &[2, 0, 3, 1],
            &[1, 3, 0, 4, 2],
            &[4, 0, 1, 2, 3, 5],
            &[1, 0, 3, 2, 5, 4],
        ];
        for order in orders {
            let mut list: Vec<usize> = (0..order.len()).map(|i| i * 10).collect();
            permute(&mut list, order);
            let expected: Vec<usize> = order.iter().map(|&i| i * 10).collect();
            assert_eq!(list, expected, "{order:?}");
        }
    }
}
