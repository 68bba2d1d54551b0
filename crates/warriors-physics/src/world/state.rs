//! The words a game reads and sets on bodies, typed: an object's state,
//! its settle axes, the PHYFLAG layers and the owner type mask. Each keeps
//! the console's value behind it (`bits()`, `byte()`), so a reimplementer
//! can compare with a memory dump.

use bitflags::bitflags;
use physics_world::settle::AxisMask;
use physics_world::{object_flags, phyflag, type_bits, BodyFlags};

// Each word here takes its bit values from the record layer's constants
// (`object_flags`, `phyflag`, `type_bits`), so a value is written once.
bitflags! {
    /// What a world object (or a car, or a human's airborne bit) is doing:
    /// the object flags the physics reads and writes (the task head's
    /// `+0x54`, overview "Settling a landed object"). Other bits of the
    /// console's word are kept as they are.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub struct ObjectState: u32 {
        /// 0x10: a human holds it.
        const HELD = object_flags::HELD;
        /// 0x40000: a settle turns it onto a face.
        const SETTLING = object_flags::SETTLING;
        /// 0x2000000: it came to rest on a floor.
        const GROUNDED = object_flags::GROUNDED;
        /// 0x4000000: it is in the air (falling, thrown or bouncing); a
        /// human: airborne.
        const FALLING = object_flags::AIRBORNE;
        /// 0x8000000: a settle finished; the next floor contact stops it.
        const SETTLED = object_flags::SETTLED;
    }
}

impl ObjectState {
    /// Whether the object is at rest: neither falling nor settling.
    #[must_use]
    pub const fn is_at_rest(self) -> bool {
        !self.intersects(Self::FALLING.union(Self::SETTLING))
    }
}

/// Which faces a world object may come to rest on: the local axes a settle
/// may turn onto the floor's normal (CfgObj argument 10, the type's axis
/// byte, overview "Settling a landed object"; `physics_world::settle`).
///
/// [`SettleAxis::Never`] is the console's byte 0: such an object never
/// settles, and on a floor it keeps bouncing with its restitution and stays
/// [`ObjectState::FALLING`] (what the console does). A new object's default
/// is [`SettleAxis::Any`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SettleAxis {
    /// Byte 0: no axis; the object never settles.
    Never,
    /// Byte 1: onto a face across local x.
    X,
    /// Byte 2: across local y.
    Y,
    /// Byte 3: across x or y.
    XY,
    /// Byte 4: across local z.
    Z,
    /// Byte 5: across x or z.
    XZ,
    /// Byte 6: across y or z.
    YZ,
    /// Byte 7: across any local axis (the default).
    #[default]
    Any,
    /// Byte 13: `XZ` with the round bit, which the original drops: settles
    /// as [`SettleAxis::XZ`].
    XZRound,
    /// Byte 14: `YZ` with the round bit: settles as [`SettleAxis::YZ`].
    YZRound,
}

impl SettleAxis {
    /// The console's axis byte.
    #[must_use]
    pub const fn byte(self) -> u8 {
        match self {
            Self::Never => 0,
            Self::X => 1,
            Self::Y => 2,
            Self::XY => 3,
            Self::Z => 4,
            Self::XZ => 5,
            Self::YZ => 6,
            Self::Any => 7,
            Self::XZRound => 13,
            Self::YZRound => 14,
        }
    }

    /// The named value of a console axis byte; `None` for a byte the
    /// specification does not name (8-12, 15 and up).
    #[must_use]
    pub const fn from_byte(byte: u8) -> Option<Self> {
        Some(match byte {
            0 => Self::Never,
            1 => Self::X,
            2 => Self::Y,
            3 => Self::XY,
            4 => Self::Z,
            5 => Self::XZ,
            6 => Self::YZ,
            7 => Self::Any,
            13 => Self::XZRound,
            14 => Self::YZRound,
            _ => return None,
        })
    }

    /// The record layer's mask.
    #[must_use]
    pub const fn mask(self) -> AxisMask {
        AxisMask::from_byte(self.byte())
    }
}

bitflags! {
    /// The scripts' PHYFLAG collision layers of a world object (CfgObj
    /// argument 12; overview "Collision layers"): what meets it. Each maps
    /// to one body flag ([`Layers::body_flags`]).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub struct Layers: u32 {
        /// 1: met by flying world objects.
        const BLOCK_OBJECTS = phyflag::BLOCKOBJECTS;
        /// 2: met by walking humans.
        const BLOCK_HUMANS = phyflag::BLOCKHUMANS;
        /// 4: met by strikes.
        const MELEE_TARGET = phyflag::MELEETARGET;
        /// 8: met by weapon strikes.
        const WEAPON_TARGET = phyflag::WEAPONTARGET;
        /// 16: met by airborne or holding humans.
        const JUMP_TARGET = phyflag::JUMPTARGET;
        /// 32: met by charging humans.
        const CHARGE_TARGET = phyflag::CHARGETARGET;
        /// 64: met by rays.
        const RAYCAST_TARGET = phyflag::RAYCASTTARGET;
        /// 128: combat passes through.
        const COMBAT_PASS_THROUGH = phyflag::COMBATPASSTHROUGH;
        /// 256: met by thrown weapons.
        const THROWN_WEAPON_TARGET = phyflag::THROWNWEAPONTARGET;
        /// 512: struck by a running human.
        const RUN_TARGET = phyflag::RUNTARGET;
    }
}

