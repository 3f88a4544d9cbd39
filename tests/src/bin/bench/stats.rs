//! Summaries of repeated measurements.

use std::time::Duration;

/// Median, smallest and largest of a set of samples, and how many there were.
#[derive(Debug, Clone, Copy)]
pub struct Summary {
    pub median: f64,
    pub min: f64,
    pub max: f64,
    pub runs: usize,
}

impl Summary {
    /// Of at least one sample.
    pub fn of(samples: &[f64]) -> Summary {
        assert!(!samples.is_empty(), "a summary needs samples");
        let mut sorted = samples.to_vec();
        sorted.sort_by(f64::total_cmp);
        let middle = sorted.len() / 2;
        let median = if sorted.len().is_multiple_of(2) {
            (sorted[middle - 1] + sorted[middle]) / 2.0
        } else {
            sorted[middle]
        };
        Summary {
            median,
            min: sorted[0],
            max: sorted[sorted.len() - 1],
            runs: sorted.len(),
        }
    }

    /// The 95th percentile by nearest rank: the smallest sample that at least 95 % of
    /// the samples do not exceed.
    pub fn p95(samples: &[f64]) -> f64 {
        assert!(!samples.is_empty(), "a percentile needs samples");
        let mut sorted = samples.to_vec();
        sorted.sort_by(f64::total_cmp);
        let rank = (sorted.len() * 95).div_ceil(100).max(1);
        sorted[rank - 1]
    }

    pub fn of_durations(samples: &[Duration]) -> Summary {
        let ms: Vec<f64> = samples.iter().map(|d| d.as_secs_f64() * 1e3).collect();
        Summary::of(&ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        let odd = Summary::of(&[3.0, 1.0, 2.0]);
        assert_eq!((odd.median, odd.min, odd.max, odd.runs), (2.0, 1.0, 3.0, 3));
        assert_eq!(Summary::of(&[4.0, 1.0, 2.0, 3.0]).median, 2.5);
    }

    #[test]
    fn p95_is_the_nearest_rank() {
        let samples: Vec<f64> = (1..=20).map(f64::from).collect();
        assert_eq!(Summary::p95(&samples), 19.0);
        assert_eq!(Summary::p95(&[7.0]), 7.0);
    }
}
