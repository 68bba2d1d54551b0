//! The body flags word (`body +0x40`), the scripts' PHYFLAG values, the
//! owner type mask's bits the physics reads and the object flags a settle
//! reads and writes.

use bitflags::bitflags;

// The console's words as modules of named constants, the form this crate
// gives every such word (`object_flags` below, `resolve`'s answer and
// contact flags): alike in form, each value its own.
/// The bits of an owner's type mask (owner vtable `+0x20`, copied to the
/// body's `+0x44`) that the physics itself reads.
pub mod type_bits {
    /// 0x1: a world object (the reference owners' mask).
    pub const OBJECT: u32 = 0x1;
    /// 0x40: a human (the body sweep's and the strikes' test; a walking
    /// human's contact answer).
    pub const HUMAN: u32 = 0x40;
    /// 0x200: a body a walking human slides past without keeping the
    /// contact's scale (`Human_OnContact` answers 1).
    pub const SLIDE_PAST: u32 = 0x200;
}

bitflags! {
    /// A body's flags (`+0x40`), with the console's values (overview
    /// "Bodies", "Collision layers"). Unknown bits are kept.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub struct BodyFlags: u32 {
        /// 0x1: with 0x800, the update sweeps the moved first shape against
        /// the bodies (0x801).
        const SWEEP_ON_UPDATE = 0x1;
        /// 0x2 (PHYFLAG BLOCKOBJECTS 1): met by a flying world object.
        const BLOCKOBJECTS = 0x2;
        /// 0x4 (BLOCKHUMANS 2): met by a walking human.
        const BLOCKHUMANS = 0x4;
        /// 0x8 (WEAPONTARGET 8): met by weapon strikes.
        const WEAPONTARGET = 0x8;
        /// 0x10 (MELEETARGET 4): met by strikes.
        const MELEETARGET = 0x10;
        /// 0x20 (CHARGETARGET 32): met by a charging human.
        const CHARGETARGET = 0x20;
        /// 0x40 (JUMPTARGET 16): met by an airborne or holding human.
        const JUMPTARGET = 0x40;
        /// 0x100: the sphere and box mesh sweeps skip triangles with flag
        /// bit 3 (every world object's body).
        const SKIP_BIT_3 = 0x100;
        /// 0x200: not pushable (code 4 and the push sphere leave it alone).
        const NOT_PUSHABLE = 0x200;
        /// 0x400: the sweep writes the slid velocity back to the owner.
        const WRITE_VELOCITY = 0x400;
        /// 0x800: updated every time, dirty or not.
        const UPDATE_ALWAYS = 0x800;
        /// 0x1000: the pending push-out is already divided by the push
        /// weight (set by `PhysicsBody_PushOutOfWalls`).
        const PUSH_PREDIVIDED = 0x1000;
        /// 0x2000 (RAYCASTTARGET 64): met by rays.
        const RAYCASTTARGET = 0x2000;
        /// 0x4000: the human body's update does nothing.
        const NO_HUMAN_UPDATE = 0x4000;
        /// 0x8000: no slide on contact.
        const NO_SLIDE = 0x8000;
        /// 0x10000 (COMBATPASSTHROUGH 128).
        const COMBATPASSTHROUGH = 0x1_0000;
        /// 0x20000 (THROWNWEAPONTARGET 256): met by thrown weapons.
        const THROWNWEAPONTARGET = 0x2_0000;
        /// 0x40000 (RUNTARGET 512): struck by a running human on contact.
        const RUNTARGET = 0x4_0000;
        /// 0x80000000: dirty: re-posed and re-sorted on the next update.
        const DIRTY = 0x8000_0000;
    }
}

