//! The JSON form of a position (spec/notation.md §4.4): every field of the position string as
//! data, per-player values keyed by player, holes by name, and the options in force.

use crate::position::Fields;
use rules_core::{GameKind, Hole, Mark, Player, Right, Setup, Variant, View};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// The schema the JSON form follows; a reader refuses any other.
pub const POSITION_SCHEMA: &str = "mancala-position/1";

fn per_player<T: Copy + Into<Value>>(pair: [T; 2]) -> Value {
    json!({"A": pair[0].into(), "B": pair[1].into()})
}

/// The JSON form of `s` (§4.4).
#[must_use]
pub fn position_to_json(s: &Setup) -> Value {
    to_json(s)
}

/// The JSON form of a position, from its view (§4.4): `view_to_json(pos.view())`.
#[must_use]
pub fn view_to_json(v: View<'_>) -> Value {
    to_json(&v)
}

fn to_json(s: &impl Fields) -> Value {
    let variant = s.variant();
    let g = variant.geometry();
    let mut holes = Map::new();
    let mut marks = Map::new();
    let mut territories = [Vec::new(), Vec::new()];
    for i in 0..g.len() {
        let name = g.hole(i).to_string();
        holes.insert(name.clone(), json!(s.seed(i)));
        if let Some(m) = s.mark(i) {
            marks.insert(name.clone(), json!({"kind": m.kind, "owner": m.owner}));
        }
        territories[s.owner(i).index()].push(Value::String(name));
    }
    let options: Map<String, Value> = variant
        .option_keys()
        .iter()
        .filter_map(|k| Some(((*k).to_owned(), json!(variant.option_value(k)?))))
        .collect();
    json!({
        "schema": POSITION_SCHEMA,
        "game": variant.kind(),
        "options": options,
        "holes": holes,
        "marks": marks,
        "territories": {"A": territories[0], "B": territories[1]},
        "stores": per_player(s.stores()),
        "reserves": per_player(s.reserves()),
        "round": s.round(),
        "opener": s.opener(),
        "opening": s.opening_pending(),
        "right": s.right().map(|r| json!({"kind": r.kind.to_string(), "hole": r.hole})),
        "to_move": s.to_move(),
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PerPlayer<T> {
    #[serde(rename = "A")]
    a: T,
    #[serde(rename = "B")]
    b: T,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionIn {
    schema: Option<String>,
    /// Read as text, so that an unknown game is named as a position string names it.
    game: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
    holes: BTreeMap<String, u32>,
    #[serde(default)]
    marks: BTreeMap<String, Mark>,
    territories: Option<PerPlayer<Vec<String>>>,
    stores: Option<PerPlayer<u32>>,
    reserves: Option<PerPlayer<u32>>,
    round: Option<u32>,
    opener: Option<Player>,
    #[serde(default)]
    opening: bool,
    right: Option<Right>,
    to_move: Player,
}

/// Reads the JSON form of a position into a [`Setup`] (not yet checked against the rules:
/// `Position::from_setup` does). `extra` are options stated elsewhere (the command line); an
/// option stated both ways must agree. Where `holes` is stated nowhere, the number of holes gives
/// it, as the board's width does in a position string.
///
/// # Errors
/// Not JSON, not this schema, an unknown member or hole, a hole left out or an option the game
/// does not take: the reason, in words.
pub fn position_from_json(text: &str, extra: &[(String, String)]) -> Result<Setup, String> {
    let p: PositionIn =
        serde_json::from_str(text).map_err(|e| format!("bad JSON position: {e}"))?;
    if let Some(s) = &p.schema
        && s != POSITION_SCHEMA
    {
        return Err(format!(
            "bad JSON position: schema `{s}` is not {POSITION_SCHEMA}"
        ));
    }
    // The range of a position string's `round=` (§4.1), so that every position read from JSON
    // can be written as a string and read back.
    if let Some(round) = p.round.filter(|r| *r > crate::parse::MAX_ROUND) {
        return Err(format!(
            "bad JSON position: round {round} is past the limit: round numbers are at most {} (spec/notation.md §4.1)",
            crate::parse::MAX_ROUND
        ));
    }
    let game: GameKind = p
        .game
        .parse()
        .map_err(|e| format!("bad JSON position: {e}"))?;
    let variant = variant_of(&p, game, extra)?;
    let g = variant.geometry();
    let index = |name: &str| -> Result<usize, String> {
        name.parse::<Hole>()
            .ok()
            .and_then(|h| g.index(h))
            .ok_or_else(|| format!("bad JSON position: `{name}` is not a hole of this board"))
    };
    let mut seeds = vec![None; g.len()];
    for (name, n) in &p.holes {
        seeds[index(name)?] = Some(*n);
    }
    let seeds: Vec<u32> = seeds
        .iter()
        .enumerate()
        .map(|(i, s)| s.ok_or_else(|| format!("bad JSON position: hole {} is missing", g.hole(i))))
        .collect::<Result<_, _>>()?;
    let mut marks = vec![None; g.len()];
    for (name, m) in &p.marks {
        marks[index(name)?] = Some(*m);
    }
    let owners = match &p.territories {
        None => None,
        Some(t) => {
            let mut owners: Vec<Option<Player>> = vec![None; g.len()];
            for (player, names) in [(Player::A, &t.a), (Player::B, &t.b)] {
                for name in names {
                    let i = index(name)?;
                    if owners[i].replace(player).is_some() {
                        return Err(format!(
                            "bad JSON position: hole {name} is in both territories"
                        ));
                    }
                }
            }
            let owners: Vec<Player> = owners
                .iter()
                .enumerate()
                .map(|(i, o)| {
                    o.ok_or_else(|| {
                        format!("bad JSON position: hole {} is in no territory", g.hole(i))
                    })
                })
                .collect::<Result<_, _>>()?;
            let by_rows = (0..g.len()).all(|i| owners[i] == g.row(i));
            (!by_rows).then_some(owners)
        }
    };
    let pair = |v: &Option<PerPlayer<u32>>| v.as_ref().map_or([0, 0], |p| [p.a, p.b]);
    Ok(Setup {
        variant,
        seeds,
        owners,
        marks,
        stores: pair(&p.stores),
        reserves: pair(&p.reserves),
        to_move: p.to_move,
        round: p.round.unwrap_or(1),
        opener: p.opener,
        opening_pending: p.opening,
        right: p.right,
    })
}

/// The variant of a JSON position: its options, those of `extra` it does not state, and `holes`
/// from the number of holes where nobody states it.
fn variant_of(
    p: &PositionIn,
    game: GameKind,
    extra: &[(String, String)],
) -> Result<Variant, String> {
    let mut variant = Variant::default_for(game);
    let mut set = |k: &str, v: &str| {
        variant
            .set_option(k, v)
            .map_err(|e| format!("bad JSON position: option {k}={v}: {e}"))
    };
    for (k, v) in &p.options {
        set(k, v)?;
    }
    for (k, v) in extra {
        match p.options.get(k) {
            Some(own) if own != v => {
                return Err(format!(
                    "bad JSON position: option {k}={own}, but the command line says {k}={v}"
                ));
            }
            Some(_) => {}
            None => set(k, v)?,
        }
    }
    let stated = |k: &str| p.options.contains_key(k) || extra.iter().any(|(key, _)| key == k);
    let has_holes = Variant::default_for(game).option_keys().contains(&"holes");
    if has_holes && !stated("holes") {
        let width = p.holes.len() / 2;
        set("holes", &width.to_string())?;
    }
    Ok(variant)
}
