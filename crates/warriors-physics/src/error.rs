//! The facade's typed errors: [`QueryError`] for a query's input, and the
//! record layer's [`MeshError`](collision_mesh::MeshError) for loading,
//! passed through as it is (it names the file and the place).

/// Which input of a query was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Input {
    /// The shape's position (a sphere's centre, a capsule's feet, a box's
    /// centre), or the point a push-out or ground query starts from.
    Position,
    /// The move of a sweep.
    Motion,
    /// A radius.
    Radius,
    /// A capsule's height.
    Height,
    /// A box's half extents.
    HalfExtents,
    /// A box's rotation.
    Rotation,
    /// A ray's origin.
    RayOrigin,
    /// A ray's direction.
    RayDirection,
    /// A ray's length (or a ground query's drop).
    RayLength,
    /// A body's velocity or time step.
    Velocity,
    /// A human's class scale.
    Scale,
    /// A body's weight, push weight or restitution.
    Attribute,
}

/// Why a query refused its input. A refused query never answers: no hit,
/// no contact, nothing moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum QueryError {
    /// A coordinate or scalar is a NaN or an infinity (divergence 340).
    #[error("{input:?} is not finite")]
    NonFinite {
        /// The input.
        input: Input,
    },
    /// A radius, height, half extent or length is below zero.
    #[error("{input:?} is negative")]
    Negative {
        /// The input.
        input: Input,
    },
    /// A ray direction of length zero: it points nowhere.
    #[error("the ray's direction has length zero")]
    ZeroDirection,
    /// A finite value outside the range the world takes: a coordinate,
    /// size or offset beyond [`MAX_LENGTH`](crate::world::MAX_LENGTH), a
    /// speed beyond [`MAX_SPEED`](crate::world::MAX_SPEED), a class scale
    /// beyond [`MAX_SCALE`](crate::world::MAX_SCALE), a weight, push
    /// weight or restitution outside its range
    /// ([`WEIGHT_RANGE`](crate::world::WEIGHT_RANGE),
    /// [`PUSH_WEIGHT_RANGE`](crate::world::PUSH_WEIGHT_RANGE),
    /// [`RESTITUTION_RANGE`](crate::world::RESTITUTION_RANGE)), a rotation
    /// that is not a unit quaternion (divergence 353).
    #[error("{input:?} is outside the range the world takes")]
    OutOfRange {
        /// The input.
        input: Input,
    },
}

/// Why a world call refused.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WorldError {
    /// The level has more tiles than a contact's triangle word can name
    /// (65,536, [`physics_world::tiles::MAX_TILES`]; divergences 344, 346).
    #[error("the world takes a level of at most 65,536 tiles; this one has {tiles}")]
    LevelTooLarge {
        /// The level's tiles.
        tiles: usize,
    },
    /// The body's handle is stale: its body was freed.
    #[error("no such body (it was freed)")]
    NoSuchBody,
    /// The body's handle is another world's.
    #[error("the body is another world's")]
    OtherWorld,
    /// The call is for another kind of body.
    #[error("the call takes a {expected:?} body; this one is a {found:?}")]
    WrongKind {
        /// The kind the call takes.
        expected: crate::world::BodyKind,
        /// The body's kind.
        found: crate::world::BodyKind,
    },
    /// A pool of the world is full (the console's capacities).
    #[error("the world's {what} pool is full")]
    PoolFull {
        /// Which pool.
        what: &'static str,
    },
    /// An input was refused.
    #[error(transparent)]
    Query(#[from] QueryError),
    /// The body is not a human's (it has no capsule and bone shapes): the
    /// walking controller moves humans only.
    #[error("the body is not a human's")]
    NotAHuman,
}