/// Declares the PHYFLAG values and [`PHYFLAG_TO_BODY`] from one list: each
/// value's script name, number and doc, mapped to the body flag of the same
/// name.
macro_rules! phyflags {
    ($($(#[doc = $doc:literal])* $name:ident = $value:literal;)*) => {
        /// The scripts' PHYFLAG values (CfgObj argument 12; overview
        /// "Collision layers"), each mapped to one body flag by
        /// [`PHYFLAG_TO_BODY`].
        pub mod phyflag {
            $($(#[doc = $doc])* pub const $name: u32 = $value;)*
        }

        /// The scripts' PHYFLAG values by their script names, in the order
        /// of their bits, with the body flag each maps to one for one
        /// (overview "Collision layers").
        pub const PHYFLAG_TO_BODY: [(&str, u32, BodyFlags); [$($value),*].len()] =
            [$((stringify!($name), phyflag::$name, BodyFlags::$name)),*];
    };
}

phyflags! {
    /// Met by flying world objects.
    BLOCKOBJECTS = 1;
    /// Met by walking humans.
    BLOCKHUMANS = 2;
    /// Met by strikes.
    MELEETARGET = 4;
    /// Met by weapon strikes.
    WEAPONTARGET = 8;
    /// Met by airborne or holding humans.
    JUMPTARGET = 16;
    /// Met by charging humans.
    CHARGETARGET = 32;
    /// Met by rays.
    RAYCASTTARGET = 64;
    /// Combat passes through.
    COMBATPASSTHROUGH = 128;
    /// Met by thrown weapons.
    THROWNWEAPONTARGET = 256;
    /// Struck by a running human.
    RUNTARGET = 512;
}

impl BodyFlags {
    /// A human's starting flags (`IPhysics_CreateHumanBody`): 0x8002243f.
    pub const HUMAN_START: Self = Self::from_bits_retain(0x8002_243f);
    /// The punch bag's: 0x8000243f.
    pub const PUNCH_BAG_START: Self = Self::from_bits_retain(0x8000_243f);
    /// A world object's before its layers and kind bits: 0x80000500.
    pub const OBJECT_START: Self = Self::from_bits_retain(0x8000_0500);
    /// A car's at creation: 0x80000000 (then `Car_MakeBodies` ORs in
    /// [`BodyFlags::CAR_LAYERS`]).
    pub const CAR_START: Self = Self::DIRTY;
    /// What `Car_MakeBodies` ORs in: 0x2211a.
    pub const CAR_LAYERS: Self = Self::from_bits_retain(0x2_211a);
    /// A glass pane's (the box body's): 0x8000007a.
    pub const PANE_START: Self = Self::from_bits_retain(0x8000_007a);
    /// What `Human_Unarrest` sets: 0x80000004 (BLOCKHUMANS and dirty).
    pub const UNARREST: Self = Self::from_bits_retain(0x8000_0004);

    /// The body flags of a PHYFLAG word (CfgObj argument 12): each PHYFLAG
    /// bit becomes its body flag; bits above RUNTARGET map to nothing.
    #[must_use]
    pub fn from_phyflags(phy: u32) -> Self {
        PHYFLAG_TO_BODY
            .iter()
            .filter(|(_, v, _)| phy & v != 0)
            .fold(Self::empty(), |acc, (_, _, f)| acc | *f)
    }
}

/// The object flags a settle reads and writes (the task head's `+0x54`).
pub mod object_flags {
    /// 0x10: a human holds the object.
    pub const HELD: u32 = 0x10;
    /// 0x40000: settling.
    pub const SETTLING: u32 = 0x4_0000;
    /// 0x2000000: grounded.
    pub const GROUNDED: u32 = 0x200_0000;
    /// 0x4000000: airborne.
    pub const AIRBORNE: u32 = 0x400_0000;
    /// 0x8000000: settled.
    pub const SETTLED: u32 = 0x800_0000;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape_query::QueryOptions;
    use collision_mesh::SweepOptions;

    /// The overview's numbers: the PHYFLAG values 1 to 512 in the table's
    /// order ("Collision layers"); a human's type bit 0x40 (body `+0x44`,
    /// "Bodies"); the type flag `Human_OnContact` answers 1 against, 0x200
    /// ("Contacts"). The world object's 0x1 is the register's reading
    /// (divergence 266: the overview gives none).
    #[test]
    fn the_words_keep_the_console_values() {
        for (i, (_, value, _)) in PHYFLAG_TO_BODY.iter().enumerate() {
            assert_eq!(*value, 1 << i);
        }
        assert_eq!((phyflag::BLOCKOBJECTS, phyflag::RUNTARGET), (1, 512));
        assert_eq!((type_bits::HUMAN, type_bits::SLIDE_PAST), (0x40, 0x200));
        assert_eq!(type_bits::OBJECT, 0x1, "divergence 266");
    }

    /// The query options' mesh bits are the mesh sweep's options (spec Unit
    /// 1, "Issue #150"): 0x4, 0x8, 0x40, 0x8000, 0x20000.
    #[test]
    fn the_query_options_mesh_bits_are_the_sweep_options() {
        let mesh = QueryOptions::NZ_MIN
            | QueryOptions::NZ_MAX
            | QueryOptions::MARK_FACES
            | QueryOptions::SKIP_BIT_3
            | QueryOptions::ONE_PER_PLANE;
        assert_eq!(mesh.bits(), 0x4 | 0x8 | 0x40 | 0x8000 | 0x2_0000);
        assert_eq!(
            SweepOptions::from_bits_retain(mesh.bits()),
            SweepOptions::all()
        );
    }
}
