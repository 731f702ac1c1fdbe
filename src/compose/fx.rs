//! A fast hash for small integer keys (the `FxHash` of the Rust compiler: a multiply and a
//! rotate per word), and an interner of signatures built on it. The standard library's SipHash
//! resists hash flooding, which the engine's own integer tuples do not need, and took a third of
//! the minimisation time.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

#[derive(Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(w));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }

    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

pub type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// Distinct sorted lists of pairs, each given a number once. The lists are stored end to end
/// in one array and found by their hash (a chain per hash value), so that interning costs no
/// allocation per list: one box per list cost a third of the refinement in allocation and
/// freeing.
#[derive(Default)]
pub struct Interner {
    /// The last list interned with each hash; `next` chains the earlier ones.
    head: FxMap<u64, u32>,
    next: Vec<u32>,
    offsets: Vec<usize>,
    data: Vec<(u32, u32)>,
}

impl Interner {
    fn hash(list: &[(u32, u32)]) -> u64 {
        let mut h = FxHasher::default();
        h.add(list.len() as u64);
        for &(a, b) in list {
            h.add(((a as u64) << 32) | b as u64);
        }
        h.finish()
    }

    pub fn id(&mut self, list: &[(u32, u32)]) -> u32 {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        let h = Self::hash(list);
        let mut at = self.head.get(&h).copied().unwrap_or(u32::MAX);
        let first = at;
        while at != u32::MAX {
            if self.get(at) == list {
                return at;
            }
            at = self.next[at as usize];
        }
        let i = self.next.len() as u32;
        self.next.push(first);
        self.data.extend_from_slice(list);
        self.offsets.push(self.data.len());
        self.head.insert(h, i);
        i
    }

    pub fn get(&self, id: u32) -> &[(u32, u32)] {
        &self.data[self.offsets[id as usize]..self.offsets[id as usize + 1]]
    }
}

#[cfg(test)]
mod tests {
    use super::Interner;

    #[test]
    fn equal_lists_share_a_number() {
        let mut i = Interner::default();
        let a = i.id(&[(1, 2), (3, 4)]);
        let b = i.id(&[]);
        let c = i.id(&[(1, 2)]);
        assert_eq!(i.id(&[(1, 2), (3, 4)]), a);
        assert_eq!(i.id(&[]), b);
        assert_eq!(i.id(&[(1, 2)]), c);
        assert!(a != b && b != c && a != c);
        assert_eq!(i.get(a), &[(1, 2), (3, 4)]);
        assert_eq!(i.get(b), &[]);
    }
}
