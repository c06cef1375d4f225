//! The one pool every computation a visitor can start goes through
//! (computer moves, hints, analyses): at most as many running at once as
//! there are cores, a short queue behind them, then "busy"; and one memory
//! budget for every table, running or kept between moves. A computation is
//! cancelled when nobody waits for it any more.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore, SemaphorePermit};

use crate::error::ApiError;

/// How the pool is sized.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolSize {
    /// Computations running at once, counted in threads (default: the cores).
    pub slots: usize,
    /// Computations that may wait for a slot; one more is refused as busy.
    pub queue: usize,
    /// How long one may wait in the queue before it is refused as busy.
    pub queue_wait: Duration,
    /// MiB that all tables together may take, running or kept.
    pub memory_mib: usize,
}

impl Default for PoolSize {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        PoolSize { slots: cores, queue: 2 * cores, queue_wait: Duration::from_secs(20), memory_mib: 1024 }
    }
}

/// Light work done at once per slot (see [`ComputePool::light_work`]).
const LIGHT_PER_SLOT: usize = 4;

/// The memory a computation or a kept table holds, given back when dropped.
pub type Reservation = Option<OwnedSemaphorePermit>;

/// The right to run one computation: its threads, until dropped.
pub struct Job {
    _threads: OwnedSemaphorePermit,
}

/// A computation nobody waits for (the computer thinking on a person's
/// time): it runs only on threads that are free, and gives them up as soon
/// as a computation someone waits for needs them.
pub struct Background {
    _job: Job,
    /// Set when the pool wants the threads back.
    pub cancel: Arc<AtomicBool>,
}

/// The shared pool of cores and memory.
pub struct ComputePool {
    threads: Arc<Semaphore>,
    /// The cancel flags of the background computations running now.
    background: Mutex<Vec<Weak<AtomicBool>>>,
    /// Light work (working out positions for pages): a few at a time per core.
    light: Semaphore,
    memory: Arc<Semaphore>,
    waiting: AtomicUsize,
    size: PoolSize,
}

impl ComputePool {
    /// A pool of the given size.
    pub fn new(size: PoolSize) -> Self {
        let size = PoolSize { slots: size.slots.max(1), memory_mib: size.memory_mib.max(1), ..size };
        ComputePool {
            threads: Arc::new(Semaphore::new(size.slots)),
            background: Mutex::new(Vec::new()),
            light: Semaphore::new(LIGHT_PER_SLOT * size.slots),
            memory: Arc::new(Semaphore::new(size.memory_mib)),
            waiting: AtomicUsize::new(0),
            size,
        }
    }

    /// The pool's size.
    pub fn size(&self) -> PoolSize {
        self.size
    }

    /// Waits for `threads` threads (at most the pool's slots), unless the
    /// queue is full or the wait too long: then 503 busy. A caller that is
    /// dropped while waiting leaves the queue.
    pub async fn start(&self, threads: usize) -> Result<Job, ApiError> {
        let threads = threads.clamp(1, self.size.slots) as u32;
        if let Ok(permit) = Arc::clone(&self.threads).try_acquire_many_owned(threads) {
            return Ok(Job { _threads: permit });
        }
        // Background work makes way for this.
        self.stop_background();
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.size.queue {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(busy());
        }
        let _leave = Leave(&self.waiting);
        match tokio::time::timeout(self.size.queue_wait, Arc::clone(&self.threads).acquire_many_owned(threads)).await {
            Ok(Ok(permit)) => Ok(Job { _threads: permit }),
            _ => Err(busy()),
        }
    }

    /// `threads` threads for background work if they are free now and no
    /// one is waiting for any; `None` otherwise. The work must stop once
    /// [`Background::cancel`] is set: a computation someone waits for wants
    /// the threads.
    pub fn try_background(&self, threads: usize) -> Option<Background> {
        if self.waiting.load(Ordering::SeqCst) > 0 {
            return None;
        }
        let threads = threads.clamp(1, self.size.slots) as u32;
        let permit = Arc::clone(&self.threads).try_acquire_many_owned(threads).ok()?;
        let cancel = Arc::new(AtomicBool::new(false));
        let mut running = self.background.lock().unwrap_or_else(|p| p.into_inner());
        running.retain(|flag| flag.strong_count() > 0);
        running.push(Arc::downgrade(&cancel));
        Some(Background { _job: Job { _threads: permit }, cancel })
    }

    /// Asks every background computation to stop.
    fn stop_background(&self) {
        let mut running = self.background.lock().unwrap_or_else(|p| p.into_inner());
        for flag in running.drain(..).filter_map(|f| f.upgrade()) {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// A turn for light work (milliseconds of it, such as replaying a game's
    /// moves for a page): a few per core at once; 503 busy if none comes
    /// within the queue wait.
    pub async fn light_work(&self) -> Result<SemaphorePermit<'_>, ApiError> {
        match tokio::time::timeout(self.size.queue_wait, self.light.acquire()).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(busy()),
        }
    }

    /// Reserves `mib` MiB of the memory budget, dropping kept tables (oldest
    /// first, from each store in turn) to make room; 503 busy if running
    /// computations alone leave too little.
    pub fn reserve(&self, mib: usize, stores: &[&dyn Evict]) -> Result<Reservation, ApiError> {
        if mib == 0 {
            return Ok(None);
        }
        if mib > self.size.memory_mib {
            return Err(ApiError::busy(format!(
                "this computation needs {mib} MiB, more than the server's whole budget of {} MiB",
                self.size.memory_mib
            )));
        }
        loop {
            if let Ok(permit) = Arc::clone(&self.memory).try_acquire_many_owned(mib as u32) {
                return Ok(Some(permit));
            }
            if !stores.iter().any(|store| store.evict_oldest()) {
                return Err(ApiError::busy(
                    "the server's memory is taken by other computations; try again in a moment",
                ));
            }
        }
    }

