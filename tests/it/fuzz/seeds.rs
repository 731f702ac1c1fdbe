//! The files the fuzzer mutates: every kind of input ltsym reads, from bench-data/, the RERS
//! problems (`../shared/rers`) and tests/inputs/, plus PNML nets and order files made from RERS
//! systems (the two MCC nets take a quarter of a second each to read: too slow to mutate by the
//! thousand).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use ltsym::model::{Sync, System};

/// The kinds of input, one per reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Dot,
    Pml,
    Pnml,
    Ltl,
    Ctl,
    /// An `--order file:` file.
    Order,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Dot,
        Kind::Pml,
        Kind::Pnml,
        Kind::Ltl,
        Kind::Ctl,
        Kind::Order,
    ];

    pub fn extension(self) -> &'static str {
        match self {
            Kind::Dot => "dot",
            Kind::Pml => "pml",
            Kind::Pnml => "pnml",
            Kind::Ltl | Kind::Ctl => "txt",
            Kind::Order => "order",
        }
    }

    pub fn is_system(self) -> bool {
        matches!(self, Kind::Dot | Kind::Pml | Kind::Pnml)
    }
}

/// A seed file, and the files that go with it in a `check` run: a system file for a property
/// or order file, a property file for a system file.
#[derive(Clone, Debug)]
pub struct Seed {
    pub kind: Kind,
    /// Where the seed came from (for reports).
    pub origin: String,
    pub bytes: Vec<u8>,
    /// The system of a property or order seed (a file on disk).
    pub system: PathBuf,
    /// The property file of a system seed, or the property seed's own original.
    pub properties: PathBuf,
}

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// All seeds; generated ones are written under `dir`.
pub fn seeds(dir: &Path) -> Vec<Seed> {
    std::fs::create_dir_all(dir).expect("seed dir");
    let rers = crate::support::rers_dir();
    let mut out = Vec::new();
    let read = |p: &Path| std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let mut add = |kind: Kind, path: &Path, system: &Path, properties: &Path| {
        out.push(Seed {
            kind,
            origin: path.display().to_string(),
            bytes: read(path),
            system: system.to_path_buf(),
            properties: properties.to_path_buf(),
        });
    };
    let small_ltl = repo("bench-data/rers/2016/problem103-properties.txt");
    let ctl_2019 = rers.join("2019/problem101-ctl-properties.txt");
    // RERS .dot and .pml with their LTL properties; the small problems only (a mutant of a
    // large one spends its time in `check`, not in the reader)
    for (year, problems) in [("2016", 101..=106), ("2017", 101..=103)] {
        for n in problems {
            let dot = rers.join(format!("{year}/problem{n}.dot"));
            let props = rers.join(format!("{year}/problem{n}-properties.txt"));
            add(Kind::Dot, &dot, &dot, &props);
            add(Kind::Ltl, &props, &dot, &props);
            let pml = rers.join(format!("{year}/problem{n}.pml"));
            if pml.exists() {
                add(Kind::Pml, &pml, &pml, &props);
            }
        }
    }
    let pml_2019 = rers.join("2019/problem101.pml");
    add(Kind::Pml, &pml_2019, &pml_2019, &ctl_2019);
    for n in 101..=109 {
        let ctl = rers.join(format!("2019/problem{n}-ctl-properties.txt"));
        add(Kind::Ctl, &ctl, &pml_2019, &ctl);
    }
    for gen in std::fs::read_dir(repo("bench-data/gen")).expect("bench-data/gen") {
        let p = gen.expect("dir entry").path();
        if p.extension().is_some_and(|e| e == "dot") {
            add(Kind::Dot, &p, &p, &small_ltl);
        }
    }
    let dot = repo("bench-data/rers/2016/problem103.dot");
    add(Kind::Dot, &dot, &dot, &small_ltl);
    let net = repo("tests/inputs/net.pnml");
    add(Kind::Pnml, &net, &net, &small_ltl);
    // nets and order files made from RERS systems
    for rel in [
        "2016/problem101.dot",
        "2016/problem103.dot",
        "2017/problem102.dot",
    ] {
        let path = rers.join(rel);
        let sys = ltsym::parse::load_system(&path, &Default::default()).expect("RERS loads");
        let stem = rel.replace('/', "-").replace(".dot", "");
        let props = rers.join(rel.replace(".dot", "-properties.txt"));
        let pnml = dir.join(format!("{stem}.pnml"));
        std::fs::write(&pnml, to_pnml(&sys)).expect("seed written");
        add(Kind::Pnml, &pnml, &pnml, &props);
        let order = dir.join(format!("{stem}.order"));
        let names: Vec<&str> = sys
            .components()
            .iter()
            .map(|c| c.name.as_str())
            .rev()
            .collect();
        std::fs::write(&order, names.join("\n") + "\n").expect("seed written");
        add(Kind::Order, &order, &path, &props);
    }
    out
}