impl Layers {
    /// The body flags these layers set (`BodyFlags::from_phyflags`).
    #[must_use]
    pub fn body_flags(self) -> BodyFlags {
        BodyFlags::from_phyflags(self.bits())
    }
}

bitflags! {
    /// An owner's type mask (vtable `+0x20`, copied to the body's `+0x44`):
    /// what a box query ([`World::bodies_in_box`](crate::World::bodies_in_box))
    /// filters by and what a walking human's contact answer reads. A mask
    /// of none is met by no query.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub struct TypeMask: u32 {
        /// 0x1: a world object (the reference owners' default; a car's too,
        /// divergence 266).
        const OBJECT = type_bits::OBJECT;
        /// 0x40: a human.
        const HUMAN = type_bits::HUMAN;
        /// 0x200: a body a walking human slides along without keeping the
        /// contact's scale (`Human_OnContact` answers 1).
        const SLIDE_PAST = type_bits::SLIDE_PAST;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_axis_bytes_are_the_settle_sections_values() {
        // Overview "Settling a landed object": bytes 1-7, 13, 14; 0 none.
        let all = [
            SettleAxis::Never,
            SettleAxis::X,
            SettleAxis::Y,
            SettleAxis::XY,
            SettleAxis::Z,
            SettleAxis::XZ,
            SettleAxis::YZ,
            SettleAxis::Any,
            SettleAxis::XZRound,
            SettleAxis::YZRound,
        ];
        let bytes: Vec<u8> = all.iter().map(|a| a.byte()).collect();
        assert_eq!(bytes, [0, 1, 2, 3, 4, 5, 6, 7, 13, 14]);
        for a in all {
            assert_eq!(SettleAxis::from_byte(a.byte()), Some(a));
        }
        assert_eq!(SettleAxis::from_byte(8), None);
        assert!(!SettleAxis::Never.mask().allows(0));
        assert!(SettleAxis::XZRound.mask().allows(2));
        assert_eq!(SettleAxis::default(), SettleAxis::Any);
    }

    #[test]
    fn layers_map_to_the_body_flags() {
        // Overview "Collision layers": BLOCKOBJECTS 1 is body flag 0x2,
        // RAYCASTTARGET 64 is 0x2000.
        assert_eq!(Layers::BLOCK_OBJECTS.body_flags(), BodyFlags::BLOCKOBJECTS);
        assert_eq!(
            (Layers::RAYCAST_TARGET | Layers::MELEE_TARGET)
                .body_flags()
                .bits(),
            0x2000 | 0x10
        );
    }

    /// The facade's words carry the console's numbers: the PHYFLAG layers
    /// 1 to 512 (overview "Collision layers"), the type bits 0x40 (a human,
    /// "Bodies") and 0x200 (`Human_OnContact`'s answer 1, "Contacts") with
    /// the world object's 0x1 (divergence 266), the sphere sweep's options
    /// 0x4, 0x8, 0x40, 0x8000 and 0x20000 (spec Unit 1, "Issue #150").
    #[test]
    fn the_words_keep_the_console_values() {
        use crate::query::SweepFlags;
        assert_eq!(Layers::all().bits(), 0x3ff);
        assert_eq!(Layers::RUN_TARGET.bits(), 512);
        assert_eq!(
            (TypeMask::OBJECT | TypeMask::HUMAN | TypeMask::SLIDE_PAST).bits(),
            0x241
        );
        assert_eq!(
            SweepFlags::all().bits(),
            0x4 | 0x8 | 0x40 | 0x8000 | 0x2_0000
        );
        assert_eq!(SweepFlags::SKIP_FLAG_BIT_3.bits(), 0x8000);
    }

    #[test]
    fn object_state_keeps_the_console_word() {
        assert_eq!(ObjectState::FALLING.bits(), 0x400_0000);
        assert_eq!(ObjectState::SETTLED.bits(), 0x800_0000);
        assert!(ObjectState::GROUNDED.is_at_rest());
        assert!(!(ObjectState::SETTLING | ObjectState::GROUNDED).is_at_rest());
    }
}
