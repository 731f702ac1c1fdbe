//! Dynamic variable reordering by group sifting.
//!
//! R. Rudell, "Dynamic variable ordering for ordered binary decision diagrams", ICCAD 1993:
//! *sifting* takes one variable at a time, moves it through every position of the order by
//! swaps of adjacent levels, and leaves it where the diagram was smallest. S. Panda and
//! F. Somenzi, "Who are the variables in your neighborhood", ICCAD 1995: *group sifting* moves
//! variables that belong together as one unit, which is what CUDD's `CUDD_REORDER_GROUP_SIFT`
//! does with the groups a user declares. Here a group is one block of the encoding (a
//! component's bits, current and next interleaved, or the automaton block of an LTL product):
//! a block moves as a whole, its bits keep their order, and a relation's current and next
//! variables stay neighbours, which is what keeps renaming linear (the relational product
//! with `x <-> x'` that renames, see `Relation::eq` in `encoding.rs`, is small when every `x`
//! sits right above its `x'`).
//!
//! oxidd 0.13 brings no reordering algorithm of its own, but it swaps two adjacent levels in place
//! (`oxidd_reorder::level_down`, inside [`Manager::reorder`] with exclusive access): every
//! function handle stays valid and keeps its meaning; only the levels change. Moving group `A`
//! (`a` variables) past its lower neighbour `B` (`b` variables) takes `a·b` swaps, each
//! costing about the nodes of the two levels it swaps.
//!
//! What the swaps cost and how big the diagram is, measured from the unique tables: after the
//! garbage collection that starts a reordering, every node is live, and a swap keeps it so. A
//! swap of levels `i` and `i+1` rebuilds nodes at those two levels only; below them the
//! sub-functions are the cofactors by all variables above, the same set before and after, so
//! no node there dies. The sum of the level sizes is therefore the live node count throughout,
//! kept up to date from the two levels of each swap.
//!
//! oxidd aborts the process when its node store overflows inside a swap (there is no error
//! path), so a swap is only done when the store has room for the worst case: a swap of levels
//! `i` and `i+1` creates at most two nodes for each node of level `i`. A group move the guard
//! stops is undone swap by swap, which returns to the smaller diagram it started from.

use std::time::{Duration, Instant};

use oxidd::{HasLevel, LevelNo, Manager, VarNo};
use oxidd_core::LevelView;

/// Bounds of one reordering.
#[derive(Clone, Copy, Debug)]
pub struct SiftOptions {
    /// A group stops moving in one direction once the diagram is this many times the smallest
    /// size seen while moving it (CUDD's `maxGrowth`, 1.2 by default there).
    pub max_growth: f64,
    /// Wall time of one reordering; past it, the group being moved goes to its best position
    /// and no further group is moved.
    pub time_limit: Duration,
    /// The node store's capacity: no swap may risk overflowing it.
    pub capacity: usize,
}

impl Default for SiftOptions {
    fn default() -> Self {
        SiftOptions {
            max_growth: 1.2,
            time_limit: Duration::from_secs(10),
            capacity: usize::MAX,
        }
    }
}

/// What one reordering did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SiftStats {
    /// Live nodes before (after the garbage collection that starts it) and after.
    pub before: usize,
    pub after: usize,
    /// Adjacent level swaps done (undone ones included).
    pub swaps: u64,
    /// Groups sifted.
    pub groups: usize,
    /// Whether every group was sifted (not cut by the time limit or the store's capacity).
    pub complete: bool,
    pub seconds: f64,
}

/// Group sifting over `groups`, each a list of variables that occupy consecutive levels in
/// that order; together they must cover every level exactly once. Returns without a change
/// when they do not (a bug of the caller, logged).
pub fn group_sift<M>(m: &mut M, groups: &[Vec<VarNo>], opts: &SiftOptions) -> SiftStats
where
    M: Manager,
    M::InnerNode: HasLevel,
{
    let start = Instant::now();
    m.reorder(|m| {
        m.gc();
        // the time limit is for the swaps: the collection is needed whatever it costs
        let t0 = Instant::now();
        let Some(mut s) = Sifter::new(m, groups, opts) else {
            log::error!("group sifting: the groups do not tile the variable order; not reordered");
            return SiftStats::default();
        };
        let before = s.size;
        let complete = s.run(t0);
        SiftStats {
            before,
            after: s.size,
            swaps: s.swaps,
            groups: s.sifted,
            complete,
            seconds: start.elapsed().as_secs_f64(),
        }
    })
}

