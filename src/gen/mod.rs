//! Generated, scalable benchmark families, for tests (known state counts, random systems to
//! compare the engines on) and for benchmarks (`--gen` specs on the command line).

mod bits;
pub mod formulas;
mod philosophers;
mod random;
mod ring;
pub mod rng;

pub use bits::{bits, BitsSpec};
pub use philosophers::philosophers;
pub use random::{random, RandomSpec};
pub use ring::token_ring;

use crate::model::System;

/// Builds a system from a family spec:
/// * `philosophers:N` (or `phil:N`): [`philosophers`], 3^N − 1 states;
/// * `ring:N` (or `token_ring:N`): [`token_ring`], N·2^N states;
/// * `random:key=value,...` with keys `components`, `states`, `transitions`, `share`,
///   `deadlocks` (`true`/`false`), `seed`; missing keys take [`RandomSpec::default`]'s values,
///   except `transitions`, which defaults to twice `states`;
/// * `bits:key=value,...` with keys `components`, `bits`, `labels`, `share`, `seed`: [`bits`],
///   products of bits in disguise like the large RERS 2017 problems; missing keys take
///   [`BitsSpec::default`]'s values.
pub fn family(spec: &str) -> Result<System, String> {
    let (name, args) = spec.split_once(':').unwrap_or((spec, ""));
    let size = |what: &str| -> Result<usize, String> {
        args.trim()
            .parse::<usize>()
            .map_err(|_| format!("`{spec}`: {what} needs a size, e.g. `{name}:5`"))
    };
    match name.trim() {
        "philosophers" | "phil" => philosophers(size("philosophers")?),
        "ring" | "token_ring" => token_ring(size("ring")?),
        "random" => random(&parse_random(spec, args)?),
        "bits" => bits(&parse_bits(spec, args)?),
        other => Err(format!(
            "unknown family `{other}` in `{spec}`: expected philosophers:N, ring:N, \
             random:key=value,... or bits:key=value,..."
        )),
    }
}

/// The `key=value` pairs of a family spec, trimmed.
fn key_values<'a>(spec: &str, args: &'a str) -> Result<Vec<(&'a str, &'a str)>, String> {
    args.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|kv| {
            kv.split_once('=')
                .map(|(k, v)| (k.trim(), v.trim()))
                .ok_or_else(|| format!("`{spec}`: expected key=value, found `{kv}`"))
        })
        .collect()
}

fn parse_bits(spec: &str, args: &str) -> Result<BitsSpec, String> {
    let mut r = BitsSpec::default();
    for (k, v) in key_values(spec, args)? {
        let bad = || format!("`{spec}`: bad value `{v}` for `{k}`");
        match k {
            "components" => r.components = v.parse().map_err(|_| bad())?,
            "bits" => r.bits = v.parse().map_err(|_| bad())?,
            "labels" => r.labels = v.parse().map_err(|_| bad())?,
            "share" => r.share_rate = v.parse().map_err(|_| bad())?,
            "seed" => r.seed = v.parse().map_err(|_| bad())?,
            _ => {
                return Err(format!(
                    "`{spec}`: unknown key `{k}` (components, bits, labels, share, seed)"
                ))
            }
        }
    }
    Ok(r)
}

fn parse_random(spec: &str, args: &str) -> Result<RandomSpec, String> {
    let mut r = RandomSpec::default();
    let mut transitions = None;
    for (k, v) in key_values(spec, args)? {
        let bad = || format!("`{spec}`: bad value `{v}` for `{k}`");
        match k {
            "components" => r.components = v.parse().map_err(|_| bad())?,
            "states" => r.states_per_component = v.parse().map_err(|_| bad())?,
            "transitions" => transitions = Some(v.parse().map_err(|_| bad())?),
            "share" => r.share_rate = v.parse().map_err(|_| bad())?,
            "deadlocks" => r.deadlocks = v.parse().map_err(|_| bad())?,
            "seed" => r.seed = v.parse().map_err(|_| bad())?,
            _ => {
                return Err(format!(
                    "`{spec}`: unknown key `{k}` (components, states, transitions, share, deadlocks, seed)"
                ))
            }
        }
    }
    r.transitions_per_component = transitions.unwrap_or(2 * r.states_per_component);
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_specs() {
        assert_eq!(family("philosophers:3").unwrap().components().len(), 6);
        assert_eq!(family("ring:4").unwrap().components().len(), 4);
        let sys = family("random:components=6,states=5,share=0.3,seed=7").unwrap();
        assert_eq!(sys.components().len(), 6);
        assert!(sys.components().iter().all(|c| c.num_states() == 5));
        for bad in [
            "philosophers",
            "phil:x",
            "queens:4",
            "random:states",
            "random:colour=3",
            "random:share=2",
            "ring:1",
            "philosophers:0",
        ] {
            assert!(family(bad).is_err(), "{bad} should be rejected");
        }
    }

    #[test]
    fn random_labels_are_local_or_binary() {
        for seed in 0..20 {
            let sys = random(&RandomSpec {
                components: 5,
                states_per_component: 6,
                transitions_per_component: 12,
                share_rate: 0.5,
                deadlocks: seed % 2 == 0,
                seed,
            })
            .unwrap();
            assert!(sys.labels().iter().all(|l| l.components.len() <= 2));
            assert!(sys.labels().iter().any(|l| l.components.len() == 2));
            for c in sys.components() {
                // connected from the start: every state but the start has an incoming edge
                // from a smaller state (the spanning tree)
                for j in 1..c.num_states() as u32 {
                    assert!(c.transitions.iter().any(|t| t.to == j && t.from < j));
                }
            }
        }
    }
}
