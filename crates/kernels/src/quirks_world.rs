//! The switches of the world's quirks (`docs/quirks.md`, the strike loop
//! and the 0x801 update; shapes, bodies, queries and settling), one field
//! of [`Quirks`](crate::Quirks). The kernels do not read them; the physics
//! world (`crates/physics-world`) does, from its configuration's quirks.

/// The world's switchable quirks; `true` reproduces the console's
/// behaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WorldQuirks {
    /// The body sweep's tiny move (kernels file Unit 13, "Test ideas": the
    /// sweep stops below `|D|² ≤ 1e-6`): a pass whose move is that short
    /// sweeps nothing and the move ends as a slide that left no move, so a
    /// body lying a fraction of a millimetre above what holds it never
    /// meets it and stays airborne. Off, a tiny move is swept like any
    /// other (only a zero move ends the passes): a contact within it is met
    /// and answered, and without one the body moves by it. The mesh's own
    /// filter (a move into a face by less than 0.001 is dropped) still
    /// applies. Read by the body sweep (`PhysicsWorld::sweep`).
    pub tiny_move_skips_sweep: bool,
    /// The 0x801 update sweep gathers its candidates from the body's new
    /// box grown forward by the move, so a body the shape passed through
    /// lies behind the box and is missed. Off, the gather box is the new
    /// box grown back along the move to where the shape started, which
    /// covers the whole path. Read by `PhysicsWorld::update_with_sweep`.
    pub update_sweep_new_box_only: bool,
    /// The sort-and-sweep's backward walk has no `min.x ≤ box.max.x` test,
    /// so a query started from a body to the right of the box keeps bodies
    /// the box does not reach in `x`. Off, every kept body overlaps the
    /// box on all three axes. Read by `PhysicsWorld::query_box` (and every
    /// query built on it).
    pub backward_walk_skips_min_x: bool,
    /// The pane free (`IPhysics_FreeBoxBody`) skips `StopIgnoring`, so a
    /// freed pane's own ignore slots stay taken until their owner is
    /// removed, and the sixty slots run out sooner. Off, the pane free
    /// gives its own slots back, as the other frees do. Read by
    /// `PhysicsWorld::free_box_body`.
    pub pane_free_keeps_ignore_slots: bool,
    /// Two boxes already inside each other at a pass's start meet at
    /// fraction 0 (the box pair's answer for an overlap, either preset)
    /// and the back-off moves the mover 0.01 m along the pair's normal on
    /// every pass, so two world objects that end up inside each other
    /// leapfrog upwards for ever (`docs/divergences.md` row 273). Off, a
    /// candidate box the mover's box is already inside when the pass
    /// starts is not swept, and a contact met at fraction 0 with no normal
    /// is dropped: neither tells the way out, so the two pass through each
    /// other until they are apart. Read by the body
    /// sweep's bodies half (`PhysicsWorld::sweep_human_mask`).
    pub overlap_backs_out: bool,
    /// The world object's contact handler (`WorldObject_OnContact`, the
    /// reference owner's) lands an object only on the level: against any
    /// body it answers a bounce, so an object lying on another object or
    /// on a car bounces in place for ever and stays airborne. Off, a world
    /// object or a car at rest under it (a normal with `z` above 0.7) is a
    /// floor like the level's: the object settles and stops there. Read by
    /// `ReferenceOwners::world_object_on_contact` through the contact's
    /// context.
    pub object_lands_on_level_only: bool,
    /// The settle's nearest axis is the allowed axis whose positive end has
    /// the smallest `acos(axis · n)`, so an allowed axis pointing straight
    /// against the normal loses to one lying flat and the object tips over
    /// through 90°. Off, the nearest axis is the one with the largest
    /// `|axis · n|` (either end), and the turn's wrap lands that end. Read
    /// by the settle's target (`physics_world::settle`).
    pub settle_axis_by_positive_end: bool,
}

impl WorldQuirks {
    /// Every world quirk as the console has it.
    #[must_use]
    pub const fn console() -> Self {
        Self {
            tiny_move_skips_sweep: true,
            update_sweep_new_box_only: true,
            backward_walk_skips_min_x: true,
            pane_free_keeps_ignore_slots: true,
            object_lands_on_level_only: true,
            overlap_backs_out: true,
            settle_axis_by_positive_end: true,
        }
    }

    /// Every world quirk turned off.
    #[must_use]
    pub const fn corrected() -> Self {
        Self {
            tiny_move_skips_sweep: false,
            update_sweep_new_box_only: false,
            backward_walk_skips_min_x: false,
            pane_free_keeps_ignore_slots: false,
            object_lands_on_level_only: false,
            overlap_backs_out: false,
            settle_axis_by_positive_end: false,
        }
    }
}

impl Default for WorldQuirks {
    fn default() -> Self {
        Self::console()
    }
}
