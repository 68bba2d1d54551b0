//! Calls of `unit4`: the static shape-pair overlaps, their kernels, the
//! overlap table and the bodies' part of the overlap query.
//!
//! Every pair call starts from a contact with nothing written (the original's
//! uncleared stack slot) and records `ret` (1 or 0) and every field of the
//! contact, so a snapshot shows which fields a test wrote.

use kernels::details::overlap::overlap_query;
use kernels::overlap::{self, corner_circle, side_interval};
use kernels::overlap::{QueryBody, QueryShape};
use kernels::table::overlap_pair;
use kernels::Aabb;
use kernels::{segment, Contact, Shape};
use ps2_float::Real;
use serde::Deserialize;

use super::{Kernel, Pair};
use crate::input::{BoxIn, CapsuleIn, SegmentIn, ShapeIn, SphereIn, V};
use crate::{error::InputError, outcome::Outcome};

/// The most contacts a query case may ask for (the original's stack buffer).
const MAX_CONTACTS: usize = 50;

/// A world box: `(min: [..], max: [..])`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct WorldBoxIn {
    /// The minimum corner.
    pub min: V,
    /// The maximum corner.
    pub max: V,
}

impl WorldBoxIn {
    fn get<R: Real>(&self, field: &str) -> Result<Aabb<R>, InputError> {
        Ok(Aabb {
            min: self.min.get(&format!("{field}.min"))?,
            max: self.max.get(&format!("{field}.max"))?,
        })
    }
}

/// The querying shape: `(owner: .., shape_id: .., shape: Sphere(..))`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct QueryShapeIn {
    /// The owner word.
    pub owner: u32,
    /// The shape word.
    pub shape_id: u32,
    /// The shape.
    pub shape: ShapeIn,
}

/// A candidate body: `(owner: .., bounds: (..), shapes: [(id, Shape(..)), ..])`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BodyIn {
    /// The owner word.
    pub owner: u32,
    /// The body's world box.
    pub bounds: WorldBoxIn,
    /// The shape chain: each shape with its shape word.
    pub shapes: Vec<(u32, ShapeIn)>,
}

