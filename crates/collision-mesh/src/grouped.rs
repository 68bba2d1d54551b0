//! Entries kept four to a block and four blocks to a group, slot by slot
//! (a grid column's, a cell's), all slots in two flat arrays: the layout
//! the rays' columns ([`crate::columns`]) and the shape queries' cell
//! blocks ([`crate::cell_blocks`]) share. A group's four lanes hold its
//! blocks' boxes, so a search tests a slot's groups and then the blocks of
//! the groups it meets, four boxes at once.

/// The groups (`G`) and blocks (`B`) of every slot, slot after slot.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Grouped<G, B> {
    /// Per slot, where its groups start in `groups` and its blocks in
    /// `blocks`; one more entry than slots, the last the ends.
    starts: Vec<[u32; 2]>,
    /// Per group, the boxes of its blocks (four at most).
    groups: Vec<G>,
    /// Each slot's blocks, four to a group but the last: the slot's group
    /// `g` has its blocks `4g ..` from the slot's first.
    blocks: Vec<B>,
}

// Not derived, which would ask `G` and `B` for defaults an empty set never
// needs.
impl<G, B> Default for Grouped<G, B> {
    fn default() -> Self {
        Self {
            starts: Vec::new(),
            groups: Vec::new(),
            blocks: Vec::new(),
        }
    }
}

impl<G: Copy, B: Copy> Grouped<G, B> {
    /// Room for `slots` slots' starts; no slot yet.
    pub(crate) fn with_slots(slots: usize) -> Self {
        Self {
            starts: Vec::with_capacity(slots + 1),
            groups: Vec::new(),
            blocks: Vec::new(),
        }
    }

    /// Starts the next slot: the entries given to [`Grouped::entry`] from
    /// here on are its own. [`Grouped::close`] ends the last.
    pub(crate) fn open_slot(&mut self) {
        self.starts.push(self.ends());
    }

    /// Ends the last slot.
    pub(crate) fn close(&mut self) {
        self.starts.push(self.ends());
    }

    /// Where the next slot's groups and blocks start.
    fn ends(&self) -> [u32; 2] {
        // Both counts are below the grid lists' entries, which a u32 counts.
        [self.groups.len() as u32, self.blocks.len() as u32]
    }

    /// Entry `k` of the open slot (its entries given in order from 0): a
    /// new group (`empty_group`) every sixteen entries and a new block
    /// (`empty_block`) every four; the entry's group with the block's lane
    /// in it, and its block with the entry's lane in it.
    pub(crate) fn entry(
        &mut self,
        k: usize,
        empty_group: G,
        empty_block: B,
    ) -> Option<(&mut G, usize, &mut B, usize)> {
        if k.is_multiple_of(16) {
            self.groups.push(empty_group);
        }
        if k.is_multiple_of(4) {
            self.blocks.push(empty_block);
        }
        let (group, block) = (self.groups.last_mut()?, self.blocks.last_mut()?);
        Some((group, (k / 4) % 4, block, k % 4))
    }

    /// How many slots there are.
    pub(crate) fn slots(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// Slot `slot`'s groups and blocks (none for no such slot).
    #[inline]
    pub(crate) fn of(&self, slot: usize) -> (&[G], &[B]) {
        match (self.starts.get(slot), self.starts.get(slot + 1)) {
            (Some(&[ga, ba]), Some(&[gb, bb])) => (
                self.groups
                    .get(ga as usize..gb as usize)
                    .unwrap_or_default(),
                self.blocks
                    .get(ba as usize..bb as usize)
                    .unwrap_or_default(),
            ),
            _ => (&[], &[]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two slots of 17 and 0 entries, then one of 4: a group per sixteen,
    /// a block per four, each entry at its lane.
    #[test]
    fn entries_fill_blocks_of_four_and_groups_of_four_blocks() {
        let mut g: Grouped<[u32; 4], [u32; 4]> = Grouped::with_slots(3);
        for n in [17, 0, 4] {
            g.open_slot();
            for k in 0..n {
                let (group, b, block, lane) = g.entry(k, [0; 4], [0; 4]).expect("pushed");
                group[b] += 1;
                block[lane] = k as u32 + 1;
            }
        }
        g.close();
        let (groups, blocks) = g.of(0);
        assert_eq!(groups, [[4, 4, 4, 4], [1, 0, 0, 0]]);
        assert_eq!(blocks.len(), 5);
        assert_eq!(blocks[0], [1, 2, 3, 4]);
        assert_eq!(blocks[4], [17, 0, 0, 0]);
        assert_eq!(g.of(1), (&[][..], &[][..]));
        assert_eq!(g.of(2), (&[[4, 0, 0, 0]][..], &[[1, 2, 3, 4]][..]));
        assert_eq!(g.of(3), (&[][..], &[][..]));
    }
}
