//! Choosing the properties of a problem (thesis §5.1): pattern instances over the core
//! alphabet, each interruptible (Def. 31, decided by Thm. 2's condition on its automata,
//! [`super::interruptible`]), none twice, and which of them are to be false.

use std::collections::BTreeMap;

use crate::error::Result;
use crate::gen::rng::Rng;
use crate::logic::Ltl;

use super::interruptible::is_interruptible;
use super::mts::Lb;
use super::patterns::{Instance, Pattern, LTL};

/// Give up drawing after this many tries per wanted instance.
const TRIES: usize = 200;

/// A random instance of a random pattern of `table` with distinct labels of `core`.
pub fn draw(table: &[Pattern], core: &[Lb], rng: &mut Rng) -> Option<Instance> {
    draw_from(table, core, &|_| true, rng)
}

/// [`draw`] among the patterns `allowed` accepts.
pub fn draw_from(
    table: &[Pattern],
    core: &[Lb],
    allowed: &dyn Fn(&Pattern) -> bool,
    rng: &mut Rng,
) -> Option<Instance> {
    for _ in 0..TRIES {
        let k = rng.below(table.len());
        let arity = table[k].arity;
        if arity > core.len() || !allowed(&table[k]) {
            continue;
        }
        let mut pool = core.to_vec();
        rng.shuffle(&mut pool);
        return Some(Instance {
            pattern: k,
            labels: pool[..arity].to_vec(),
        });
    }
    None
}

/// Draws interruptible LTL instances, none equal to one in `taken`; remembers which
/// formulas were found interruptible or not in `cache`.
pub struct LtlDrawer {
    cache: BTreeMap<(usize, Vec<Lb>), bool>,
}

impl Default for LtlDrawer {
    fn default() -> Self {
        Self::new()
    }
}

impl LtlDrawer {
    pub fn new() -> LtlDrawer {
        LtlDrawer {
            cache: BTreeMap::new(),
        }
    }

    /// The next interruptible instance not in `taken`, with its formula; `structural`: of a
    /// pattern that asks for behaviour (a response) rather than forbids it, since a
    /// structural property shapes the base and is never written.
    pub fn next(
        &mut self,
        core: &[Lb],
        taken: &[Instance],
        structural: bool,
        rng: &mut Rng,
    ) -> Result<Option<(Instance, Ltl)>> {
        let allowed = |p: &Pattern| !structural || p.name.contains("response");
        for _ in 0..TRIES {
            let Some(inst) = draw_from(LTL, core, &allowed, rng) else {
                return Ok(None);
            };
            if taken.contains(&inst) {
                continue;
            }
            let f = inst.ltl()?;
            let key = (inst.pattern, inst.labels.clone());
            let ok = match self.cache.get(&key) {
                Some(&ok) => ok,
                None => {
                    let ok = is_interruptible(&f)?;
                    self.cache.insert(key, ok);
                    ok
                }
            };
            if ok {
                return Ok(Some((inst, f)));
            }
        }
        Ok(None)
    }
}

/// Which of `n` properties are false: `round(n · share)` of them, at random positions.
pub fn verdicts(n: usize, share: f64, rng: &mut Rng) -> Vec<bool> {
    let falses = ((n as f64) * share).round() as usize;
    let mut v: Vec<bool> = (0..n).map(|i| i >= falses).collect();
    rng.shuffle(&mut v);
    v
}