/// One variant per entry point: the nineteen original functions of Unit 4
/// (named after them), the overlap table, and the query's bodies' part.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Call {
    /// `Segment_ClosestParam(p0, d, q)`: records `t`.
    SegmentClosestParam {
        /// The segment's start.
        p0: V,
        /// The segment's direction (end − start).
        d: V,
        /// The point.
        q: V,
    },
    /// `Segment_ClosestPoint(p0, d, q)`: records `out`.
    SegmentClosestPoint {
        /// The segment's start.
        p0: V,
        /// The segment's direction.
        d: V,
        /// The point.
        q: V,
    },
    /// `Segment_ClosestPoints(d1, d2, w)`: records `s` and `t`.
    SegmentClosestPoints {
        /// The first segment's direction.
        d1: V,
        /// The second segment's direction.
        d2: V,
        /// The first start minus the second start.
        w: V,
    },
    /// `CapsuleBox_CornerCircle(x, y, r, hx, hy)`: records `ret` and `depth`.
    CapsuleBoxCornerCircle {
        /// The circle's x (mirrored: below −hx).
        x: f32,
        /// The circle's y (mirrored: below −hy).
        y: f32,
        /// The radius.
        r: f32,
        /// The rectangle's half extent in x.
        hx: f32,
        /// The rectangle's half extent in y.
        hy: f32,
    },
    /// `CapsuleBox_SideInterval(x, y, r, hx, hy)`: records `ret` and `depth`.
    CapsuleBoxSideInterval {
        /// The circle's x (mirrored: below −hx).
        x: f32,
        /// The circle's y (not read).
        y: f32,
        /// The radius.
        r: f32,
        /// The rectangle's half extent in x.
        hx: f32,
        /// The rectangle's half extent in y (not read).
        hy: f32,
    },
    /// `PhysicsOverlap_SphereSphere`.
    PhysicsOverlapSphereSphere {
        /// The querying shape.
        own: SphereIn,
        /// The other shape.
        other: SphereIn,
    },
    /// `PhysicsOverlap_BoxBox`.
    PhysicsOverlapBoxBox {
        /// The querying shape.
        own: BoxIn,
        /// The other shape.
        other: BoxIn,
    },
    /// `PhysicsOverlap_CapsuleCapsule`.
    PhysicsOverlapCapsuleCapsule {
        /// The querying shape.
        own: CapsuleIn,
        /// The other shape.
        other: CapsuleIn,
    },
    /// `PhysicsOverlap_SegmentSegment`.
    PhysicsOverlapSegmentSegment {
        /// The querying shape.
        own: SegmentIn,
        /// The other shape.
        other: SegmentIn,
    },
    /// `PhysicsOverlap_BoxSphere`.
    PhysicsOverlapBoxSphere {
        /// The querying shape.
        own: BoxIn,
        /// The other shape.
        other: SphereIn,
    },
    /// `PhysicsOverlap_CapsuleBox`.
    PhysicsOverlapCapsuleBox {
        /// The querying shape.
        own: CapsuleIn,
        /// The other shape.
        other: BoxIn,
    },
    /// `PhysicsOverlap_BoxCapsule`. `stale_own_normal` is what the slot's
    /// `+0x10` held before the call (unwritten when absent): the mirror swaps
    /// it into `+0x50`.
    PhysicsOverlapBoxCapsule {
        /// The querying shape.
        own: BoxIn,
        /// The other shape.
        other: CapsuleIn,
        /// The slot's `+0x10` before the call.
        #[serde(default)]
        stale_own_normal: Option<V>,
    },
    /// `PhysicsOverlap_SphereBox`.
    PhysicsOverlapSphereBox {
        /// The querying shape.
        own: SphereIn,
        /// The other shape.
        other: BoxIn,
    },
    /// `PhysicsOverlap_SegmentSphere`.
    PhysicsOverlapSegmentSphere {
        /// The querying shape.
        own: SegmentIn,
        /// The other shape.
        other: SphereIn,
    },
    /// `PhysicsOverlap_SphereSegment`.
    PhysicsOverlapSphereSegment {
        /// The querying shape.
        own: SphereIn,
        /// The other shape.
        other: SegmentIn,
    },
    /// `PhysicsOverlap_CapsuleSphere`.
    PhysicsOverlapCapsuleSphere {
        /// The querying shape.
        own: CapsuleIn,
        /// The other shape.
        other: SphereIn,
    },
    /// `PhysicsOverlap_SphereCapsule`.
    PhysicsOverlapSphereCapsule {
        /// The querying shape.
        own: SphereIn,
        /// The other shape.
        other: CapsuleIn,
    },
    /// `PhysicsOverlap_SegmentCapsule`.
    PhysicsOverlapSegmentCapsule {
        /// The querying shape.
        own: SegmentIn,
        /// The other shape.
        other: CapsuleIn,
    },
    /// `PhysicsOverlap_CapsuleSegment`.
    PhysicsOverlapCapsuleSegment {
        /// The querying shape.
        own: CapsuleIn,
        /// The other shape.
        other: SegmentIn,
    },
    /// The overlap table (IPhysics `+0x18`) for any two shapes: records
    /// `entry` (1, or 0 for an empty entry), `ret` and the contact.
    OverlapTable {
        /// The querying shape.
        own: ShapeIn,
        /// The other shape.
        other: ShapeIn,
    },
    /// The bodies' part of `IPhysics_OverlapShape` (gather, table, fill, in
    /// discovery order): records `ret` (the count) and `contacts[k]` for each
    /// of the `max` slots.
    OverlapQuery {
        /// The querying shape.
        own: QueryShapeIn,
        /// The gather box (the querying shape's world box).
        gather: WorldBoxIn,
        /// The candidate bodies, in the world's order.
        bodies: Vec<BodyIn>,
        /// The most contacts to return (at most 50).
        max: usize,
    },
}

/// Records a footprint kernel's answer.
fn footprint<R: Real>(depth: Option<R>) -> Outcome {
    let mut o = Outcome::new();
    o.int("ret", i64::from(depth.is_some()))
        .opt_real("depth", depth);
    o
}

fn reals<R: Real>(v: [f32; 5]) -> [R; 5] {
    v.map(R::from_f32)
}

fn query<R: Real>(
    own: &QueryShapeIn,
    gather: &WorldBoxIn,
    bodies: &[BodyIn],
    max: usize,
) -> Result<Outcome, InputError> {
    if max > MAX_CONTACTS {
        return Err(InputError::new(
            "max",
            format!("at most {MAX_CONTACTS} contacts, asked for {max}"),
        ));
    }
    let own_shape = own.shape.get::<R>("own.shape")?;
    let own = QueryShape {
        owner: own.owner,
        shape_id: own.shape_id,
        shape: &own_shape,
    };
    let gather = gather.get::<R>("gather")?;
    let mut chains: Vec<Vec<(u32, Shape<R>)>> = Vec::with_capacity(bodies.len());
    for (b, body) in bodies.iter().enumerate() {
        let mut chain = Vec::with_capacity(body.shapes.len());
        for (s, (id, shape)) in body.shapes.iter().enumerate() {
            chain.push((*id, shape.get::<R>(&format!("bodies[{b}].shapes[{s}]"))?));
        }
        chains.push(chain);
    }
    let mut candidates = Vec::with_capacity(bodies.len());
    for (b, (body, chain)) in bodies.iter().zip(&chains).enumerate() {
        candidates.push(QueryBody {
            owner: body.owner,
            bounds: body.bounds.get::<R>(&format!("bodies[{b}].bounds"))?,
            shapes: chain,
        });
    }
    let mut out = [Contact::<R>::default(); MAX_CONTACTS];
    let slots = out.get_mut(..max).unwrap_or_default();
    let n = overlap_query(slots, &own, &gather, &candidates);
    let mut o = Outcome::new();
    o.int("ret", n as i64);
    for (k, c) in slots.iter().enumerate() {
        o.contact(&format!("contacts[{k}]"), c);
    }
    Ok(o)
}

