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

/// Distinct sorted lists of pairs, each given a number once.
#[derive(Default)]
pub struct Interner {
    ids: FxMap<Box<[(u32, u32)]>, u32>,
    lists: Vec<Box<[(u32, u32)]>>,
}

impl Interner {
    pub fn id(&mut self, list: &[(u32, u32)]) -> u32 {
        if let Some(&i) = self.ids.get(list) {
            return i;
        }
        let i = self.lists.len() as u32;
        let boxed: Box<[(u32, u32)]> = list.into();
        self.lists.push(boxed.clone());
        self.ids.insert(boxed, i);
        i
    }

    pub fn get(&self, id: u32) -> &[(u32, u32)] {
        &self.lists[id as usize]
    }
}
