//! Bradley–Terry ratings from pairwise results.

/// A rating on the Elo scale (400 × log10 of the Bradley–Terry strength, mean 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating.
    pub elo: f64,
}

/// Bradley–Terry strengths by the MM algorithm (Hunter 2004) from `wins[i][j]`, the number of
/// comparisons `i` won against `j` (a draw counts half to each), as Elo-scale ratings with mean
/// 0. Agents that never won or never lost get a finite rating thanks to a prior of one draw
/// against every other agent.
pub fn bradley_terry(wins: &[Vec<f64>]) -> Vec<Rating> {
    let k = wins.len();
    if k == 0 {
        return Vec::new();
    }
    let w = |i: usize, j: usize| wins[i][j] + if i != j { 0.5 } else { 0.0 };
    let mut p = vec![1.0f64; k];
    for _ in 0..10_000 {
        let mut next = vec![0.0; k];
        for i in 0..k {
            let won: f64 = (0..k).filter(|&j| j != i).map(|j| w(i, j)).sum();
            let denom: f64 = (0..k)
                .filter(|&j| j != i)
                .map(|j| (w(i, j) + w(j, i)) / (p[i] + p[j]))
                .sum();
            next[i] = if denom > 0.0 { won / denom } else { p[i] };
        }
        let g = (next.iter().map(|x| x.ln()).sum::<f64>() / k as f64).exp();
        next.iter_mut().for_each(|x| *x /= g);
        let change = next
            .iter()
            .zip(&p)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        p = next;
        if change < 1e-12 {
            break;
        }
    }
    p.into_iter()
        .map(|x| Rating {
            elo: 400.0 * x.log10(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_players_rate_equal_and_a_stronger_one_higher() {
        let r = bradley_terry(&[vec![0.0, 50.0], vec![50.0, 0.0]]);
        assert!(r[0].elo.abs() < 1e-9 && r[1].elo.abs() < 1e-9);
        // 75% against 25%: strength ratio (75.5 / 25.5), Elo difference 400 log10(2.96) = 188.6.
        let r = bradley_terry(&[vec![0.0, 75.0], vec![25.0, 0.0]]);
        assert!(
            (r[0].elo - r[1].elo - 400.0 * (75.5f64 / 25.5).log10()).abs() < 1e-6,
            "{r:?}"
        );
    }
}