impl Kernel for Call {
    fn eval<R: Real>(&self) -> Result<Outcome, InputError> {
        let mut c = Contact::<R>::default();
        Ok(match self {
            Call::SegmentClosestParam { p0, d, q } => {
                let t = segment::closest_param::<R>(p0.get("p0")?, d.get("d")?, q.get("q")?);
                let mut o = Outcome::new();
                o.real("t", t);
                o
            }
            Call::SegmentClosestPoint { p0, d, q } => {
                let p = segment::closest_point::<R>(p0.get("p0")?, d.get("d")?, q.get("q")?);
                let mut o = Outcome::new();
                o.vec("out", p);
                o
            }
            Call::SegmentClosestPoints { d1, d2, w } => {
                let (s, t) =
                    segment::closest_points::<R>(d1.get("d1")?, d2.get("d2")?, w.get("w")?);
                let mut o = Outcome::new();
                o.real("s", s).real("t", t);
                o
            }
            Call::CapsuleBoxCornerCircle { x, y, r, hx, hy } => {
                let [x, y, r, hx, hy] = reals::<R>([*x, *y, *r, *hx, *hy]);
                footprint(corner_circle(x, y, r, hx, hy))
            }
            Call::CapsuleBoxSideInterval { x, y, r, hx, hy } => {
                let [x, y, r, hx, hy] = reals::<R>([*x, *y, *r, *hx, *hy]);
                footprint(side_interval(x, y, r, hx, hy))
            }
            Call::PhysicsOverlapSphereSphere { own, other } => {
                Pair::own_other(own, other).overlap(&mut c, overlap::overlap_sphere_sphere)?
            }
            Call::PhysicsOverlapBoxBox { own, other } => {
                Pair::own_other(own, other).overlap(&mut c, overlap::overlap_box_box)?
            }
            Call::PhysicsOverlapCapsuleCapsule { own, other } => {
                Pair::own_other(own, other).overlap(&mut c, overlap::overlap_capsule_capsule)?
            }
            Call::PhysicsOverlapSegmentSegment { own, other } => {
                Pair::own_other(own, other).overlap(&mut c, overlap::overlap_segment_segment)?
            }
            Call::PhysicsOverlapBoxSphere { own, other } => {
                Pair::own_other(own, other).overlap(&mut c, overlap::overlap_box_sphere)?
            }
            Call::PhysicsOverlapCapsuleBox { own, other } => {
                Pair::own_other(own, other).overlap(&mut c, overlap::overlap_capsule_box)?
            }
            Call::PhysicsOverlapBoxCapsule {
                own,
                other,
                stale_own_normal,
            } => {
                if let Some(v) = stale_own_normal {
                    c.own.normal.set(v.get("stale_own_normal")?);
                }
                Pair::own_other(own, other).overlap(&mut c, overlap::overlap_box_capsule)?
            }
            Call::PhysicsOverlapSphereBox { own, other } => {
                Pair::own_other(own, other).overlap(&mut c, overlap::overlap_sphere_box)?
            }
            Call::PhysicsOverlapSegmentSphere { own, other } => {
                Pair::own_other(own, other).overlap(&mut c, overlap::overlap_segment_sphere)?
            }
            Call::PhysicsOverlapSphereSegment { own, other } => {
                Pair::own_other(own, other).overlap(&mut c, overlap::overlap_sphere_segment)?
            }
            Call::PhysicsOverlapCapsuleSphere { own, other } => {
                Pair::own_other(own, other).overlap(&mut c, overlap::overlap_capsule_sphere)?
            }
            Call::PhysicsOverlapSphereCapsule { own, other } => {
                Pair::own_other(own, other).overlap(&mut c, overlap::overlap_sphere_capsule)?
            }
            Call::PhysicsOverlapSegmentCapsule { own, other } => {
                Pair::own_other(own, other).overlap(&mut c, overlap::overlap_segment_capsule)?
            }
            Call::PhysicsOverlapCapsuleSegment { own, other } => {
                Pair::own_other(own, other).overlap(&mut c, overlap::overlap_capsule_segment)?
            }
            Call::OverlapTable { own, other } => {
                let (a, b) = (own.get::<R>("own")?, other.get::<R>("other")?);
                let entry = overlap_pair(&mut c, &a, &b);
                let mut o = Outcome::new();
                o.int("entry", i64::from(entry.has_entry()))
                    .int("ret", i64::from(entry.met()))
                    .contact("contact", &c);
                o
            }
            Call::OverlapQuery {
                own,
                gather,
                bodies,
                max,
            } => query::<R>(own, gather, bodies, *max)?,
        })
    }
}
