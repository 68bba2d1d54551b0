//! [`ContactAnswer`]: what a contact does to the moving body, the owner's
//! answer word (vtable `+0xf8`, overview "Contacts") as a value.

use physics_world::resolve::answer;

/// The code of a contact answer (the word's low 16 bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ContactCode {
    /// 0: nothing; the walk goes on to the next contact.
    Ignore,
    /// 1: slide along the contact.
    Slide,
    /// 2: bounce off it (with the owner's restitution).
    Bounce,
    /// 3: stop.
    Stop,
    /// 4: slide, and push the other body.
    SlideAndPush,
    /// Any other code: the resolution has no branch for it (it acts as
    /// [`ContactCode::Ignore`] but is kept as the console's word has it).
    Unbranched(u16),
}

impl ContactCode {
    /// The code's number.
    #[must_use]
    pub const fn number(self) -> u16 {
        match self {
            Self::Ignore => 0,
            Self::Slide => 1,
            Self::Bounce => 2,
            Self::Stop => 3,
            Self::SlideAndPush => 4,
            Self::Unbranched(n) => n,
        }
    }

    /// The code of a number.
    #[must_use]
    pub const fn from_number(n: u16) -> Self {
        match n {
            0 => Self::Ignore,
            1 => Self::Slide,
            2 => Self::Bounce,
            3 => Self::Stop,
            4 => Self::SlideAndPush,
            n => Self::Unbranched(n),
        }
    }
}

/// What one contact does: a [`ContactCode`] and the walk's three steering
/// bits. [`ContactAnswer::word`] is the console's answer word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ContactAnswer {
    /// The code.
    pub code: ContactCode,
    /// 0x10000: the walk over this pass's contacts ends here and the move
    /// goes on.
    pub end_walk: bool,
    /// 0x20000: the contact's scale is kept (the largest met) and applied
    /// to the velocity at the end of the move.
    pub keep_scale: bool,
    /// 0x40000: the move is aborted.
    pub abort: bool,
}

impl ContactAnswer {
    /// Nothing (word 0): the base owner's answer.
    pub const IGNORE: Self = Self::code(ContactCode::Ignore);
    /// Slide (word 1).
    pub const SLIDE: Self = Self::code(ContactCode::Slide);
    /// Bounce (word 2): a world object's answer against a wall or a body.
    pub const BOUNCE: Self = Self::code(ContactCode::Bounce);
    /// Stop (word 3).
    pub const STOP: Self = Self::code(ContactCode::Stop);

    /// An answer with `code` and no steering bit.
    #[must_use]
    pub const fn code(code: ContactCode) -> Self {
        Self {
            code,
            end_walk: false,
            keep_scale: false,
            abort: false,
        }
    }

    /// The console's answer word.
    ///
    /// ```
    /// use warriors_physics::{ContactAnswer, ContactCode};
    /// // A settled world object landing on a floor: stop, and end the walk.
    /// let a = ContactAnswer { end_walk: true, ..ContactAnswer::STOP };
    /// assert_eq!(a.word(), 0x1_0003);
    /// assert_eq!(ContactAnswer::from_word(0x2_0002).code, ContactCode::Bounce);
    /// ```
    #[must_use]
    pub const fn word(self) -> u32 {
        let mut w = self.code.number() as u32;
        if self.end_walk {
            w |= answer::END_WALK;
        }
        if self.keep_scale {
            w |= answer::KEEP_SCALE;
        }
        if self.abort {
            w |= answer::ABORT;
        }
        w
    }

    /// The answer of a console word. Bits above the three steering bits are
    /// not read by the resolution and are dropped.
    #[must_use]
    pub const fn from_word(word: u32) -> Self {
        Self {
            code: ContactCode::from_number((word & answer::CODE_MASK) as u16),
            end_walk: word & answer::END_WALK != 0,
            keep_scale: word & answer::KEEP_SCALE != 0,
            abort: word & answer::ABORT != 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_handlers_words_read_back() {
        // Overview "Who answers what": 0x20002 (a world object in the air
        // on a floor), 0x10003 (a settled one), 0x20001 (a walker), 4.
        for w in [
            0, 1, 2, 3, 4, 0x2_0002, 0x1_0003, 0x2_0001, 0x2_0004, 0x4_0000, 9,
        ] {
            assert_eq!(ContactAnswer::from_word(w).word(), w, "{w:#x}");
        }
        let a = ContactAnswer::from_word(0x2_0001);
        assert_eq!(a.code, ContactCode::Slide);
        assert!(a.keep_scale && !a.end_walk && !a.abort);
        assert_eq!(ContactAnswer::from_word(9).code, ContactCode::Unbranched(9));
    }
}
