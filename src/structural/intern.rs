//! Ids for fixed-width tuples of `u32` (the product's states), stored flat in one vector and
//! found by open addressing over it: no allocation per state or per edge.
//!
//! The product of a failed structural try is explored up to its state limit and thrown away;
//! with a hash map keyed by one `Vec<u32>` per state (and one more per edge looked up), the
//! allocator and the hashing were most of a try's time (`perf` on RERS 2017/106: `malloc` and
//! `free` about 21 %, the map's lookups 6 %, of a run spending 30 % in the product build).

/// The tuples seen so far, numbered in the order they were first interned.
pub struct Interner {
    width: usize,
    /// The tuples, `width` values each, in id order.
    flat: Vec<u32>,
    /// Open addressing: `u32::MAX` for an empty slot, else an id. Its length is a power of two,
    /// at least twice the number of ids.
    table: Vec<u32>,
}

impl Interner {
    pub fn new(width: usize) -> Interner {
        Interner {
            width,
            flat: Vec::new(),
            table: vec![u32::MAX; 1024],
        }
    }

    /// The number of tuples interned.
    pub fn len(&self) -> usize {
        self.flat.len() / self.width.max(1)
    }

    pub fn is_empty(&self) -> bool {
        self.flat.is_empty()
    }

    /// The tuple with id `id`.
    pub fn get(&self, id: u32) -> &[u32] {
        let w = self.width;
        &self.flat[id as usize * w..(id as usize + 1) * w]
    }

    /// The id of `t` (of length `width`) and whether it is new.
    pub fn intern(&mut self, t: &[u32]) -> (u32, bool) {
        debug_assert_eq!(t.len(), self.width);
        let mask = self.table.len() - 1;
        let mut slot = hash(t) as usize & mask;
        loop {
            match self.table[slot] {
                u32::MAX => break,
                id if self.get(id) == t => return (id, false),
                _ => slot = (slot + 1) & mask,
            }
        }
        let id = self.len() as u32;
        self.flat.extend_from_slice(t);
        self.table[slot] = id;
        if 2 * self.len() > self.table.len() {
            self.grow();
        }
        (id, true)
    }

    fn grow(&mut self) {
        let mut table = vec![u32::MAX; 2 * self.table.len()];
        let mask = table.len() - 1;
        for id in 0..self.len() as u32 {
            let mut slot = hash(self.get(id)) as usize & mask;
            while table[slot] != u32::MAX {
                slot = (slot + 1) & mask;
            }
            table[slot] = id;
        }
        self.table = table;
    }
}

/// FxHash's mixing step (rustc's), finished by a multiply-shift so the low bits the table uses
/// depend on every value.
fn hash(t: &[u32]) -> u64 {
    const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let mut h = 0u64;
    for &x in t {
        h = (h.rotate_left(5) ^ x as u64).wrapping_mul(K);
    }
    (h ^ (h >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 16
}

#[cfg(test)]
mod tests {
    use super::Interner;

    #[test]
    fn ids_are_dense_in_first_seen_order_and_survive_growth() {
        let mut it = Interner::new(3);
        let tuple = |k: u32| [k % 7, k / 7, k.wrapping_mul(2_654_435_761) % 5];
        let mut seen = std::collections::HashMap::new();
        for k in 0..5_000u32 {
            let t = tuple(k % 3_000);
            let (id, new) = it.intern(&t);
            let next = seen.len() as u32;
            let expected = *seen.entry(t).or_insert(next);
            assert_eq!(id, expected, "tuple {t:?}");
            // the first 3,000 tuples are distinct, the rest repeat them
            assert_eq!(new, k < 3_000);
            assert_eq!(it.get(id), &t);
        }
        assert_eq!(it.len(), seen.len());
    }
}
