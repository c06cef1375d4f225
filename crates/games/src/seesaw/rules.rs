//! The position and its turns: the bitmasks, move generation, and playing
//! and taking back a turn. `impl Game` is in `game.rs`, the start position
//! in `start.rs`.
//!
//! A position is a few bitmasks (each side's stacks, tiles, and the cells
//! next to its tiles) and the size of the stack on each cell. A move is one
//! complete turn: a deploy, a step, a capture chain with its leftover step
//! or pass, or the forced pass of a player who cannot move. Move generation
//! is one breadth-first search per stack that yields both the cells reached
//! and the number of steps to each, and allocates nothing.

use tabula_core::{zobrist, Game, Outcome, Side};

use super::geometry::{cells_of, layout, Bits192, Layout, Mask, Tables, MAX_CELLS};

/// South, the first player, who starts at the bottom and moves up with odd stacks.
pub const SOUTH: Side = Side::First;
/// North, the second player, who starts at the top and moves down with odd stacks.
pub const NORTH: Side = Side::Second;
/// Stacks stop growing here (a size is one byte); no real game comes near.
pub const MAX_STACK: u8 = u8::MAX;

const KIND: u8 = 0b11;
pub(super) const STEP: u8 = 0;
pub(super) const DEPLOY: u8 = 1;
pub(super) const CAPTURE: u8 = 2;
const PASS: u8 = 3;
pub(super) const PROMOTE: u8 = 0b100;

/// What kind of turn a move is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnKind {
    /// A new 1-stack on a new tile.
    Deploy,
    /// One stack steps forward or backward, by the parity of its size.
    Step,
    /// One stack captures one or more enemy stacks, then maybe steps.
    Capture,
    /// The player cannot move at all and passes.
    Pass,
}

/// One complete turn, as what changes on the board: the stack that moved
/// (`from` → `to`), the cells whose enemy stacks it removed, whether it grew,
/// and the size that was on `to` before (so the turn can be taken back).
/// Different capture orders that end in the same position are one move.
/// That recorded size may be a leftover of the position's history, so a move
/// is only meant for the position whose `legal_moves` produced it.
/// The captured cells are kept in the common mask form, so one move type
/// serves every board (32 bytes; the 169 cells of base 8 and the other
/// fields do not fit in 24).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeesawMove {
    captured: Bits192,
    from: u8,
    to: u8,
    old: u8,
    flags: u8,
}

impl SeesawMove {
    /// The forced pass of a player without a legal turn.
    pub const PASS: SeesawMove = SeesawMove { captured: Bits192::ZERO, from: 0, to: 0, old: 0, flags: PASS };

    #[inline(always)]
    pub(super) fn new(from: usize, to: usize, captured: Bits192, old: u8, flags: u8) -> SeesawMove {
        SeesawMove { captured, from: from as u8, to: to as u8, old, flags }
    }

    /// The kind of turn.
    #[inline]
    pub fn kind(self) -> TurnKind {
        match self.flags & KIND {
            STEP => TurnKind::Step,
            DEPLOY => TurnKind::Deploy,
            CAPTURE => TurnKind::Capture,
            _ => TurnKind::Pass,
        }
    }

    /// The cell the stack left (for a deploy, the new cell).
    #[inline]
    pub fn from(self) -> usize {
        self.from as usize
    }

    /// The cell where the stack ends the turn.
    #[inline]
    pub fn to(self) -> usize {
        self.to as usize
    }

    /// Whether the stack grows by one at the end of the turn.
    #[inline]
    pub fn promotes(self) -> bool {
        self.flags & PROMOTE != 0
    }

    /// The cells whose enemy stacks are removed, lowest first.
    pub fn captured_cells(self) -> impl Iterator<Item = usize> {
        cells_of(self.captured)
    }

    #[inline(always)]
    fn captured_as<M: Mask>(self) -> M {
        M::from_wide(self.captured)
    }
}

/// How a capture chain ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChainEnd {
    /// The last capture used the last step.
    Spent,
    /// Steps were left and the stack stopped where it captured.
    Pass,
    /// Steps were left and the stack stepped on to this cell.
    Step(usize),
}

