//! A quick hasher for the engine's and the mechanics' caches: keys are small integers and
//! states, hashed often and never chosen by an adversary, so a multiply-rotate hash (much
//! quicker than the standard SipHash) serves. The caches are only looked up, so for them
//! it changes nothing but the time a lookup takes. [`super::chain::FixedMap`], which
//! merges a round's outcomes and is iterated, uses it too: being fixed, it lists them in
//! the same order on every run.

use std::hash::{BuildHasherDefault, Hasher};

/// The hasher of the caches' keys: small integers, hashed often, never chosen by an
/// adversary (a multiply-rotate hash, much quicker than the default one).
#[derive(Debug, Default, Clone, Copy)]
pub struct QuickHasher(u64);

impl Hasher for QuickHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Eight bytes at a time: arrays of integers are hashed as one slice of bytes.
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.write_u64(u64::from_le_bytes(w.try_into().unwrap_or_default()));
        }
        for &b in words.remainder() {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    #[inline]
    fn write_i64(&mut self, n: i64) {
        self.write_u64(n as u64);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    #[inline]
    fn write_isize(&mut self, n: isize) {
        self.write_u64(n as u64);
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    #[inline]
    fn write_i32(&mut self, n: i32) {
        self.write_u64(n as u64);
    }
}

/// Hash maps with the [`QuickHasher`].
pub type Quick = BuildHasherDefault<QuickHasher>;
