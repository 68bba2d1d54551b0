//! The float modes the plugin runs in.

/// What the plugin needs of a float mode: the facade's [`Real`](warriors_physics::Real),
/// and what Bevy needs of a component's or resource's type.
pub trait PhysicsReal:
    warriors_physics::Real + warriors_physics::convert::Lane + Send + Sync + 'static
{
}

impl<R> PhysicsReal for R where
    R: warriors_physics::Real + warriors_physics::convert::Lane + Send + Sync + 'static
{
}