/// One way of playing a capture turn, step by step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainPath {
    /// The turn this path plays.
    pub mv: SeesawMove,
    /// Each capture: the cell taken and the steps left after it.
    pub hops: Vec<(usize, u32)>,
    /// What happens after the last capture.
    pub end: ChainEnd,
}

// Zobrist keys: a stack of a side on a cell, its size on that cell, a tile of
// a side on a cell, and North to move.
static PRESENCE_KEYS: [u64; 2 * MAX_CELLS] = zobrist::keys(0x5345_0001);
static SIZE_KEYS: [u64; 32 * MAX_CELLS] = zobrist::keys(0x5345_0002);
static TILE_KEYS: [u64; 2 * MAX_CELLS] = zobrist::keys(0x5345_0003);
const NORTH_TO_MOVE: u64 = zobrist::splitmix64(0x5345_0004);

/// Where the key of `side` on `cell` sits in [`PRESENCE_KEYS`] and
/// [`TILE_KEYS`]: the two sides' keys of cells 0–127 first, then those of
/// cells 128–255, so that boards up to base 7 keep the keys (and hashes) they
/// had before base 8 was added.
#[inline(always)]
const fn side_cell(side: Side, cell: usize) -> usize {
    ((cell & 128) << 1) | (side.index() << 7) | (cell & 127)
}

/// The key of a stack of `size` discs of `side` on `cell`.
#[inline(always)]
fn stack_key(side: Side, cell: usize, size: u8) -> u64 {
    let cell = cell & (MAX_CELLS - 1);
    if size < 32 {
        SMALL_STACK_KEYS[(side.index() * MAX_CELLS + cell) * 32 + size as usize]
    } else {
        any_stack_key(side, cell, size)
    }
}

/// [`stack_key`] from its two parts: the side's presence on the cell, and
/// the size on the cell, rotated for every 32 discs.
const fn any_stack_key(side: Side, cell: usize, size: u8) -> u64 {
    PRESENCE_KEYS[side_cell(side, cell)] ^ SIZE_KEYS[cell * 32 + (size & 31) as usize].rotate_left((size >> 5) as u32)
}

/// [`any_stack_key`] of every stack below 32 discs, one load each (play and
/// undo look up two or three a turn), by side, then cell, then size.
static SMALL_STACK_KEYS: [u64; 2 * MAX_CELLS * 32] = {
    let mut keys = [0; 2 * MAX_CELLS * 32];
    let mut cell = 0;
    while cell < MAX_CELLS {
        let mut size = 0;
        while size < 32 {
            keys[cell * 32 + size] = any_stack_key(SOUTH, cell, size as u8);
            keys[(MAX_CELLS + cell) * 32 + size] = any_stack_key(NORTH, cell, size as u8);
            size += 1;
        }
        cell += 1;
    }
    keys
};

#[inline(always)]
fn tile_key(side: Side, cell: usize) -> u64 {
    TILE_KEYS[side_cell(side, cell)]
}

/// A position on a board whose cells fit the mask type `M`.
#[derive(Clone)]
pub(super) struct Pos<M: Mask> {
    pub t: &'static Tables<M>,
    /// Cells holding a stack, by side.
    pub stacks: [M; 2],
    /// Cells holding a tile, by side.
    pub tiles: [M; 2],
    /// Cells next to a tile, by side (kept up to date for deploying).
    pub front: [M; 2],
    /// The size of the stack on each cell; meaningless where there is none
    /// (a captured stack's size stays behind so that undo can restore it).
    pub size: M::Bytes,
    /// The side to move.
    pub next: Side,
    pub hash: u64,
}

impl<M: Mask> PartialEq for Pos<M> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.t, other.t)
            && self.stacks == other.stacks
            && self.tiles == other.tiles
            && self.next == other.next
            && cells_of(self.stacks[0] | self.stacks[1]).all(|c| self.size[c] == other.size[c])
    }
}

impl<M: Mask> Eq for Pos<M> {}

/// Where a capture chain reports what it finds.
trait ChainSink {
    fn hop(&mut self, _cell: usize, _left: u32) {}
    fn unhop(&mut self) {}
    fn finish(&mut self, mv: SeesawMove, end: ChainEnd);
}

/// Collects the distinct turns of one stack's chains.
struct Collect<'a> {
    out: &'a mut Vec<SeesawMove>,
    start: usize,
}

