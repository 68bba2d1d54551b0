//! The resources: the level, the world with each body's entity, the
//! game's hooks.

use std::collections::HashMap;
use std::path::Path;

use bevy_ecs::entity::Entity;
use bevy_ecs::resource::Resource;
use warriors_physics::{Body, Event, Level, MeshError, ObjOptions, TickReport, World, WorldConfig};

use crate::real::PhysicsReal;

/// The level the world's bodies move in, shared with every query
/// ([`Level`] is a handle: cloning it copies no triangle). Insert it (or
/// replace it) and the plugin gives it to the world before the next tick.
#[derive(Resource, Clone, Debug)]
pub struct PhysicsLevel<R: PhysicsReal = f32>(pub Level<R>);

impl<R: PhysicsReal> PhysicsLevel<R> {
    /// The level `level`, from any form the facade loads
    /// ([`Level::from_soup`], [`Level::load_obj`], [`Level::load_level_file`],
    /// [`Level::load_chunks_dir`], [`Level::load_binary`], [`Level::load_ron`]).
    #[must_use]
    pub fn new(level: Level<R>) -> Self {
        Self(level)
    }

    /// A level from a file or folder, by its form: a folder of the six
    /// chunk files, `.obj` (with [`ObjOptions::default`]), `.ron`, `.bin`
    /// (the compact binary form); any other file is read as the console's
    /// level file.
    ///
    /// # Errors
    ///
    /// What the facade's loader returns, naming the file.
    pub fn load(path: impl AsRef<Path>) -> Result<Self, MeshError> {
        let path = path.as_ref();
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let level = if path.is_dir() {
            Level::load_chunks_dir(path)?
        } else {
            match ext.as_deref() {
                Some("obj") => Level::load_obj(path, &ObjOptions::default())?,
                Some("ron") => Level::load_ron(path)?,
                Some("bin") => Level::load_binary(path)?,
                _ => Level::load_level_file(path)?,
            }
        };
        Ok(Self(level))
    }
}

/// The game's [`Hooks`](warriors_physics::Hooks), asked at every contact
/// of a tick (the plugin's second type parameter; `()` gives the console's
/// answers).
#[derive(Resource, Clone, Debug, Default)]
pub struct PhysicsHooks<H>(pub H);

/// The facade's [`World`] and the entity of each of its bodies.
///
/// Systems read the world through `Res<Physics<R>>` ([`Physics::world`]:
/// positions, states, shapes, the level) and ask their queries through
/// [`SpatialQuery`](crate::SpatialQuery). A body made through
/// [`Physics::world_mut`] rather than a component has no entity: its events
/// stay in [`Physics::events`] and are written as no message.
#[derive(Resource, Debug)]
pub struct Physics<R: PhysicsReal = f32> {
    world: World<R>,
    entities: HashMap<Body, Entity>,
    bodies: HashMap<Entity, Body>,
    events: Vec<Event<R>>,
    last: Option<TickReport>,
}

impl<R: PhysicsReal> Default for Physics<R> {
    fn default() -> Self {
        Self::new(WorldConfig::default())
    }
}

impl<R: PhysicsReal> Physics<R> {
    /// An empty world of `config`.
    #[must_use]
    pub fn new(config: WorldConfig) -> Self {
        Self {
            world: World::with_config(config),
            entities: HashMap::new(),
            bodies: HashMap::new(),
            events: Vec::new(),
            last: None,
        }
    }

    /// The world.
    #[must_use]
    pub fn world(&self) -> &World<R> {
        &self.world
    }

    /// The world, for the calls no component asks for (a human's walk
    /// asked through the record layer, a body made without an entity).
    pub fn world_mut(&mut self) -> &mut World<R> {
        &mut self.world
    }

    /// The entity of `body`, if the plugin made it for one.
    #[must_use]
    pub fn entity(&self, body: Body) -> Option<Entity> {
        self.entities.get(&body).copied()
    }

    /// The body of `entity`, if it has one.
    #[must_use]
    pub fn body(&self, entity: Entity) -> Option<Body> {
        self.bodies.get(&entity).copied()
    }

    /// Every body with an entity.
    pub fn bodies(&self) -> impl Iterator<Item = Body> + '_ {
        self.entities.keys().copied()
    }

    /// How many bodies have an entity.
    #[must_use]
    pub fn entity_count(&self) -> usize {
        self.bodies.len()
    }

    /// Every event of the last tick, in the world's order (those of bodies
    /// without an entity included).
    #[must_use]
    pub fn events(&self) -> &[Event<R>] {
        &self.events
    }

    /// What the last tick did (`None` before the first).
    #[must_use]
    pub fn last_tick(&self) -> Option<TickReport> {
        self.last
    }

    pub(crate) fn bind(&mut self, entity: Entity, body: Body) {
        self.entities.insert(body, entity);
        self.bodies.insert(entity, body);
    }

    /// Frees the body of `entity`, if it has one.
    pub(crate) fn free(&mut self, entity: Entity) {
        if let Some(body) = self.bodies.remove(&entity) {
            self.entities.remove(&body);
            // The handle was the world's and live: removing cannot fail.
            let _ = self.world.remove(body);
        }
    }

    /// Ticks the world once with `hooks`, keeping the tick's events.
    pub(crate) fn tick<H: warriors_physics::Hooks<R>>(&mut self, hooks: &mut H) {
        self.last = Some(self.world.tick(hooks));
        self.events.clear();
        self.events.extend(self.world.drain_events());
    }
}
