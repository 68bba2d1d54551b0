//! [`WarriorsPhysicsPlugin`]: the resources, messages, systems and
//! observers, added in one line.

use std::marker::PhantomData;

use bevy_app::{App, FixedPostUpdate, Plugin};
use bevy_ecs::schedule::{IntoScheduleConfigs, SystemSet};
use bevy_time::{Fixed, Time};
use warriors_physics::{Hooks, WorldConfig};

use crate::messages::{
    BodyRefused, ContactMessage, LandedMessage, LevelRefused, SettleMessage, StrikeMessage,
    StuckMessage,
};
use crate::real::PhysicsReal;
use crate::resources::{Physics, PhysicsHooks};
use crate::systems;

/// The console's tick rate: the fixed timestep the plugin sets (Hz).
pub const TICK_HZ: f64 = 60.0;

/// The plugin's systems in `FixedPostUpdate`, in this order.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhysicsSystems {
    /// The level, new bodies, and what the game asked of its bodies
    /// ([`GameMoved`](crate::GameMoved) positions, walks, throws, strike
    /// bones).
    Prepare,
    /// One tick of the world and its events written as messages.
    Step,
    /// The bodies' `Transform`s written from the world.
    Writeback,
}

/// The world of The Warriors' physics in a Bevy app: `R` the float mode
/// (`f32`, or [`Ee32`](warriors_physics::Ee32) for the console's
/// arithmetic), `H` the game's [`Hooks`] (the resource
/// [`PhysicsHooks<H>`], made with `H::default()` unless the app has one;
/// `()` the console's answers).
///
/// It adds the [`Physics`] resource, the messages, the systems in
/// [`PhysicsSystems`] and the observers that free a body when its entity
/// loses it, and sets the fixed timestep to [`TICK_HZ`] (one fixed step is
/// one console tick: divergence 430).
pub struct WarriorsPhysicsPlugin<R: PhysicsReal = f32, H = ()> {
    config: WorldConfig,
    marker: PhantomData<fn() -> (R, H)>,
}

impl<R: PhysicsReal, H> Default for WarriorsPhysicsPlugin<R, H> {
    fn default() -> Self {
        Self::new(WorldConfig::default())
    }
}

impl<R: PhysicsReal, H> WarriorsPhysicsPlugin<R, H> {
    /// The plugin with a world of `config` (pool sizes, the body sweep's
    /// passes: the record layer's [`WorldConfig`]).
    #[must_use]
    pub fn new(config: WorldConfig) -> Self {
        Self {
            config,
            marker: PhantomData,
        }
    }
}

impl<R, H> Plugin for WarriorsPhysicsPlugin<R, H>
where
    R: PhysicsReal,
    H: Hooks<R> + Default + Send + Sync + 'static,
{
    fn build(&self, app: &mut App) {
        app.insert_resource(Physics::<R>::new(self.config))
            .init_resource::<PhysicsHooks<H>>()
            .add_message::<ContactMessage<R>>()
            .add_message::<StrikeMessage<R>>()
            .add_message::<LandedMessage<R>>()
            .add_message::<SettleMessage>()
            .add_message::<StuckMessage>()
            .add_message::<BodyRefused>()
            .add_message::<LevelRefused>()
            .configure_sets(
                FixedPostUpdate,
                (
                    PhysicsSystems::Prepare,
                    PhysicsSystems::Step,
                    PhysicsSystems::Writeback,
                )
                    .chain(),
            )
            .add_systems(
                FixedPostUpdate,
                (
                    systems::give_level::<R>,
                    systems::make_bodies::<R>,
                    systems::read_inputs::<R>,
                )
                    .chain()
                    .in_set(PhysicsSystems::Prepare),
            )
            .add_systems(
                FixedPostUpdate,
                systems::step::<R, H>.in_set(PhysicsSystems::Step),
            )
            .add_systems(
                FixedPostUpdate,
                systems::write_transforms::<R>.in_set(PhysicsSystems::Writeback),
            )
            .add_observer(systems::free_on_handle_removed::<R>)
            .add_observer(systems::free_on_kind_removed::<R>)
            .add_observer(systems::strikes_off::<R>);
        #[cfg(feature = "debug-draw")]
        crate::debug::build::<R>(app);
    }

    fn finish(&self, app: &mut App) {
        // After every plugin's `build`, so that `TimePlugin`'s 64 Hz
        // default, added before or after this plugin, is replaced.
        let world = app.world_mut();
        if let Some(mut fixed) = world.get_resource_mut::<Time<Fixed>>() {
            fixed.set_timestep_hz(TICK_HZ);
        } else {
            world.insert_resource(Time::<Fixed>::from_hz(TICK_HZ));
        }
    }
}
