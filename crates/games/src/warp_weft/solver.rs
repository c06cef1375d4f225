//! The exact solver: the value of a Warp & Weft position with perfect play
//! from both sides, for boards up to 7 × 7.
//!
//! The position is reduced to what decides the rest of the game: the used
//! cells (one 64-bit mask; the shuttle's cell is among them) and the line the
//! mover slides along. Where on that line the shuttle sits does not matter,
//! so the table key is the used mask, the line and the axis. The search is a
//! fail-soft alpha–beta over *future* points (the mover's minus the
//! opponent's); the table keeps a lower and an upper bound per position, so
//! the null-window searches of MTD(f) — or the single one a win/loss verdict
//! needs — share what they learn. Moves are tried table move first, then by
//! the cell's value minus the opponent's best immediate reply; single-move
//! positions skip the table.

use std::time::{Duration, Instant};

use tabula_core::Game;

use super::rules::{WarpWeft, WwMove};

/// The largest board the solver takes (cells must fit one u64).
pub const MAX_SOLVABLE_SIZE: usize = 7;

/// One table slot: the position key, and its bounds, best move and the
/// work its search cost packed in one word.
#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    lower: i16,
    upper: i16,
    best: u8,
    /// log2 of the nodes its last search visited: what losing it would cost.
    work: u8,
}

impl Slot {
    #[inline]
    fn load(words: &[u64], index: usize) -> Slot {
        let data = words[2 * index + 1];
        Slot {
            key: words[2 * index],
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            best: (data >> 32) as u8,
            work: (data >> 40) as u8,
        }
    }

    #[inline]
    fn store(self, words: &mut [u64], index: usize) {
        words[2 * index] = self.key;
        words[2 * index + 1] = (self.lower as u16 as u64)
            | (self.upper as u16 as u64) << 16
            | (self.best as u64) << 32
            | (self.work as u64) << 40;
    }
}

/// Slots per bucket: four 16-byte slots fill one 64-byte cache line, so a
/// probe costs one memory access, and a new entry evicts the cheapest of four.
const WAYS: usize = 4;

const NO_MOVE: u8 = u8::MAX;

/// A solver for one board, keeping its table between calls: solve the start
/// once and every later position of that game is found in the table.
pub struct Solver {
    n: usize,
    values: [i32; 64],
    lines: [[u64; 64]; 2],
    line_ids: [[u8; 64]; 2],
    /// Two words a slot (key, packed data); allocated zeroed so the system hands it over lazily.
    table: Vec<u64>,
    mask: usize,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Enhanced transposition cut-offs are tried only while fewer cells
    /// than this are used: deeper down, the extra probes cost more than
    /// the searches they save (measured: 20 % faster with half the board).
    etc_limit: u32,
}

/// The exact value of a position for the side to move, and a best move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exact {
    /// The mover's future points minus the opponent's, with best play (komi and points so far excluded).
    pub margin: i32,
    /// A move that achieves it (`None` when the game is over).
    pub best: Option<WwMove>,
}

impl Solver {
    /// A solver for `pos`'s board with a table of about `mib` MiB, or `None`
    /// if the board is too big to solve.
    pub fn new(pos: &WarpWeft, mib: usize) -> Option<Solver> {
        let n = pos.size();
        if n > MAX_SOLVABLE_SIZE {
            return None;
        }
        let mut values = [0; 64];
        let mut lines = [[0u64; 64]; 2];
        let mut line_ids = [[0u8; 64]; 2];
        for cell in 0..n * n {
            values[cell] = pos.value(cell) as i32;
            let (r, c) = (cell / n, cell % n);
            for i in 0..n {
                lines[0][cell] |= 1 << (r * n + i);
                lines[1][cell] |= 1 << (i * n + c);
            }
            line_ids[0][cell] = r as u8;
            line_ids[1][cell] = c as u8;
        }
        // Small boards have small trees: a big table would only cost the time to clear its pages.
        let mib = match n * n {
            ..=25 => mib.min(16),
            ..=36 => mib.min(128),
            _ => mib,
        };
        let buckets = ((mib.max(1) << 20) / (16 * WAYS)).next_power_of_two() >> 1;
        let buckets = buckets.max(256);
        Some(Solver {
            n,
            values,
            lines,
            line_ids,
            table: huge_zeroed(2 * WAYS * buckets),
            mask: buckets - 1,
            nodes: 0,
            deadline: None,
            stopped: false,
            etc_limit: (n * n / 2) as u32,
        })
    }

