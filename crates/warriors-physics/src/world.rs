//! The world of bodies (placeholder).
pub struct World;
pub struct Body;
pub enum BodyKind {}