/// Moves the groups (as for [`group_sift`]) into `target` (group indices, top to bottom), by
/// the same moves of whole groups. `false` when the groups do not tile the order, `target` is
/// not a permutation of them, or the store's capacity stopped a move (the groups are then
/// still whole, in some order between the two).
pub fn set_group_order<M>(
    m: &mut M,
    groups: &[Vec<VarNo>],
    target: &[usize],
    capacity: usize,
) -> bool
where
    M: Manager,
    M::InnerNode: HasLevel,
{
    let mut sorted = target.to_vec();
    sorted.sort_unstable();
    if sorted != (0..groups.len()).collect::<Vec<_>>() {
        return false;
    }
    let opts = SiftOptions {
        capacity,
        ..SiftOptions::default()
    };
    m.reorder(|m| {
        m.gc();
        let Some(mut s) = Sifter::new(m, groups, &opts) else {
            return false;
        };
        // insertion sort by target rank, one move of a group past its neighbour at a time
        let mut rank = vec![0; groups.len()];
        for (i, &g) in target.iter().enumerate() {
            rank[g] = i;
        }
        for i in 1..s.order.len() {
            let mut j = i;
            while j > 0 && rank[s.order[j - 1]] > rank[s.order[j]] {
                if !s.move_down(j - 1) {
                    return false;
                }
                j -= 1;
            }
        }
        true
    })
}

struct Sifter<'m, M> {
    m: &'m M,
    opts: SiftOptions,
    /// Group indices, top to bottom.
    order: Vec<usize>,
    /// Per group: its top level and its number of levels.
    start: Vec<LevelNo>,
    width: Vec<LevelNo>,
    /// Live nodes (the sum of the level sizes).
    size: usize,
    swaps: u64,
    sifted: usize,
}