    /// Whether this solver was made for the board of `pos`.
    pub fn fits(&self, pos: &WarpWeft) -> bool {
        pos.size() == self.n && (0..self.n * self.n).all(|c| pos.value(c) as i32 == self.values[c])
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn used_mask(pos: &WarpWeft) -> u64 {
        (0..pos.cells()).filter(|&c| pos.is_used(c)).fold(0, |m, c| m | 1 << c)
    }

    /// The exact margin and a best move, by MTD(f) from `guess`; `None` if `limit` ran out first.
    pub fn solve(&mut self, pos: &WarpWeft, guess: i32, limit: Option<Duration>) -> Option<Exact> {
        let (used, axis) = (Self::used_mask(pos), pos.axis_to_move().index());
        let line = self.lines[axis][pos.shuttle()];
        self.deadline = limit.map(|l| Instant::now() + l);
        self.stopped = false;
        let (mut lower, mut upper) = (i32::MIN / 2, i32::MAX / 2);
        let mut g = guess;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.search(used, line, axis, beta - 1, beta);
            if self.stopped {
                return None;
            }
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        Some(Exact { margin: g, best: self.best_move(pos, used, axis, line) })
    }

    /// Whether the mover's future margin is at least `threshold` (one null-window search).
    pub fn at_least(&mut self, pos: &WarpWeft, threshold: i32, limit: Option<Duration>) -> Option<bool> {
        let (used, axis) = (Self::used_mask(pos), pos.axis_to_move().index());
        let line = self.lines[axis][pos.shuttle()];
        self.deadline = limit.map(|l| Instant::now() + l);
        self.stopped = false;
        let g = self.search(used, line, axis, threshold - 1, threshold);
        (!self.stopped).then_some(g >= threshold)
    }

    /// The exact margin of each legal move (its cell's value plus the rest), best first.
    pub fn move_values(&mut self, pos: &WarpWeft, limit: Option<Duration>) -> Option<Vec<(WwMove, i32)>> {
        let start = Instant::now();
        let root = self.solve(pos, 0, limit)?;
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut out = Vec::new();
        for mv in moves {
            if mv.is_swap() {
                continue;
            }
            let mut child = pos.clone();
            child.play(mv);
            let left = limit.map(|l| l.saturating_sub(start.elapsed()));
            let guess = pos.value(mv.to as usize) as i32 - root.margin;
            let exact = self.solve(&child, -guess, left)?;
            out.push((mv, pos.value(mv.to as usize) as i32 - exact.margin));
        }
        out.sort_by(|a, b| b.1.cmp(&a.1));
        Some(out)
    }

    fn best_move(&self, pos: &WarpWeft, used: u64, axis: usize, line: u64) -> Option<WwMove> {
        let targets = line & !used;
        if targets == 0 {
            return None;
        }
        let key = self.key(used, axis, line);
        let cell = match self.probe(key) {
            Some((_, slot)) if slot.best != NO_MOVE && targets & (1 << slot.best) != 0 => slot.best as usize,
            _ => targets.trailing_zeros() as usize,
        };
        Some(WwMove { to: cell as u8, from: pos.shuttle() as u8 })
    }

    #[inline]
    fn key(&self, used: u64, axis: usize, line: u64) -> u64 {
        let id = self.line_ids[axis][line.trailing_zeros() as usize] as u64;
        used | id << 56 | (axis as u64) << 60
    }

    /// The first slot of the key's bucket; the key's bits are spread for
    /// the index, and the key itself is stored whole.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & self.mask) * WAYS
    }

    /// The slot holding `key`, with its index, if the table has it.
    #[inline]
    fn probe(&self, key: u64) -> Option<(usize, Slot)> {
        let first = self.bucket(key);
        (first..first + WAYS).find(|&i| self.table[2 * i] == key).map(|i| (i, Slot::load(&self.table, i)))
    }

    /// Where to keep a new entry for `key`: an empty slot of its bucket, or the one whose search cost least.
    #[inline]
    fn victim(&self, key: u64) -> usize {
        let first = self.bucket(key);
        let mut pick = first;
        let mut cheapest = u16::MAX;
        for i in first..first + WAYS {
            if self.table[2 * i] == 0 {
                return i;
            }
            let work = Slot::load(&self.table, i).work as u16;
            if work < cheapest {
                cheapest = work;
                pick = i;
            }
        }
        pick
    }