impl ChainSink for Collect<'_> {
    #[inline]
    fn finish(&mut self, mv: SeesawMove, _end: ChainEnd) {
        if !self.out[self.start..].contains(&mv) {
            self.out.push(mv);
        }
    }
}

/// Records every path of every chain.
#[derive(Default)]
struct Record {
    hops: Vec<(usize, u32)>,
    paths: Vec<ChainPath>,
}

impl ChainSink for Record {
    fn hop(&mut self, cell: usize, left: u32) {
        self.hops.push((cell, left));
    }
    fn unhop(&mut self) {
        self.hops.pop();
    }
    fn finish(&mut self, mv: SeesawMove, end: ChainEnd) {
        self.paths.push(ChainPath { mv, hops: self.hops.clone(), end });
    }
}

/// What stays fixed along one stack's capture chain.
struct Chain<M: Mask> {
    from: usize,
    /// Cells where the stack would grow (opponent's tiles when odd, own when even).
    promotes: M,
    /// Its step directions (by parity).
    dirs: &'static [M; MAX_CELLS],
}

impl<M: Mask> Pos<M> {
    /// Recomputes what is derived: the fronts and the hash.
    pub fn refresh(&mut self) {
        self.front = [self.t.dilate(self.tiles[0]), self.t.dilate(self.tiles[1])];
        self.rehash();
    }

    /// Recomputes the hash, which a playout leaves behind (every other
    /// derived mask is kept up to date by every move).
    pub fn rehash(&mut self) {
        let mut h = if self.next == NORTH { NORTH_TO_MOVE } else { 0 };
        for side in Side::BOTH {
            for c in cells_of(self.stacks[side]) {
                h ^= stack_key(side, c, self.size[c]);
            }
            for c in cells_of(self.tiles[side]) {
                h ^= tile_key(side, c);
            }
        }
        self.hash = h;
    }

