//! Bit sets over a slice's boards (which are reachable), with ranks (where a reachable board's
//! values are in the slice's dense array), and memory reserved fallibly.

/// Memory the machine would not give: the solve stops with a message instead of aborting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfMemory {
    /// What was being reserved, in words.
    pub what: String,
    /// Bytes asked for.
    pub bytes: u64,
}

/// A vector of `len` copies of `value`, or the error if the memory cannot be had.
///
/// # Errors
/// The allocator refused.
pub fn vec_of<T: Clone>(len: usize, value: T, what: &str) -> Result<Vec<T>, OutOfMemory> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| OutOfMemory {
        what: what.to_owned(),
        bytes: (len as u64).saturating_mul(size_of::<T>() as u64),
    })?;
    v.resize(len, value);
    Ok(v)
}

/// Bits per rank block: one running count per 8 words.
const RANK_WORDS: usize = 8;

/// A set of indices in `0..len`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bitmap {
    words: Vec<u64>,
    len: u64,
    /// Set bits before each block of [`RANK_WORDS`] words, once [`Bitmap::index_ranks`] has run.
    ranks: Vec<u32>,
}

impl Bitmap {
    /// An empty set over `0..len`.
    ///
    /// # Errors
    /// Out of memory.
    pub fn new(len: u64, what: &str) -> Result<Bitmap, OutOfMemory> {
        let words = usize::try_from(len.div_ceil(64)).map_err(|_| OutOfMemory {
            what: what.to_owned(),
            bytes: len / 8,
        })?;
        Ok(Bitmap {
            words: vec_of(words, 0, what)?,
            len,
            ranks: Vec::new(),
        })
    }

    /// A set from its words (bits past `len` must be clear).
    #[must_use]
    pub fn from_words(words: Vec<u64>, len: u64) -> Bitmap {
        Bitmap {
            words,
            len,
            ranks: Vec::new(),
        }
    }

    /// The size of the universe.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the universe is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The words, bit `i % 64` of word `i / 64` for index `i`.
    #[must_use]
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The words, to change.
    pub fn words_mut(&mut self) -> &mut [u64] {
        self.ranks.clear();
        &mut self.words
    }

    /// Whether `i` is in the set.
    #[inline]
    #[must_use]
    pub fn contains(&self, i: u64) -> bool {
        i < self.len && self.words[(i / 64) as usize] & (1 << (i % 64)) != 0
    }

    /// Adds `i` (< len); whether it was new.
    #[inline]
    pub fn insert(&mut self, i: u64) -> bool {
        let w = &mut self.words[(i / 64) as usize];
        let bit = 1u64 << (i % 64);
        let new = *w & bit == 0;
        *w |= bit;
        new
    }

    /// How many indices are in the set.
    #[must_use]
    pub fn count(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// Computes the running counts [`Bitmap::rank`] uses.
    ///
    /// # Errors
    /// Out of memory.
    pub fn index_ranks(&mut self) -> Result<(), OutOfMemory> {
        let blocks = self.words.len().div_ceil(RANK_WORDS);
        let mut ranks = vec_of(blocks, 0u32, "rank directory")?;
        let mut total = 0u32;
        for (r, block) in ranks.iter_mut().zip(self.words.chunks(RANK_WORDS)) {
            *r = total;
            total += block.iter().map(|w| w.count_ones()).sum::<u32>();
        }
        self.ranks = ranks;
        Ok(())
    }

    /// The number of indices in the set below `i` (after [`Bitmap::index_ranks`]).
    #[inline]
    #[must_use]
    pub fn rank(&self, i: u64) -> u64 {
        let w = (i / 64) as usize;
        let block = w / RANK_WORDS;
        let mut r = self.ranks[block];
        for x in &self.words[block * RANK_WORDS..w] {
            r += x.count_ones();
        }
        r += (self.words[w] & ((1u64 << (i % 64)) - 1)).count_ones();
        u64::from(r)
    }

    /// The index of the set's member of rank `r` (from 0), after [`Bitmap::index_ranks`]: a
    /// binary search over the running counts, then a scan of at most 8 words.
    #[must_use]
    pub fn select(&self, r: u64) -> Option<u64> {
        let r32 = u32::try_from(r).ok()?;
        // The last block whose running count is at most r.
        let block = self.ranks.partition_point(|&c| c <= r32).checked_sub(1)?;
        let mut left = r32 - self.ranks[block];
        for w in block * RANK_WORDS..self.words.len().min((block + 1) * RANK_WORDS) {
            let mut x = self.words[w];
            let c = x.count_ones();
            if left < c {
                for _ in 0..left {
                    x &= x - 1;
                }
                return Some(w as u64 * 64 + u64::from(x.trailing_zeros()));
            }
            left -= c;
        }
        None
    }

    /// The first index in the set at or after `from`.
    #[must_use]
    pub fn next_one(&self, from: u64) -> Option<u64> {
        if from >= self.len {
            return None;
        }
        let mut w = (from / 64) as usize;
        let mut x = self.words[w] & (u64::MAX << (from % 64));
        loop {
            if x != 0 {
                return Some(w as u64 * 64 + u64::from(x.trailing_zeros()));
            }
            w += 1;
            x = *self.words.get(w)?;
        }
    }

    /// The indices in the set, in order.
    pub fn ones(&self) -> impl Iterator<Item = u64> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &word)| {
            let mut x = word;
            std::iter::from_fn(move || {
                if x == 0 {
                    return None;
                }
                let b = x.trailing_zeros();
                x &= x - 1;
                Some(w as u64 * 64 + u64::from(b))
            })
        })
    }

    /// Bytes held.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        (self.words.len() * 8 + self.ranks.len() * 4) as u64
    }
}