    /// MiB of the budget not reserved now.
    pub fn memory_free(&self) -> usize {
        self.memory.available_permits()
    }

    /// Threads not running a computation now.
    pub fn threads_free(&self) -> usize {
        self.threads.available_permits()
    }
}

fn busy() -> ApiError {
    ApiError::busy("the server is busy thinking for others; try again in a moment")
}

/// Takes a caller out of the queue count, however it leaves.
struct Leave<'a>(&'a AtomicUsize);

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A store of kept values that can give up its oldest to free memory.
pub trait Evict: Send + Sync {
    /// Drops the oldest kept value; says whether there was one.
    fn evict_oldest(&self) -> bool;
}

/// A few values kept by key, newest first, each with the memory it holds;
/// beyond `cap` the oldest goes. A value is taken out while in use and kept
/// again afterwards; while out, it cannot be evicted.
pub struct Kept<T> {
    items: Mutex<VecDeque<(String, T, Reservation)>>,
    cap: usize,
}

impl<T> Kept<T> {
    /// An empty store of at most `cap` values.
    pub fn new(cap: usize) -> Self {
        Kept { items: Mutex::new(VecDeque::new()), cap }
    }

    fn lock(&self) -> MutexGuard<'_, VecDeque<(String, T, Reservation)>> {
        self.items.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Takes out the value kept under `key`, with its memory, if any.
    pub fn take(&self, key: &str) -> Option<(T, Reservation)> {
        let mut items = self.lock();
        let found = items.iter().position(|(k, _, _)| k == key)?;
        items.remove(found).map(|(_, value, memory)| (value, memory))
    }

    /// Keeps `value`, holding `memory`, under `key` as the newest.
    pub fn keep(&self, key: String, value: T, memory: Reservation) {
        let mut items = self.lock();
        items.push_front((key, value, memory));
        items.truncate(self.cap);
    }

    /// The keys kept, newest first.
    pub fn keys(&self) -> Vec<String> {
        self.lock().iter().map(|(k, _, _)| k.clone()).collect()
    }
}

impl<T: Send> Evict for Kept<T> {
    fn evict_oldest(&self) -> bool {
        // Drop the value outside the lock: a big table takes a while to free.
        let oldest = self.lock().pop_back();
        oldest.is_some()
    }
}

/// Sets its flag when dropped: a request handler holds one while the
/// computation it started runs, so that a closed connection, which drops
/// the handler, cancels the computation.
pub struct CancelOnDrop(pub Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(slots: usize, queue: usize, memory_mib: usize) -> ComputePool {
        ComputePool::new(PoolSize { slots, queue, queue_wait: Duration::from_millis(200), memory_mib })
    }

    #[tokio::test]
    async fn a_full_pool_queues_a_few_then_answers_busy() {
        let pool = Arc::new(pool(2, 1, 100));
        let first = pool.start(1).await.unwrap();
        let second = pool.start(1).await.unwrap();
        assert_eq!(pool.threads_free(), 0);
        let waiting = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { pool.start(1).await.map(|_| ()) })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        let refused = pool.start(1).await.err().expect("the queue holds one");
        assert_eq!((refused.status().as_u16(), refused.kind()), (503, "busy"));
        drop(first);
        assert!(waiting.await.unwrap().is_ok(), "the queued computation runs once a slot is free");
        drop(second);
        assert_eq!(pool.threads_free(), 2);
    }

    #[tokio::test]
    async fn a_queued_computation_gives_up_after_the_queue_wait() {
        let pool = pool(1, 4, 100);
        let _running = pool.start(1).await.unwrap();
        let refused = pool.start(1).await.err().expect("the slot stays taken");
        assert_eq!(refused.kind(), "busy");
        assert_eq!(pool.waiting.load(Ordering::SeqCst), 0, "it left the queue");
    }

    #[tokio::test]
    async fn background_work_takes_only_free_threads_and_makes_way() {
        let pool = Arc::new(pool(2, 2, 100));
        let pondering = pool.try_background(1).expect("a thread is free");
        let _busy = pool.start(1).await.unwrap();
        assert!(pool.try_background(1).is_none(), "no thread is free");
        assert!(!pondering.cancel.load(Ordering::Relaxed), "nobody needed its thread yet");
        // Someone now waits for a thread: the background work is asked to stop…
        let waiting = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { pool.start(1).await.map(|_| ()) })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(pondering.cancel.load(Ordering::Relaxed), "the background work was asked to stop");
        // …and once it stops, the waiting computation runs.
        drop(pondering);
        assert!(waiting.await.unwrap().is_ok());
    }

    #[test]
    fn memory_is_made_by_dropping_the_oldest_kept_tables() {
        let pool = pool(2, 2, 100);
        let kept: Kept<&str> = Kept::new(4);
        kept.keep("a".into(), "old", pool.reserve(40, &[]).unwrap());
        kept.keep("b".into(), "new", pool.reserve(40, &[]).unwrap());
        assert_eq!(pool.memory_free(), 20);
        let big = pool.reserve(50, &[&kept]).unwrap();
        assert_eq!(kept.keys(), vec!["b".to_string()], "only the oldest went");
        assert_eq!(pool.memory_free(), 10);
        let refused = pool.reserve(60, &[&kept]).expect_err("running computations hold 50 MiB");
        assert_eq!(refused.kind(), "busy");
        assert!(kept.keys().is_empty(), "it tried everything kept first");
        drop(big);
        assert_eq!(pool.memory_free(), 100);
        assert_eq!(pool.reserve(101, &[]).err().map(|e| e.kind()), Some("busy"), "more than the whole budget");
    }
}