    #[inline(always)]
    pub fn layout(&self) -> &'static Layout {
        self.t.layout
    }

    #[inline(always)]
    pub(super) fn empty(&self) -> M {
        self.t.all & !(self.stacks[0] | self.stacks[1])
    }

    /// Cells where `side` may deploy: completely empty and next to one of its tiles.
    #[inline(always)]
    pub fn deploy_cells(&self, side: Side) -> M {
        self.front[side] & !(self.stacks[0] | self.stacks[1] | self.tiles[0] | self.tiles[1])
    }

    /// The step directions of a stack of `size` owned by `side`: forward
    /// when odd (up for South, whose seat index is 0), backward when even.
    #[inline(always)]
    pub(super) fn dirs(&self, side: Side, size: u8) -> &'static [M; MAX_CELLS] {
        &self.t.heading[(side.index() ^ size as usize) & 1]
    }

    /// The cells where a stack of `size` owned by `side` grows at the end of
    /// its turn: the opponent's tiles when odd, its own when even.
    #[inline(always)]
    pub(super) fn promotion_cells(&self, side: Side, size: u8) -> M {
        if size == MAX_STACK {
            M::ZERO
        } else {
            self.tiles[(side.index() ^ size as usize) & 1]
        }
    }

    /// The enemy stacks a stack on `at` with `range` steps may capture, with
    /// (when `STEPS`) the steps each capture uses written into `steps`.
    ///
    /// With one step: the enemies next to `at`. With more: the enemies next
    /// to an empty cell reachable from `at` in 1..range−1 steps through empty
    /// cells in any direction (`at` itself does not count). A capture uses the
    /// shortest path through empty cells, the jump onto the enemy included.
    #[inline]
    pub(super) fn capture_targets<const STEPS: bool>(
        &self,
        at: usize,
        range: u32,
        empty: M,
        enemy: M,
        steps: &mut [u8],
    ) -> M {
        let t = self.t;
        let next_to = t.around[at & (MAX_CELLS - 1)] & enemy;
        if range <= 1 {
            if STEPS {
                for e in cells_of(next_to) {
                    steps[e] = 1;
                }
            }
            return next_to;
        }
        let candidates = t.within(at, range) & enemy;
        if candidates.is_zero() {
            return M::ZERO;
        }
        if STEPS {
            for e in cells_of(next_to) {
                steps[e] = 1;
            }
        }
        let mut seen = M::bit(at);
        let mut touched = t.around[at & (MAX_CELLS - 1)];
        let mut assigned = next_to;
        let mut found = M::ZERO;
        let mut d = 1;
        while d < range {
            let layer = touched & empty & !seen;
            if layer.is_zero() {
                break;
            }
            seen |= layer;
            touched = t.dilate(layer);
            let hit = touched & enemy;
            if STEPS {
                let fresh = hit & !assigned;
                assigned |= fresh;
                for e in cells_of(fresh) {
                    steps[e] = (d + 1) as u8;
                }
            }
            found |= hit;
            if !STEPS && !found.is_zero() {
                return found;
            }
            if found == candidates {
                break;
            }
            d += 1;
        }
        found
    }

    /// Every enemy stack a stack on `at` with `range` steps may capture first.
    pub(super) fn all_capture_targets(&self, at: usize, range: u32, empty: M, enemy: M) -> M {
        let mut steps = M::ZERO_BYTES;
        self.capture_targets::<true>(at, range, empty, enemy, steps.as_mut())
    }

    /// The cells a stack on `at` can step to with up to `range` steps in `dirs` through empty cells.
    #[inline]
    pub(super) fn step_targets(&self, at: usize, range: u32, dirs: &[M; MAX_CELLS], empty: M) -> M {
        let mut reach = dirs[at & (MAX_CELLS - 1)] & empty;
        let mut frontier = reach;
        let mut d = 1;
        while d < range && !frontier.is_zero() {
            let mut next = M::ZERO;
            for c in cells_of(frontier) {
                next |= dirs[c & (MAX_CELLS - 1)];
            }
            frontier = next & empty & !reach;
            reach |= frontier;
            d += 1;
        }
        reach
    }

    /// Whether `side` has a legal turn (deploy, step or capture) if it were to move.
    pub fn can_move(&self, side: Side) -> bool {
        let mine = self.stacks[side];
        if mine.is_zero() {
            return false;
        }
        if !self.deploy_cells(side).is_zero() {
            return true;
        }
        let empty = self.empty();
        if cells_of(mine).any(|c| !(self.dirs(side, self.size[c])[c] & empty).is_zero()) {
            return true;
        }
        self.any_capture(side, empty)
    }

    pub(super) fn any_capture(&self, side: Side, empty: M) -> bool {
        let enemy = self.stacks[side.opponent()];
        cells_of(self.stacks[side])
            .any(|c| !self.capture_targets::<false>(c, self.size[c] as u32, empty, enemy, &mut []).is_zero())
    }

    /// Whether the side to move must capture.
    pub fn must_capture(&self) -> bool {
        self.any_capture(self.next, self.empty())
    }

    /// The first captures each stack of the side to move could make, as (from, targets).
    pub fn first_captures(&self) -> Vec<(usize, M)> {
        let empty = self.empty();
        let enemy = self.stacks[self.next.opponent()];
        cells_of(self.stacks[self.next])
            .map(|c| (c, self.all_capture_targets(c, self.size[c] as u32, empty, enemy)))
            .filter(|(_, targets)| !targets.is_zero())
            .collect()
    }

    /// The cells a stack on `cell` could step to if it moved now (ignoring compulsory captures).
    pub fn steps_from(&self, cell: usize) -> M {
        match self.owner(cell) {
            Some(side) => {
                let k = self.size[cell];
                self.step_targets(cell, k as u32, self.dirs(side, k), self.empty())
            }
            None => M::ZERO,
        }
    }

    /// The side whose stack is on `cell`, if any.
    #[inline]
    pub fn owner(&self, cell: usize) -> Option<Side> {
        if self.stacks[SOUTH].has(cell) {
            Some(SOUTH)
        } else if self.stacks[NORTH].has(cell) {
            Some(NORTH)
        } else {
            None
        }
    }

    /// The side whose tile is on `cell`, if any.
    #[inline]
    pub fn tile(&self, cell: usize) -> Option<Side> {
        if self.tiles[SOUTH].has(cell) {
            Some(SOUTH)
        } else if self.tiles[NORTH].has(cell) {
            Some(NORTH)
        } else {
            None
        }
    }

    /// Appends every turn of the side to move, except the forced pass.
    #[inline]
    pub fn generate(&self, out: &mut Vec<SeesawMove>) {
        let side = self.next;
        let mine = self.stacks[side];
        let enemy = self.stacks[side.opponent()];
        let empty = self.t.all & !(mine | enemy);

        // Captures are compulsory: find the first stack that can capture.
        let mut rest = mine;
        while !rest.is_zero() {
            let c = rest.first();
            rest = rest.without_first();
            if !self.capture_targets::<false>(c, self.size[c] as u32, empty, enemy, &mut []).is_zero() {
                self.list_captures(out, M::bit(c) | rest, empty, enemy);
                return;
            }
        }

        for from in cells_of(mine) {
            let k = self.size[from];
            for to in cells_of(self.step_targets(from, k as u32, self.dirs(side, k), empty)) {
                out.push(self.step(from, to, k));
            }
        }
        for cell in cells_of(self.deploy_cells(side)) {
            out.push(self.deploy(cell));
        }
    }

    /// The number of turns of the side to move, except the forced pass,
    /// counted without listing them when no capture is on.
    pub fn count(&self) -> usize {
        let side = self.next;
        let mine = self.stacks[side];
        let empty = self.empty();
        if self.any_capture(side, empty) {
            thread_local! {
                static SCRATCH: std::cell::RefCell<Vec<SeesawMove>> = const { std::cell::RefCell::new(Vec::new()) };
            }
            return SCRATCH.with(|buffer| {
                let mut buffer = buffer.borrow_mut();
                buffer.clear();
                self.generate(&mut buffer);
                buffer.len()
            });
        }
        let steps: u32 = cells_of(mine)
            .map(|c| {
                let k = self.size[c];
                self.step_targets(c, k as u32, self.dirs(side, k), empty).count()
            })
            .sum();
        (steps + self.deploy_cells(side).count()) as usize
    }

    /// Every capture path of the side to move (empty when no capture is on).
    pub fn chain_paths(&self) -> Vec<ChainPath> {
        let mut sink = Record::default();
        let empty = self.empty();
        let enemy = self.stacks[self.next.opponent()];
        for from in cells_of(self.stacks[self.next]) {
            self.captures_from(&mut sink, from, empty, enemy);
        }
        sink.paths
    }

    /// Appends the capture turns of the side to move's stacks in `stacks`,
    /// stack by stack: a one-disc stack's directly (it takes a neighbour and
    /// its step is spent), a taller one's by following its chains.
    pub(super) fn list_captures(&self, out: &mut Vec<SeesawMove>, stacks: M, empty: M, enemy: M) {
        for from in cells_of(stacks) {
            let k = self.size[from & (M::CELLS - 1)];
            if k == 1 {
                for e in cells_of(self.t.around[from & (MAX_CELLS - 1)] & enemy) {
                    out.push(self.single_capture(from, e));
                }
            } else if k == 2 {
                self.pair_captures(out, from, empty, enemy);
            } else {
                let start = out.len();
                self.captures_from(&mut Collect { out, start }, from, empty, enemy);
            }
        }
    }

    /// A one-disc stack on `from` takes the enemy stack on `e`.
    #[inline(always)]
    pub(super) fn single_capture(&self, from: usize, e: usize) -> SeesawMove {
        self.capture_turn(from, e, M::bit(e), self.promotion_cells(self.next, 1).has(e))
    }

    /// The capture turn of the stack on `from` that takes `captured` and ends on `to`.
    #[inline(always)]
    fn capture_turn(&self, from: usize, to: usize, captured: M, promotes: bool) -> SeesawMove {
        let flags = if promotes { CAPTURE | PROMOTE } else { CAPTURE };
        SeesawMove::new(from, to, captured.wide(), self.size[to & (M::CELLS - 1)], flags)
    }

    /// The capture turns of a two-disc stack on `from`, the chains of
    /// [`Pos::chain`] written out: it takes an enemy next to one of its empty
    /// neighbours. Two steps away, that spends both steps; next to it, one is
    /// left, and the stack takes a neighbour of its victim if it can, or else
    /// passes or steps on once by its parity. No two of these are the same
    /// turn, so none is looked for.
    fn pair_captures(&self, out: &mut Vec<SeesawMove>, from: usize, empty: M, enemy: M) {
        let t = self.t;
        let near = t.around[from & (MAX_CELLS - 1)];
        let targets = t.dilate(near & empty) & enemy;
        let promotes = self.promotion_cells(self.next, 2);
        let dirs = self.dirs(self.next, 2);
        let open = empty | M::bit(from);
        for e in cells_of(targets) {
            let taken = M::bit(e);
            if !near.has(e) {
                out.push(self.capture_turn(from, e, taken, promotes.has(e)));
                continue;
            }
            let more = t.around[e & (MAX_CELLS - 1)] & enemy & !taken;
            if more.is_zero() {
                out.push(self.capture_turn(from, e, taken, false));
                for to in cells_of(dirs[e & (MAX_CELLS - 1)] & open) {
                    out.push(self.capture_turn(from, to, taken, promotes.has(to)));
                }
            } else {
                for e2 in cells_of(more) {
                    out.push(self.capture_turn(from, e2, taken | M::bit(e2), promotes.has(e2)));
                }
            }
        }
    }

    /// Every capture chain of the stack on `from`.
    fn captures_from<S: ChainSink>(&self, sink: &mut S, from: usize, empty: M, enemy: M) {
        let k = self.size[from];
        let mut steps = M::ZERO_BYTES;
        let targets = self.capture_targets::<true>(from, k as u32, empty, enemy, steps.as_mut());
        if targets.is_zero() {
            return;
        }
        let side = self.next;
        let chain = Chain { from, promotes: self.promotion_cells(side, k), dirs: self.dirs(side, k) };
        self.chain(&chain, sink, from, k as u32, M::ZERO, empty, enemy, targets, &steps);
    }

    /// Follows every capture from `at` with `left` steps: each one either
    /// uses the last step, leads to a compulsory further capture, or leaves
    /// steps for a pass or a step move of the stack's parity.
    #[allow(clippy::too_many_arguments)]
    fn chain<S: ChainSink>(
        &self,
        chain: &Chain<M>,
        sink: &mut S,
        at: usize,
        left: u32,
        captured: M,
        empty: M,
        enemy: M,
        targets: M,
        steps: &M::Bytes,
    ) {
        // The stack leaves `at`, which becomes empty for the rest of the turn.
        let empty = empty | M::bit(at);
        let turn = |to: usize, captured: M, promotes: bool| self.capture_turn(chain.from, to, captured, promotes);
        for e in cells_of(targets) {
            let left = left - steps[e & (M::CELLS - 1)] as u32;
            let captured = captured | M::bit(e);
            sink.hop(e, left);
            if left == 0 {
                sink.finish(turn(e, captured, chain.promotes.has(e)), ChainEnd::Spent);
            } else {
                let enemy = enemy & !M::bit(e);
                let mut further = M::ZERO_BYTES;
                let more = self.capture_targets::<true>(e, left, empty, enemy, further.as_mut());
                if !more.is_zero() {
                    self.chain(chain, sink, e, left, captured, empty, enemy, more, &further);
                } else {
                    sink.finish(turn(e, captured, false), ChainEnd::Pass);
                    for to in cells_of(self.step_targets(e, left, chain.dirs, empty)) {
                        sink.finish(turn(to, captured, chain.promotes.has(to)), ChainEnd::Step(to));
                    }
                }
            }
            sink.unhop();
        }
    }

    #[inline]
    pub fn play(&mut self, mv: SeesawMove) {
        self.play_as::<true>(mv)
    }

    /// [`Pos::play`], keeping the hash up to date only if `HASH` (a playout
    /// that skips it calls [`Pos::rehash`] at its end).
    #[inline(always)]
    pub fn play_as<const HASH: bool>(&mut self, mv: SeesawMove) {
        let side = self.next;
        match mv.flags & KIND {
            DEPLOY => {
                let c = mv.to();
                let bit = M::bit(c);
                self.tiles[side] |= bit;
                self.stacks[side] |= bit;
                self.front[side] |= self.t.around[c & (MAX_CELLS - 1)];
                self.size[c & (M::CELLS - 1)] = 1;
                if HASH {
                    self.hash ^= tile_key(side, c) ^ stack_key(side, c, 1);
                }
            }
            PASS => {}
            _ => {
                let (from, to) = (mv.from(), mv.to());
                let k = self.size[from & (M::CELLS - 1)];
                let mut h = if HASH { stack_key(side, from, k) } else { 0 };
                self.stacks[side] ^= M::bit(from);
                let captured = mv.captured_as::<M>();
                if !captured.is_zero() {
                    let other = side.opponent();
                    self.stacks[other] ^= captured;
                    if HASH {
                        for e in cells_of(captured) {
                            h ^= stack_key(other, e, self.size[e & (M::CELLS - 1)]);
                        }
                    }
                }
                let grown = k + mv.promotes() as u8;
                self.size[to & (M::CELLS - 1)] = grown;
                self.stacks[side] |= M::bit(to);
                if HASH {
                    self.hash ^= h ^ stack_key(side, to, grown);
                }
            }
        }
        self.next = self.next.opponent();
        if HASH {
            self.hash ^= NORTH_TO_MOVE;
        }
    }

    #[inline]
    pub fn undo(&mut self, mv: SeesawMove) {
        self.next = self.next.opponent();
        self.hash ^= NORTH_TO_MOVE;
        let side = self.next;
        match mv.flags & KIND {
            DEPLOY => {
                let c = mv.to();
                let bit = M::bit(c);
                self.tiles[side] ^= bit;
                self.stacks[side] ^= bit;
                self.front[side] = self.t.dilate(self.tiles[side]);
                self.size[c & (M::CELLS - 1)] = mv.old;
                self.hash ^= tile_key(side, c) ^ stack_key(side, c, 1);
            }
            PASS => {}
            _ => {
                let (from, to) = (mv.from(), mv.to());
                let grown = self.size[to & (M::CELLS - 1)];
                let k = grown - mv.promotes() as u8;
                let mut h = stack_key(side, to, grown);
                self.stacks[side] ^= M::bit(to);
                self.size[to & (M::CELLS - 1)] = mv.old;
                let captured = mv.captured_as::<M>();
                if !captured.is_zero() {
                    let other = side.opponent();
                    self.stacks[other] |= captured;
                    for e in cells_of(captured) {
                        h ^= stack_key(other, e, self.size[e & (M::CELLS - 1)]);
                    }
                }
                self.size[from & (M::CELLS - 1)] = k;
                self.stacks[side] |= M::bit(from);
                self.hash ^= h ^ stack_key(side, from, k);
            }
        }
    }

    /// The game's result, if it is over: a side without stacks has lost;
    /// when neither side can move (both would pass for ever) it is a draw.
    pub fn outcome(&self) -> Option<Outcome> {
        let side = self.next;
        if self.stacks[side].is_zero() {
            return Some(Outcome::Win(side.opponent()));
        }
        if !self.can_move(side) && !self.can_move(side.opponent()) {
            return Some(Outcome::Draw);
        }
        None
    }
}

