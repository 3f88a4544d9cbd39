//! Median and 90th percentile by nearest rank: the value at rank ⌈p·n⌉ of the sorted
//! values (so always a value that occurred; the median of an even count is the lower
//! of the middle two). Found by selection, in linear time, not by a sort.

pub fn nearest_rank(values: &mut [u32], p: f64) -> Option<u32> {
    if values.is_empty() {
        return None;
    }
    let n = values.len();
    // ⌈p·n⌉ in integers for p in hundredths, so 0.9·10 is 9, not 9.000000000000002.
    let hundredths = (p * 100.0).round() as usize;
    let rank = (hundredths * n).div_ceil(100).clamp(1, n);
    let (_, value, _) = values.select_nth_unstable(rank - 1);
    Some(*value)
}

#[cfg(test)]
mod tests {
    use super::nearest_rank;

    #[test]
    fn ranks_are_the_nearest_ones() {
        let mut ten: Vec<u32> = (1..=10).rev().collect();
        assert_eq!(nearest_rank(&mut ten, 0.5), Some(5));
        assert_eq!(nearest_rank(&mut ten, 0.9), Some(9));
        assert_eq!(nearest_rank(&mut [7], 0.9), Some(7));
        assert_eq!(nearest_rank(&mut [3, 1, 2], 0.5), Some(2));
        assert_eq!(nearest_rank(&mut [], 0.5), None);
    }
}
