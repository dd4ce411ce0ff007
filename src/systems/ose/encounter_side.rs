//! A side's members in a fixed array (a side has at most [`MAX_SIDE`] members): an
//! encounter keeps its hit points and its lists of members in these, so sampling one
//! allocates nothing.

use super::MAX_SIDE;
use std::ops::{Deref, DerefMut};

/// Up to [`MAX_SIDE`] values, one per member of a side, in order; read and written as a
/// slice.
#[derive(Debug, Clone, Copy)]
pub(super) struct SideList<T> {
    items: [T; MAX_SIDE],
    len: usize,
}

impl<T: Copy + Default> SideList<T> {
    /// An empty list.
    #[inline(always)]
    pub(super) fn new() -> Self {
        Self {
            items: [T::default(); MAX_SIDE],
            len: 0,
        }
    }

    /// Adds `value` at the end (a side never has more than [`MAX_SIDE`] members).
    #[inline(always)]
    pub(super) fn push(&mut self, value: T) {
        self.items[self.len] = value;
        self.len += 1;
    }

    /// Keeps the values that pass `keep`, in their order.
    #[inline(always)]
    pub(super) fn retain(&mut self, keep: impl Fn(&T) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            if keep(&self.items[i]) {
                self.items[kept] = self.items[i];
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl<T> Deref for SideList<T> {
    type Target = [T];

    #[inline(always)]
    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}

impl<T> DerefMut for SideList<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len]
    }
}

impl<T: Copy + Default> FromIterator<T> for SideList<T> {
    #[inline(always)]
    fn from_iter<I: IntoIterator<Item = T>>(values: I) -> Self {
        let mut list = Self::new();
        for value in values {
            list.push(value);
        }
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_list_keeps_its_order_as_a_vec_does() {
        let mut list: SideList<usize> = [4, 1, 7, 2].into_iter().collect();
        let mut vec = vec![4, 1, 7, 2];
        list.retain(|&x| x != 7);
        vec.retain(|&x| x != 7);
        assert_eq!(&*list, &vec[..]);
        list.push(9);
        list[0] = 5;
        assert_eq!(&*list, &[5, 1, 2, 9]);
    }
}
