//! Why a picture could not be drawn.

/// Why a picture could not be drawn.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ViewError {
    /// The call's debug notation could not be read.
    #[error("call notation, byte {at}: {message}")]
    Notation {
        /// The byte offset.
        at: usize,
        /// What is wrong.
        message: String,
    },
    /// A kernel-case view was asked of a scenario.
    #[error("`{0}` is a scenario, not a kernel case")]
    NotAKernelCase(String),
    /// A scenario view was asked of a kernel case.
    #[error("`{0}` is a kernel case, not a scenario")]
    NotAScenario(String),
    /// A tick past the scenario's end.
    #[error("scenario `{name}` has {ticks} ticks, no tick {tick}")]
    NoSuchTick {
        /// The scenario.
        name: String,
        /// Its tick count.
        ticks: u32,
        /// The tick asked for.
        tick: u32,
    },
    /// A scenario's capture file could not be read.
    #[error("{0}")]
    Capture(#[from] golden::capture::CaptureError),
    /// A scenario's mesh file could not be read.
    #[error("{0}")]
    Mesh(#[from] collision_mesh::MeshError),
}