/// A Seesaw position on a board of any offered base.
#[derive(Clone, PartialEq, Eq)]
pub struct Seesaw(pub(super) Board);

/// The position with the mask type its board needs.
#[derive(Clone, PartialEq, Eq)]
pub(super) enum Board {
    /// Bases 3 to 5 (up to 61 cells).
    Narrow(Pos<u64>),
    /// Bases 6 and 7 (up to 127 cells).
    Wide(Pos<u128>),
    /// Base 8 (169 cells).
    Widest(Pos<Bits192>),
}

/// Runs `$body` with `$p` bound to the position, whichever mask type it uses.
macro_rules! with_pos {
    ($self:expr, $p:ident => $body:expr) => {
        match &$self.0 {
            Board::Narrow($p) => $body,
            Board::Wide($p) => $body,
            Board::Widest($p) => $body,
        }
    };
}

/// As `with_pos!`, mutably.
macro_rules! with_pos_mut {
    ($self:expr, $p:ident => $body:expr) => {
        match &mut $self.0 {
            Board::Narrow($p) => $body,
            Board::Wide($p) => $body,
            Board::Widest($p) => $body,
        }
    };
}

pub(super) use {with_pos, with_pos_mut};

/// A stack on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stack {
    /// [`SOUTH`] or [`NORTH`].
    pub owner: Side,
    /// Its number of discs.
    pub size: u8,
}

