//! Random products of bits in disguise, shaped like the large RERS 2017 problems: each
//! component holds `bits` bits, each of its labels is a guarded assignment (a guard on up to
//! two bits, up to two bits written), labels are local or shared by two components, and the
//! states are numbered by a random permutation of the codes, so the bit structure is hidden as
//! it is in the RERS files. [`crate::model::factor`] should find it; the tests check that it
//! does and that nothing changes when it does.

use super::random::pair_across_components;
use super::rng::Rng;
use crate::model::{System, SystemBuilder};

#[derive(Clone, Debug, PartialEq)]
pub struct BitsSpec {
    pub components: usize,
    /// Bits per component (2^bits states each).
    pub bits: usize,
    /// Label occurrences per component.
    pub labels: usize,
    /// Probability that an occurrence is offered for synchronisation.
    pub share_rate: f64,
    pub seed: u64,
}

impl Default for BitsSpec {
    fn default() -> BitsSpec {
        BitsSpec {
            components: 3,
            bits: 3,
            labels: 4,
            share_rate: 0.5,
            seed: 1,
        }
    }
}

/// A guarded assignment: `(bit, value)` pairs required and written.
type Assignment = (Vec<(usize, bool)>, Vec<(usize, bool)>);

fn random_assignment(rng: &mut Rng, bits: usize) -> Assignment {
    let pick = |rng: &mut Rng, max: usize| -> Vec<(usize, bool)> {
        let mut out: Vec<(usize, bool)> = Vec::new();
        for _ in 0..rng.below(max + 1) {
            let j = rng.below(bits);
            if !out.iter().any(|&(b, _)| b == j) {
                out.push((j, rng.chance(0.5)));
            }
        }
        out
    };
    let guard = pick(rng, 2.min(bits));
    let mut write = pick(rng, 2.min(bits));
    if write.is_empty() {
        write.push((rng.below(bits), rng.chance(0.5)));
    }
    (guard, write)
}

pub fn bits(spec: &BitsSpec) -> Result<System, String> {
    if spec.components == 0 || spec.bits == 0 || spec.bits > 8 {
        return Err("bits: need at least 1 component and 1 to 8 bits per component".into());
    }
    if !(0.0..=1.0).contains(&spec.share_rate) {
        return Err(format!(
            "bits: share rate {} is not in [0, 1]",
            spec.share_rate
        ));
    }
    let mut rng = Rng::new(spec.seed);
    let n = 1usize << spec.bits;
    let assignments: Vec<Vec<Assignment>> = (0..spec.components)
        .map(|_| {
            (0..spec.labels)
                .map(|_| random_assignment(&mut rng, spec.bits))
                .collect()
        })
        .collect();
    let offers: Vec<(usize, usize)> = (0..spec.components)
        .flat_map(|c| (0..spec.labels).map(move |k| (c, k)))
        .filter(|_| rng.chance(spec.share_rate))
        .collect();
    let mut names: Vec<Vec<String>> = (0..spec.components)
        .map(|c| (0..spec.labels).map(|k| format!("c{c}_{k}")).collect())
        .collect();
    for (k, (a, b)) in pair_across_components(&mut rng, offers)
        .into_iter()
        .enumerate()
    {
        names[a.0][a.1] = format!("s{k}");
        names[b.0][b.1] = format!("s{k}");
    }
    let mut b = SystemBuilder::new();
    for (c, labels) in assignments.iter().enumerate() {
        let comp = b.add_component(&format!("c{c}"));
        // state i holds code perm[i]
        let mut perm: Vec<u32> = (0..n as u32).collect();
        rng.shuffle(&mut perm);
        let mut state_of = vec![0u32; n];
        for (i, &code) in perm.iter().enumerate() {
            state_of[code as usize] = i as u32;
            b.add_state(comp, &format!("q{i}"))?;
        }
        b.set_start(comp, rng.below(n) as u32);
        for (k, (guard, write)) in labels.iter().enumerate() {
            for code in 0..n {
                if guard.iter().all(|&(j, v)| (code >> j & 1 == 1) == v) {
                    let mut to = code;
                    for &(j, v) in write {
                        to = (to & !(1 << j)) | (usize::from(v) << j);
                    }
                    b.add_transition(comp, state_of[code], &names[c][k], state_of[to]);
                }
            }
        }
    }
    b.build()
}