/// `sys` as a one-safe NUPN net the way the MCC writes RERS problems: a unit per component, a
/// place per state, a transition `t_<n>_<label>` per combination of the label's local moves.
pub fn to_pnml(sys: &System) -> String {
    let mut places = String::new();
    let mut units = String::new();
    let place = |c: usize, s: usize| format!("p{c}_{s}");
    for (c, comp) in sys.components().iter().enumerate() {
        let mut ids = Vec::new();
        for s in 0..comp.num_states() {
            let marked = usize::from(s == comp.start as usize);
            let _ = writeln!(
                places,
                "<place id=\"{}\"><name><text>{}</text></name><initialMarking><text>{marked}</text></initialMarking></place>",
                place(c, s),
                place(c, s)
            );
            ids.push(place(c, s));
        }
        let _ = writeln!(
            units,
            "<unit id=\"u{c}\"><places>{}</places><subunits/></unit>",
            ids.join(" ")
        );
    }
    let mut transitions = String::new();
    let mut n = 0;
    for label in sys.labels() {
        let tuples: Vec<Vec<(u32, u32)>> = match &label.sync {
            Sync::Tuples(t) => t.clone(),
            Sync::Product => {
                let mut acc: Vec<Vec<(u32, u32)>> = vec![Vec::new()];
                for moves in &label.local {
                    acc = acc
                        .iter()
                        .flat_map(|t| {
                            moves.iter().map(move |m| {
                                let mut t = t.clone();
                                t.push(*m);
                                t
                            })
                        })
                        .collect();
                }
                acc
            }
        };
        for t in tuples {
            n += 1;
            let _ = writeln!(
                transitions,
                "<transition id=\"t{n}\"><name><text>t_{n}_{}</text></name></transition>",
                label.name
            );
            for (&c, &(from, to)) in label.components.iter().zip(&t) {
                let _ = writeln!(
                    transitions,
                    "<arc id=\"i{n}_{c}\" source=\"{}\" target=\"t{n}\"/>\n<arc id=\"o{n}_{c}\" source=\"t{n}\" target=\"{}\"><inscription><text>1</text></inscription></arc>",
                    place(c, from as usize),
                    place(c, to as usize)
                );
            }
        }
    }
    let subunits: Vec<String> = (0..sys.components().len())
        .map(|c| format!("u{c}"))
        .collect();
    format!(
        r#"<?xml version="1.0"?>
<pnml xmlns="http://www.pnml.org/version-2009/grammar/pnml">
<net id="n" type="http://www.pnml.org/version-2009/grammar/ptnet">
<name><text>n</text></name>
<page id="page0">
{places}{transitions}<toolspecific tool="nupn" version="1.1">
<size places="0" transitions="{n}" arcs="0"/>
<structure units="{}" root="root" safe="true">
<unit id="root"><places/><subunits>{}</subunits></unit>
{units}</structure>
</toolspecific>
</page>
</net>
</pnml>
"#,
        sys.components().len() + 1,
        subunits.join(" ")
    )
}