impl std::fmt::Debug for Seesaw {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Seesaw({})", self.to_text())
    }
}

impl Seesaw {
    /// Cells per side of the board.
    pub fn base(&self) -> usize {
        self.layout().base
    }

    /// Names, coordinates and neighbours of the board's cells.
    pub fn layout(&self) -> &'static Layout {
        with_pos!(self, p => p.layout())
    }

    /// [`SOUTH`] or [`NORTH`]: who is to move.
    pub fn mover(&self) -> Side {
        with_pos!(self, p => p.next)
    }

    /// The stack on `cell`, if any.
    pub fn stack(&self, cell: usize) -> Option<Stack> {
        with_pos!(self, p => p.owner(cell).map(|owner| Stack { owner, size: p.size[cell] }))
    }

    /// The owner of the tile on `cell`, if any.
    pub fn tile(&self, cell: usize) -> Option<Side> {
        with_pos!(self, p => p.tile(cell))
    }

    /// Each side's number of stacks and of discs.
    pub fn material(&self, side: Side) -> (u32, u32) {
        with_pos!(self, p => (p.stacks[side].count(), cells_of(p.stacks[side]).map(|c| p.size[c] as u32).sum()))
    }

    /// Whether `side` would have a legal turn if it were to move.
    pub fn can_move(&self, side: Side) -> bool {
        with_pos!(self, p => p.can_move(side))
    }

    /// Whether the side to move must capture.
    pub fn must_capture(&self) -> bool {
        with_pos!(self, p => p.must_capture())
    }

    /// For each stack of the side to move that can capture: its cell and the enemy cells it can take first.
    pub fn first_captures(&self) -> Vec<(usize, Vec<usize>)> {
        with_pos!(self, p => p.first_captures().into_iter().map(|(c, t)| (c, cells_of(t).collect())).collect())
    }

    /// The cells where the side to move could deploy (whether or not a capture is compulsory).
    pub fn deploy_cells(&self) -> Vec<usize> {
        with_pos!(self, p => cells_of(p.deploy_cells(p.next)).collect())
    }

    /// The cells the stack on `cell` could step to now, by its parity (compulsory captures aside).
    pub fn steps_from(&self, cell: usize) -> Vec<usize> {
        with_pos!(self, p => cells_of(p.steps_from(cell)).collect())
    }

    /// Every way of playing each capture turn, step by step (empty when no capture is on).
    pub fn chain_paths(&self) -> Vec<ChainPath> {
        with_pos!(self, p => p.chain_paths())
    }

    /// Whether the stack of `owner` with `size` discs steps up the board (true) or down.
    pub fn moves_up(owner: Side, size: u8) -> bool {
        (owner == SOUTH) == (size & 1 == 1)
    }

    /// Discs taken plus one for a promotion: a cheap measure of what a turn wins.
    pub fn gain(&self, mv: SeesawMove) -> u32 {
        let taken: u32 = with_pos!(self, p => mv.captured_cells().map(|c| p.size[c] as u32).sum());
        taken * 2 + mv.promotes() as u32
    }

    /// Directly to a hand-made position (see [`Builder`]).
    pub(super) fn from_builder(builder: &Builder) -> Seesaw {
        fn fill<M: Mask>(b: &Builder) -> Pos<M> {
            let t = M::tables(b.base);
            let mut pos = Pos {
                t,
                stacks: [M::ZERO; 2],
                tiles: [M::ZERO; 2],
                front: [M::ZERO; 2],
                size: M::ZERO_BYTES,
                next: b.next,
                hash: 0,
            };
            for &(cell, owner) in &b.tiles {
                pos.tiles[owner] |= M::bit(cell);
            }
            for &(cell, owner, size) in &b.stacks {
                pos.stacks[owner] |= M::bit(cell);
                pos.size[cell] = size;
            }
            pos.refresh();
            pos
        }
        match layout(builder.base).cells {
            0..=64 => Seesaw(Board::Narrow(fill(builder))),
            65..=128 => Seesaw(Board::Wide(fill(builder))),
            _ => Seesaw(Board::Widest(fill(builder))),
        }
    }
}

/// A position under construction: tiles, stacks and the player to move.
pub(super) struct Builder {
    pub base: usize,
    /// (cell, owner, size)
    pub stacks: Vec<(usize, Side, u8)>,
    /// (cell, owner)
    pub tiles: Vec<(usize, Side)>,
    pub next: Side,
}

impl Builder {
    pub fn build(&self) -> Seesaw {
        Seesaw::from_builder(self)
    }
}
