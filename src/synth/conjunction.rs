//! MTS conjunction (thesis §6.1.3: Def. 48; Prop. 14), which combines the green and the red
//! context into the context of a modal contract (Def. 49, Thm. 6 admissibility, Thm. 7
//! coarsest for deterministic contracts, Cor. 4: the construction succeeds iff a deterministic
//! `I` is a modal contract).
//!
//! `M1 ∧ M2` runs both on the same labels: a pair moves on `a` where both may move on `a`;
//! the move is a must transition when either part's is; a must transition of one part
//! where the other part has no may transition on that label makes the conjunction undefined.

use std::collections::{BTreeMap, VecDeque};

use super::mts::{Lb, Mts, St};

/// Where a conjunction is undefined: the pair of states and the label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undefined {
    pub left: St,
    pub right: St,
    pub label: Lb,
}

/// `left ∧ right` (Def. 48), reachable part; both over the same alphabet.
pub fn conjunction(left: &Mts, right: &Mts) -> Result<Mts, Undefined> {
    let (il, ir) = (left.index(), right.index());
    let mut ids: BTreeMap<(St, St), St> = BTreeMap::new();
    let mut pairs = vec![(left.initial, right.initial)];
    ids.insert(pairs[0], 0);
    let mut queue = VecDeque::from([0 as St]);
    let mut edges = Vec::new();
    while let Some(i) = queue.pop_front() {
        let (p, q) = pairs[i as usize];
        let le = &left.edges[il[p as usize].clone()];
        let re = &right.edges[ir[q as usize].clone()];
        // the error rule, both ways round
        for (mine, theirs) in [(le, re), (re, le)] {
            for e in mine.iter().filter(|e| e.must) {
                if !theirs.iter().any(|f| f.label == e.label) {
                    return Err(Undefined {
                        left: p,
                        right: q,
                        label: e.label,
                    });
                }
            }
        }
        for e in le {
            for f in re.iter().filter(|f| f.label == e.label) {
                let n = pairs.len() as St;
                let j = *ids.entry((e.to, f.to)).or_insert(n);
                if j == n {
                    pairs.push((e.to, f.to));
                    queue.push_back(j);
                }
                edges.push((i, e.label, j, e.must || f.must));
            }
        }
    }
    let mut out = Mts::new(pairs.len(), 0, left.alphabet.clone());
    for (f, l, t, m) in edges {
        out.add(f, l, t, m);
    }
    out.normalize();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn must_wins_and_missing_may_is_an_error() {
        let mut a = Mts::new(2, 0, vec![0, 1]);
        a.add(0, 0, 1, true);
        a.add(1, 1, 0, false);
        a.normalize();
        let mut b = Mts::new(1, 0, vec![0, 1]);
        b.add(0, 0, 0, false);
        b.add(0, 1, 0, false);
        b.normalize();
        let c = conjunction(&a, &b).unwrap();
        assert!(c.edges.iter().any(|e| e.label == 0 && e.must));
        assert!(c.edges.iter().any(|e| e.label == 1 && !e.must));
        let mut blocked = Mts::new(1, 0, vec![0, 1]);
        blocked.add(0, 1, 0, false);
        blocked.normalize();
        assert_eq!(
            conjunction(&a, &blocked),
            Err(Undefined {
                left: 0,
                right: 0,
                label: 0
            })
        );
    }
}