    /// Fail-soft alpha–beta over future points for the mover on `line`.
    fn search(&mut self, used: u64, line: u64, axis: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & 0xFFF == 0 {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.stopped = true;
                }
            }
        }
        if self.stopped {
            return 0;
        }
        let targets = line & !used;
        if targets == 0 {
            return 0;
        }
        let other = 1 - axis;
        if targets & (targets - 1) == 0 {
            let t = targets.trailing_zeros() as usize;
            let v = self.values[t];
            return v - self.search(used | targets, self.lines[other][t], other, v - beta, v - alpha);
        }
        let key = self.key(used, axis, line);
        let nodes_before = self.nodes;
        let mut table_best = NO_MOVE;
        let found = self.probe(key);
        if let Some((_, slot)) = found {
            let (lo, hi) = (slot.lower as i32, slot.upper as i32);
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            table_best = slot.best;
        }
        // Order: the table's move, then value minus the opponent's best reply.
        let mut moves = [(0i32, 0u8); 9];
        let mut count = 0;
        let mut rest = targets;
        while rest != 0 {
            let t = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let after = used | 1 << t;
            self.prefetch(self.key(after, other, self.lines[other][t]));
            let mut reply = self.lines[other][t] & !after;
            let mut best_reply = 0;
            let mut any = false;
            while reply != 0 {
                let r = reply.trailing_zeros() as usize;
                reply &= reply - 1;
                if !any || self.values[r] > best_reply {
                    best_reply = self.values[r];
                    any = true;
                }
            }
            let order = if t as u8 == table_best { i32::MAX } else { self.values[t] - best_reply };
            moves[count] = (order, t as u8);
            count += 1;
        }
        let moves = &mut moves[..count];
        // Enhanced transposition cut-off: a child whose stored upper bound
        // already lifts this position to beta settles it without a search
        // (near the root only, see `etc_limit`).
        for &(_, t) in moves.iter().filter(|_| used.count_ones() < self.etc_limit) {
            let t = t as usize;
            let child_line = self.lines[other][t];
            let child_key = self.key(used | 1 << t, other, child_line);
            if child_line & !(used | 1 << t) == 0 {
                continue;
            }
            if let Some((_, child)) = self.probe(child_key) {
                let score = self.values[t] - child.upper as i32;
                if score >= beta {
                    return score;
                }
            }
        }
        for i in 1..moves.len() {
            let mut j = i;
            while j > 0 && moves[j - 1].0 < moves[j].0 {
                moves.swap(j - 1, j);
                j -= 1;
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut best = i32::MIN;
        let mut best_cell = NO_MOVE;
        for &(_, t) in moves.iter() {
            let t = t as usize;
            let v = self.values[t];
            let score = v - self.search(used | 1 << t, self.lines[other][t], other, v - beta, v - alpha.max(best));
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_cell = t as u8;
                if best >= beta {
                    break;
                }
            }
        }
        // The table may have moved on while the children were searched: look again.
        let (index, mut entry) = match self.probe(key).or(found.filter(|&(i, _)| self.table[2 * i] == key)) {
            Some(hit) => hit,
            None => (self.victim(key), Slot { key, lower: i16::MIN, upper: i16::MAX, best: NO_MOVE, work: 0 }),
        };
        entry.work = entry.work.max((64 - (self.nodes - nodes_before).leading_zeros()) as u8);
        if best <= alpha0 {
            entry.upper = entry.upper.min(best as i16);
        } else if best >= beta0 {
            entry.lower = entry.lower.max(best as i16);
        } else {
            entry.lower = best as i16;
            entry.upper = best as i16;
        }
        if best > alpha0 || entry.best == NO_MOVE {
            entry.best = best_cell;
        }
        entry.store(&mut self.table, index);
        best
    }

    /// Asks the processor to fetch a slot before it is needed: table probes
    /// miss the cache, and waiting for memory is what a solver spends its time on.
    #[inline]
    fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        unsafe {
            // SAFETY: the index is masked into the table; prefetching only hints.
            let ptr = self.table.as_ptr().add(2 * self.bucket(key)) as *const i8;
            std::arch::x86_64::_mm_prefetch(ptr, std::arch::x86_64::_MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }
}

/// A zeroed table of `words` words. Zeroed memory comes from the system
/// untouched, so only the part a search reaches is ever paid for; on Linux
/// the table is also marked for huge pages, since random probes into
/// hundreds of megabytes otherwise miss the TLB as well as the cache.
fn huge_zeroed(words: usize) -> Vec<u64> {
    let table = vec![0u64; words];
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = table.as_ptr() as usize;
        let end = start + words * 8;
        let aligned = (start + HUGE - 1) & !(HUGE - 1);
        if end > aligned + HUGE {
            // SAFETY: the range lies inside the table's own allocation; the
            // call only advises the kernel and cannot change its contents.
            unsafe {
                libc::madvise(aligned as *mut libc::c_void, (end - aligned) & !(HUGE - 1), libc::MADV_HUGEPAGE);
            }
        }
    }
    table
}
