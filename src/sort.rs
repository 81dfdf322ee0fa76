//! One small stable sort for the whole crate, in place of the standard library's `sort` and
//! `sort_unstable`, whose every element type brings its own 3 to 9 KB copy of pattern-defeating
//! quicksort or driftsort into the wasm module (about 30 KB for the eight the engine used). The
//! merge sort below is not generic: it orders positions through a `dyn` comparison, once, and
//! [`sort_by`] applies that order to any vector. The engine's sorts are of short lists: names of
//! an object that repeats one, OAuth parameters, the ids of a products batch (at most 25 in a
//! valid one; `engine::rules`, `Check::UniqueBy`), and the like.

/// Positions `0..n` in the order `less` gives them, stable (positions that compare equal keep
/// their order). A bottom-up merge sort: `n log n` comparisons, two vectors of `n` positions.
pub fn order_by(n: usize, less: &dyn Fn(usize, usize) -> bool) -> Vec<usize> {
    let mut from: Vec<usize> = (0..n).collect();
    let mut to: Vec<usize> = vec![0; n];
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let mid = start.saturating_add(width).min(n);
            let end = start.saturating_add(width.saturating_mul(2)).min(n);
            let (left, right) = from[start..end].split_at(mid - start);
            let (mut i, mut j) = (0, 0);
            for slot in &mut to[start..end] {
                // The right run's head goes first only when strictly less: stable.
                let take_right = match (left.get(i), right.get(j)) {
                    (Some(&l), Some(&r)) => less(r, l),
                    (None, _) => true,
                    (Some(_), None) => false,
                };
                if take_right {
                    *slot = right[j];
                    j += 1;
                } else {
                    *slot = left[i];
                    i += 1;
                }
            }
            start = end;
        }
        std::mem::swap(&mut from, &mut to);
        width = width.saturating_mul(2);
    }
    from
}

/// Sorts `v` stably by `less`.
pub fn sort_by<T>(v: &mut Vec<T>, less: impl Fn(&T, &T) -> bool) {
    let order = order_by(v.len(), &|a, b| less(&v[a], &v[b]));
    let mut slots: Vec<Option<T>> = v.drain(..).map(Some).collect();
    v.extend(
        order
            .iter()
            .filter_map(|&i| slots.get_mut(i).and_then(Option::take)),
    );
}

/// Sorts `v` stably in ascending order.
pub fn sort<T: Ord>(v: &mut Vec<T>) {
    sort_by(v, |a, b| a < b);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift), so the cases are the same on every run.
    fn numbers(seed: u64, n: usize, range: u64) -> Vec<u64> {
        let mut x = seed.max(1);
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % range
            })
            .collect()
    }

    #[test]
    fn sorts_as_the_standard_library_does() {
        for n in [0, 1, 2, 3, 7, 8, 9, 31, 64, 100, 1000, 4097] {
            for range in [2, 10, 1 << 40] {
                let mut ours = numbers(n as u64 + range, n, range);
                let mut std = ours.clone();
                sort(&mut ours);
                std.sort();
                assert_eq!(ours, std, "n = {n}, range = {range}");
            }
        }
        let mut words = vec!["b", "a", "", "ab", "a", "ä", "B"];
        let mut std = words.clone();
        sort(&mut words);
        std.sort();
        assert_eq!(words, std);
    }

    #[test]
    fn is_stable() {
        // Pairs sorted by their first part only: the second parts of equal keys keep their order.
        let keys = numbers(7, 500, 5);
        let mut pairs: Vec<(u64, usize)> = keys.into_iter().zip(0..).collect();
        sort_by(&mut pairs, |a, b| a.0 < b.0);
        assert!(pairs
            .windows(2)
            .all(|w| w[0].0 < w[1].0 || (w[0].0 == w[1].0 && w[0].1 < w[1].1)));
    }

    #[test]
    fn moves_values_without_copying_them() {
        let mut v: Vec<String> = ["c", "a", "b"].iter().map(|s| s.to_string()).collect();
        sort(&mut v);
        assert_eq!(v, ["a", "b", "c"]);
    }
}
