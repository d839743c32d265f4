//! Hostile databases (issue 23): a database file whose bytes were changed, with its checks made
//! again so that they hold, as someone who knows the format would. What the checks alone cannot
//! catch (counts, values, order) is then what the reader is tested on.

use analysis::db::format::{BLOCK, ENTRY, Fnv, block_data_len, block_len, read_header};
use analysis::solve::index::{Layout, SliceId};

/// `bytes` with every block check and the header's check computed again, if its header and
/// slice table can be read far enough to find the blocks; `None` otherwise.
#[must_use]
pub fn reseal(bytes: &[u8]) -> Option<Vec<u8>> {
    let header = read_header(&mut &bytes[..]).ok()?;
    let (_, shape) = header.game().ok()?;
    let mut out = bytes.to_vec();
    let start = usize::try_from(header.len).ok()?;
    let slices = usize::try_from(header.slices).ok()?;
    let slice_end = start.checked_add(slices.checked_mul(ENTRY)?)?;
    let mut layouts = Vec::new();
    for e in bytes.get(start..slice_end)?.chunks_exact(ENTRY) {
        let id = SliceId::from_bytes(shape, [e[0], e[1], e[2], e[3]])?;
        layouts.push(Layout::new(shape, id)?);
    }
    let blocks: u64 = layouts.iter().map(|l| l.size.div_ceil(BLOCK)).sum();
    if blocks != header.blocks {
        return None;
    }
    let table_end = slice_end.checked_add(usize::try_from(blocks).ok()?.checked_mul(ENTRY)?)?;
    if table_end > bytes.len() {
        return None;
    }
    let mut offset = table_end;
    let mut k = slice_end;
    for l in &layouts {
        for b in 0..l.size.div_ceil(BLOCK) {
            let positions = u32::from_le_bytes(bytes[k..k + 4].try_into().ok()?);
            let len = block_data_len(block_len(l.size, b), positions.min(BLOCK as u32));
            let end = offset
                .checked_add(usize::try_from(len).ok()?)?
                .min(bytes.len());
            let mut h = Fnv::default();
            h.update(&bytes[offset.min(end)..end]);
            out[k + 8..k + 16].copy_from_slice(&h.value().to_le_bytes());
            offset = end;
            k += ENTRY;
        }
    }
    let mut h = Fnv::default();
    h.update(&header.covered);
    h.update(&out[start..table_end]);
    let line = header.covered.len();
    let hex = format!("{:016x}", h.value());
    let at = line + "check fnv1a64 ".len();
    out[at..at + 16].copy_from_slice(hex.as_bytes());
    Some(out)
}

/// `bytes` with every stored value pair replaced by `f` of it, and its checks made again.
#[must_use]
pub fn rewrite_values(bytes: &[u8], f: impl Fn([i8; 2]) -> [i8; 2]) -> Option<Vec<u8>> {
    let header = read_header(&mut &bytes[..]).ok()?;
    let (_, shape) = header.game().ok()?;
    let start = usize::try_from(header.len).ok()?;
    let slices = usize::try_from(header.slices).ok()?;
    let slice_end = start + slices * ENTRY;
    let mut layouts = Vec::new();
    for e in bytes.get(start..slice_end)?.chunks_exact(ENTRY) {
        layouts.push(Layout::new(
            shape,
            SliceId::from_bytes(shape, [e[0], e[1], e[2], e[3]])?,
        )?);
    }
    let mut out = bytes.to_vec();
    let mut k = slice_end;
    let mut offset = slice_end + usize::try_from(header.blocks).ok()? * ENTRY;
    for l in &layouts {
        for b in 0..l.size.div_ceil(BLOCK) {
            let positions = u32::from_le_bytes(bytes.get(k..k + 4)?.try_into().ok()?);
            let len = block_len(l.size, b);
            if positions > 0 {
                let values = offset + usize::try_from(len.div_ceil(64) * 8).ok()?;
                for v in out
                    .get_mut(values..values + 2 * positions as usize)?
                    .chunks_exact_mut(2)
                {
                    let [x, y] = f([i8::from_le_bytes([v[0]]), i8::from_le_bytes([v[1]])]);
                    v[0] = x.to_le_bytes()[0];
                    v[1] = y.to_le_bytes()[0];
                }
            }
            offset += usize::try_from(block_data_len(len, positions)).ok()?;
            k += ENTRY;
        }
    }
    reseal(&out)
}

/// A solve's journal (`FILE.work/journal`, spec/analysis.md §3.3) with the values of each record
/// replaced by `f(record, board, values)` (records and boards counted from 0, boards over the
/// record's slices one after the other) and each record's check made again, as someone who
/// knows the format would edit it; `None` if the bytes are not a journal's records. A record
/// cut short at the end is kept as it is.
#[must_use]
pub fn rewrite_journal(
    bytes: &[u8],
    mut f: impl FnMut(usize, usize, [i8; 2]) -> [i8; 2],
) -> Option<Vec<u8>> {
    let mut out = bytes.to_vec();
    let mut at = bytes.iter().position(|&b| b == b'\n')? + 1;
    let mut record = 0;
    while at + 5 <= out.len() {
        let start = at;
        let slices = usize::from(out[at + 4]);
        at += 5;
        let mut boards = 0usize;
        for _ in 0..slices {
            let c = out.get(at..at + 8)?;
            boards += usize::try_from(u64::from_le_bytes(c.try_into().ok()?)).ok()?;
            at += 8;
        }
        let end = at.checked_add(2 * boards)?;
        if end + 8 > out.len() {
            break;
        }
        for (k, v) in out[at..end].chunks_exact_mut(2).enumerate() {
            let [b, w] = f(
                record,
                k,
                [i8::from_le_bytes([v[0]]), i8::from_le_bytes([v[1]])],
            );
            v[0] = b.to_le_bytes()[0];
            v[1] = w.to_le_bytes()[0];
        }
        let mut h = Fnv::default();
        h.update(&out[start..end]);
        out[end..end + 8].copy_from_slice(&h.value().to_le_bytes());
        at = end + 8;
        record += 1;
    }
    Some(out)
}