impl<'m, M> Sifter<'m, M>
where
    M: Manager,
    M::InnerNode: HasLevel,
{
    fn new(m: &'m M, groups: &[Vec<VarNo>], opts: &SiftOptions) -> Option<Self> {
        let nlevels = m.num_levels();
        let mut covered = vec![false; nlevels as usize];
        let mut start = Vec::with_capacity(groups.len());
        let mut width = Vec::with_capacity(groups.len());
        for g in groups {
            let first = m.var_to_level(*g.first()?);
            for (k, &v) in g.iter().enumerate() {
                let l = m.var_to_level(v);
                if l != first + k as LevelNo || covered.get(l as usize) != Some(&false) {
                    return None;
                }
                covered[l as usize] = true;
            }
            start.push(first);
            width.push(g.len() as LevelNo);
        }
        if covered.iter().any(|c| !c) {
            return None;
        }
        let mut order: Vec<usize> = (0..groups.len()).collect();
        order.sort_by_key(|&g| start[g]);
        let size = (0..nlevels).map(|l| m.level(l).len()).sum();
        Some(Sifter {
            m,
            opts: *opts,
            order,
            start,
            width,
            size,
            swaps: 0,
            sifted: 0,
        })
    }

    fn level_len(&self, l: LevelNo) -> usize {
        self.m.level(l).len()
    }

    /// Swaps levels `l` and `l + 1`.
    fn swap(&mut self, l: LevelNo) {
        let before = self.level_len(l) + self.level_len(l + 1);
        // SAFETY: inside `Manager::reorder` (see `group_sift`), with the manager borrowed from
        // the `&mut M` it passes, so nothing else touches any level.
        unsafe { oxidd_reorder::level_down(self.m, l) };
        let after = self.level_len(l) + self.level_len(l + 1);
        self.size = self.size + after - before;
        self.swaps += 1;
    }

    /// Whether swapping levels `l` and `l + 1` leaves the store room for its worst case.
    fn room_for_swap(&self, l: LevelNo) -> bool {
        const MARGIN: usize = 1 << 16;
        self.size
            .saturating_add(2 * self.level_len(l))
            .saturating_add(MARGIN)
            <= self.opts.capacity
    }

    /// Moves the group at position `i` below the one at `i + 1`; `false` (and nothing changed)
    /// when the store could overflow.
    fn move_down(&mut self, i: usize) -> bool {
        let (a, b) = (self.order[i], self.order[i + 1]);
        let p = self.start[a];
        let mut done = Vec::new();
        // the bottom variable of `a` first, each past all of `b`: `a`'s order is kept
        for x in (0..self.width[a]).rev() {
            for y in 0..self.width[b] {
                let l = p + x + y;
                if !self.room_for_swap(l) {
                    for &l in done.iter().rev() {
                        self.swap(l);
                    }
                    return false;
                }
                self.swap(l);
                done.push(l);
            }
        }
        self.start[b] = p;
        self.start[a] = p + self.width[b];
        self.order.swap(i, i + 1);
        true
    }

    /// Sifts every group, largest first; `false` when cut short.
    fn run(&mut self, t0: Instant) -> bool {
        // Rudell: the variables with the most nodes first
        let mut by_size: Vec<(usize, usize)> = (0..self.order.len())
            .map(|g| {
                let s = self.start[g];
                let nodes = (s..s + self.width[g]).map(|l| self.level_len(l)).sum();
                (nodes, g)
            })
            .collect();
        by_size.sort_by(|x, y| y.cmp(x));
        for (_, g) in by_size {
            if t0.elapsed() > self.opts.time_limit {
                return false;
            }
            if !self.sift_group(g, t0) {
                return false;
            }
            self.sifted += 1;
        }
        true
    }

    /// Moves group `g` to the nearer end of the order, then to the other, then back to where
    /// the diagram was smallest. `false` when cut short (it still ends at its best position).
    fn sift_group(&mut self, g: usize, t0: Instant) -> bool {
        let n = self.order.len();
        let Some(mut i) = self.order.iter().position(|&x| x == g) else {
            return false;
        };
        let (mut best, mut best_i) = (self.size, i);
        let mut complete = true;
        let down_first = n - 1 - i < i;
        for down in [down_first, !down_first] {
            loop {
                let next = if down { i + 1 < n } else { i > 0 };
                if !next || self.size as f64 > best as f64 * self.opts.max_growth {
                    break;
                }
                if t0.elapsed() > self.opts.time_limit {
                    complete = false;
                    break;
                }
                let moved = if down {
                    self.move_down(i)
                } else {
                    self.move_down(i - 1)
                };
                if !moved {
                    complete = false;
                    break;
                }
                i = if down { i + 1 } else { i - 1 };
                if self.size < best {
                    (best, best_i) = (self.size, i);
                }
            }
            if !complete {
                break;
            }
        }
        // back to the best position: moves toward a size already seen, never beyond the guard
        while i < best_i {
            if !self.move_down(i) {
                return false;
            }
            i += 1;
        }
        while i > best_i {
            if !self.move_down(i - 1) {
                return false;
            }
            i -= 1;
        }
        complete
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxidd::bdd::BDDFunction;
    use oxidd::{BooleanFunction, Function, ManagerRef};

    const GROUPS: u32 = 8;

    /// Eight groups of two variables (as a block's current and next variable); `x(i)` is the
    /// first variable of group `i`.
    fn x(i: u32) -> VarNo {
        2 * i
    }

    fn groups() -> Vec<Vec<VarNo>> {
        (0..GROUPS).map(|i| vec![2 * i, 2 * i + 1]).collect()
    }

    fn truth_table(f: &BDDFunction) -> Vec<bool> {
        (0..1u32 << (2 * GROUPS))
            .map(|a| f.eval((0..2 * GROUPS).map(|v| (v, a >> v & 1 == 1))))
            .collect()
    }

    /// `(x0 ∧ x4) ∨ (x1 ∧ x5) ∨ (x2 ∧ x6) ∨ (x3 ∧ x7)` (group numbers) and a few random
    /// functions of all variables: exponential in the order of creation, linear once each
    /// group sits next to its partner.
    fn setup() -> (oxidd::bdd::BDDManagerRef, Vec<BDDFunction>) {
        let mref = oxidd::bdd::new_manager(1 << 20, 1 << 12, 1);
        // operations on functions take the manager's shared lock: none inside the exclusive one
        let vars: Vec<BDDFunction> = mref.with_manager_exclusive(|m| {
            m.add_vars(2 * GROUPS);
            (0..2 * GROUPS)
                .map(|i| BDDFunction::var(m, i).unwrap())
                .collect()
        });
        let fs = {
            let v = |i: VarNo| vars[i as usize].clone();
            let mut f = mref.with_manager_shared(|m| BDDFunction::f(m));
            for i in 0..GROUPS / 2 {
                f = f.or(&v(x(i)).and(&v(x(i + GROUPS / 2))).unwrap()).unwrap();
            }
            let mut fs = vec![f];
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            for _ in 0..3 {
                let mut g = mref.with_manager_shared(|m| BDDFunction::t(m));
                for _ in 0..12 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let lit = v((seed % (2 * GROUPS as u64)) as VarNo);
                    let lit = if seed >> 20 & 1 == 1 {
                        lit.not().unwrap()
                    } else {
                        lit
                    };
                    g = match seed >> 30 & 3 {
                        0 => g.and(&lit),
                        1 => g.or(&lit),
                        _ => g.xor(&lit),
                    }
                    .unwrap();
                }
                fs.push(g);
            }
            fs
        };
        (mref, fs)
    }

    /// Each group occupies consecutive levels, first variable on top.
    fn groups_whole(mref: &oxidd::bdd::BDDManagerRef) -> bool {
        mref.with_manager_shared(|m| {
            (0..GROUPS).all(|i| m.var_to_level(2 * i + 1) == m.var_to_level(2 * i) + 1)
        })
    }

    #[test]
    fn group_sifting_keeps_every_function_and_pairs_the_partners() {
        let (mref, fs) = setup();
        let tables: Vec<Vec<bool>> = fs.iter().map(truth_table).collect();
        let before = fs[0].node_count();
        let st = mref.with_manager_exclusive(|m| group_sift(m, &groups(), &SiftOptions::default()));
        assert!(st.complete && st.swaps > 0, "{st:?}");
        assert!(st.after < st.before, "{st:?}");
        assert!(groups_whole(&mref));
        for (f, t) in fs.iter().zip(&tables) {
            assert!(truth_table(f) == *t);
        }
        // 32 nodes with the partners four groups apart, 10 with each pair adjacent; sifting
        // minimises the sum with the random functions, so it stops near the latter
        assert!(before >= 30, "{before} nodes before");
        assert!(
            fs[0].node_count() <= 12,
            "{} nodes, {before} before",
            fs[0].node_count()
        );
    }

    #[test]
    fn groups_move_into_a_given_order() {
        let (mref, fs) = setup();
        let tables: Vec<Vec<bool>> = fs.iter().map(truth_table).collect();
        let target: Vec<usize> = vec![3, 7, 0, 4, 6, 1, 5, 2];
        assert!(mref.with_manager_exclusive(|m| set_group_order(
            m,
            &groups(),
            &target,
            usize::MAX
        )));
        assert!(groups_whole(&mref));
        let levels: Vec<u32> = mref.with_manager_shared(|m| {
            target
                .iter()
                .map(|&g| m.var_to_level(x(g as u32)))
                .collect()
        });
        assert_eq!(levels, [0, 2, 4, 6, 8, 10, 12, 14]);
        for (f, t) in fs.iter().zip(&tables) {
            assert!(truth_table(f) == *t);
        }
        // not a permutation, or groups that do not tile the order: nothing happens
        assert!(!mref.with_manager_exclusive(|m| set_group_order(
            m,
            &groups(),
            &[0, 1],
            usize::MAX
        )));
        let split = vec![vec![0, 2], vec![1, 3]];
        let st = mref.with_manager_exclusive(|m| group_sift(m, &split, &SiftOptions::default()));
        assert_eq!(st.swaps, 0);
    }

    /// A store too small for any swap: the sifting does nothing rather than abort the process.
    #[test]
    fn no_swap_risks_the_node_store() {
        let (mref, fs) = setup();
        let tables: Vec<Vec<bool>> = fs.iter().map(truth_table).collect();
        let opts = SiftOptions {
            capacity: 10,
            ..SiftOptions::default()
        };
        let st = mref.with_manager_exclusive(|m| group_sift(m, &groups(), &opts));
        assert!(!st.complete && st.after == st.before, "{st:?}");
        assert!(groups_whole(&mref));
        for (f, t) in fs.iter().zip(&tables) {
            assert!(truth_table(f) == *t);
        }
    }
}
