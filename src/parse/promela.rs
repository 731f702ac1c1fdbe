//! Reader for the Promela dialect the RERS generator writes (grammar: `grammar/promela.ebnf`).
//!
//! RERS 2016, 2017 and 2019 give some parallel problems also as Promela, for SPIN. The files
//! are generated and follow one fixed shape: an `Environment` process that offers every
//! process-local action on the process's rendezvous channel, a `Listener` that records the last
//! action, and one state-machine process per LTS (`int state = S; do :: state == X -> atomic {
//! if :: ch ? a -> act ! a; state = Y; ... fi } od`). We read exactly this shape and nothing
//! else: a general Promela front end would need the full language, and guessing at the meaning
//! of anything outside the dialect could give a wrong verdict.
//!
//! How the dialect maps to the LTS system (the same system as the problem's `.dot`):
//! * Each state-machine process is one component, in file order, named like the proctype; its
//!   states are the numbers of its `state` variable.
//! * `ch ? a` on an environment channel (one the environment sends on) is a local transition
//!   labelled `a`; the environment must offer `a` on that channel.
//! * `ch ! a` in one process and `ch ? a` in another on an inter-process channel are one
//!   synchronised label `a`: both components get local `a` transitions. Because each such label
//!   is used by exactly one sender and one receiver process on one channel (we check this),
//!   the RERS product rule gives exactly the Promela rendezvous pairs.
//! * The initial state `S` of `int state = S` has one move, `ch ? nop`: this is the `.dot`
//!   start marker. `S` is not a state; the move's target is the start state.
//! * `act ! a` (to the listener), `#define` lines and `ltl` blocks do not change the system;
//!   the properties come from the RERS property files.
//!
//! Every check failure is an error at `file:line:column`.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::Path;

use nom::bytes::complete::take_while;
use nom::character::complete::{digit1, satisfy};
use nom::combinator::recognize;
use nom::{IResult, Parser as _};

use super::lexer::{self, Comment, Cursor};
use crate::error::{Error, ParseError, Result};
use crate::model::{System, SystemBuilder};

/// The message the generated processes use for their first (start) move.
const START_LABEL: &str = "nop";

/// Parses a promela file's text; `file` names it in errors.
pub fn parse(text: &str, file: &Path) -> Result<System> {
    let tokens = lex(text).map_err(|(offset, msg)| ParseError::at(file, text, offset, msg))?;
    let mut p = PmlParser {
        cur: Cursor::new(text, file, tokens),
        mtypes: HashMap::new(),
        mtype_vars: HashSet::new(),
        chans: HashMap::new(),
        env_sends: HashSet::new(),
        listener_chans: HashMap::new(),
        procs: Vec::new(),
    };
    p.spec()?;
    p.build()
}

// ---------------------------------------------------------------------------------------------
// Lexer
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Num(String),
    /// `::`, `->`, `==` and single punctuation characters; any other character is `Other`
    /// (only `ltl` blocks, which are skipped, may contain those).
    Punct(&'static str),
    Other(char),
    Eof,
}

type Token = lexer::Token<Tok>;

type LexResult<'a, T> = IResult<&'a str, T>;

fn ident(input: &str) -> LexResult<'_, &str> {
    recognize((
        satisfy(|c: char| c.is_ascii_alphabetic() || c == '_'),
        take_while(|c: char| c.is_ascii_alphanumeric() || c == '_'),
    ))
    .parse(input)
}

const PUNCTS: [&str; 16] = [
    "::", "->", "==", "{", "}", "(", ")", "[", "]", ";", ",", "=", "!", "?", "#", ":",
];

/// Splits the text into tokens around whitespace and `//`, `/* */` comments; the error is
/// `(byte offset, message)`.
fn lex(text: &str) -> std::result::Result<Vec<Token>, (usize, String)> {
    let comments = [Comment::Line("//"), Comment::Block("/*", "*/")];
    lexer::lex(text, &comments, Tok::Eof, |rest| {
        let (tok, r) = if let Ok((r, n)) = digit1::<&str, nom::error::Error<&str>>(rest) {
            (Tok::Num(n.to_string()), r)
        } else if let Ok((r, n)) = ident(rest) {
            (Tok::Ident(n.to_string()), r)
        } else if let Some(p) = PUNCTS.iter().find(|p| rest.starts_with(**p)) {
            (Tok::Punct(p), &rest[p.len()..])
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            (Tok::Other(c), &rest[c.len_utf8()..])
        };
        Ok((tok, rest.len() - r.len()))
    })
}

// ---------------------------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dir {
    Send,
    Recv,
}

/// One `:: ch ?/! label -> [act ! label;] state = target` option of a state-machine process.
struct Move {
    from: u64,
    chan: String,
    dir: Dir,
    label: String,
    to: u64,
    /// Offsets of the channel name and of the label, for errors.
    offset: usize,
    label_offset: usize,
}

struct Proc {
    name: String,
    offset: usize,
    init: u64,
    init_offset: usize,
    moves: Vec<Move>,
    /// `act ! a` statements: (channel, offset).
    listener_sends: Vec<(String, usize)>,
}

struct PmlParser<'a> {
    cur: Cursor<'a, Tok>,
    /// mtype constants, with their declaration offsets.
    mtypes: HashMap<String, usize>,
    /// `mtype NAME = ...;` variables.
    mtype_vars: HashSet<String>,
    /// Channels, with their declaration offsets.
    chans: HashMap<String, usize>,
    /// `(channel, label)` pairs the environment offers.
    env_sends: HashSet<(String, String)>,
    /// Channels the listener receives on, with the offset of the receive.
    listener_chans: HashMap<String, usize>,
    procs: Vec<Proc>,
}

impl<'a> PmlParser<'a> {
    fn peek(&self) -> &Token {
        self.cur.peek()
    }

    fn next(&mut self) -> Token {
        self.cur.next()
    }

    fn err_at(&self, offset: usize, msg: impl Into<String>) -> Error {
        self.cur.err_at(offset, msg)
    }

    fn describe(&self, t: &Token) -> String {
        match t.tok {
            Tok::Eof => "end of file".to_string(),
            _ => format!("`{}`", self.cur.source(t)),
        }
    }

    fn expected(&self, what: &str) -> Error {
        self.cur.expected(what, |t| self.describe(t))
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek().tok, Tok::Punct(q) if q == p)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(&self.peek().tok, Tok::Ident(i) if i == w)
    }

    fn punct(&mut self, p: &str) -> Result<Token> {
        if self.is_punct(p) {
            Ok(self.next())
        } else {
            Err(self.expected(&format!("`{p}`")))
        }
    }

    fn word(&mut self, w: &str) -> Result<Token> {
        if self.is_word(w) {
            Ok(self.next())
        } else {
            Err(self.expected(&format!("`{w}`")))
        }
    }

    fn ident(&mut self, what: &str) -> Result<(String, usize)> {
        match &self.peek().tok {
            Tok::Ident(i) => {
                let r = (i.clone(), self.peek().start);
                self.next();
                Ok(r)
            }
            _ => Err(self.expected(what)),
        }
    }

    fn number(&mut self, what: &str) -> Result<(u64, usize)> {
        let t = self.peek().clone();
        match &t.tok {
            Tok::Num(n) => {
                self.next();
                n.parse::<u64>()
                    .map(|v| (v, t.start))
                    .map_err(|_| self.err_at(t.start, format!("number `{n}` is too large")))
            }
            _ => Err(self.expected(what)),
        }
    }

    /// A declared channel name.
    fn chan(&mut self) -> Result<(String, usize)> {
        let (c, off) = self.ident("a channel name")?;
        if !self.chans.contains_key(&c) {
            return Err(self.err_at(off, format!("`{c}` is not a declared channel")));
        }
        Ok((c, off))
    }

    /// A declared mtype constant.
    fn label(&mut self) -> Result<(String, usize)> {
        let (l, off) = self.ident("a message (an mtype constant)")?;
        if !self.mtypes.contains_key(&l) {
            return Err(self.err_at(
                off,
                format!("`{l}` is not declared in an `mtype = {{ ... }}` list"),
            ));
        }
        Ok((l, off))
    }

    /// `spec := { top } EOF`
    fn spec(&mut self) -> Result<()> {
        loop {
            let t = self.peek().clone();
            match &t.tok {
                Tok::Eof => return Ok(()),
                Tok::Ident(w) if w == "mtype" => self.mtype_decl()?,
                Tok::Ident(w) if w == "chan" => self.chan_decl()?,
                Tok::Ident(w) if w == "active" => self.proctype()?,
                Tok::Ident(w) if w == "ltl" => self.ltl()?,
                Tok::Punct("#") => self.define()?,
                _ => {
                    return Err(self.expected(
                        "`mtype`, `chan`, `active proctype`, `#define` or `ltl` (the RERS Promela dialect)",
                    ))
                }
            }
        }
    }

    /// `mtype = { a, b, ... };` or `mtype NAME = CONST;`
    fn mtype_decl(&mut self) -> Result<()> {
        self.next();
        if let Tok::Ident(_) = self.peek().tok {
            let (var, off) = self.ident("a variable name")?;
            if self.mtypes.contains_key(&var) || self.chans.contains_key(&var) {
                return Err(self.err_at(off, format!("`{var}` is already declared")));
            }
            self.punct("=")?;
            self.label()?;
            self.punct(";")?;
            self.mtype_vars.insert(var);
            return Ok(());
        }
        if self.is_punct("=") {
            self.next();
        }
        self.punct("{")?;
        loop {
            let (m, off) = self.ident("an mtype constant")?;
            if self.mtypes.contains_key(&m) {
                return Err(self.err_at(off, format!("mtype constant `{m}` declared twice")));
            }
            self.mtypes.insert(m, off);
            if self.is_punct(",") {
                self.next();
                continue;
            }
            if self.is_punct("}") {
                self.next();
                break;
            }
            return Err(self.expected("`,` or `}` in the mtype list"));
        }
        self.punct(";")?;
        Ok(())
    }

    /// `chan NAME = [0] of { mtype };`
    fn chan_decl(&mut self) -> Result<()> {
        self.next();
        let (name, off) = self.ident("a channel name")?;
        if self.chans.contains_key(&name) || self.mtypes.contains_key(&name) {
            return Err(self.err_at(off, format!("`{name}` is already declared")));
        }
        self.punct("=")?;
        self.punct("[")?;
        let (size, size_off) = self.number("a channel size")?;
        if size != 0 {
            return Err(self.err_at(
                size_off,
                format!(
                    "channel `{name}` has buffer size {size}: only rendezvous channels `[0]` are supported"
                ),
            ));
        }
        self.punct("]")?;
        self.word("of")?;
        self.punct("{")?;
        self.word("mtype")
            .map_err(|_| self.expected("`mtype` (channels carry one mtype field)"))?;
        self.punct("}")?;
        self.punct(";")?;
        self.chans.insert(name, off);
        Ok(())
    }

    /// `# define NAME ( VAR == CONST )`: an atom for SPIN's LTL; it does not change the system.
    fn define(&mut self) -> Result<()> {
        self.next();
        self.word("define")
            .map_err(|_| self.expected("`define` after `#`"))?;
        self.ident("a macro name")?;
        self.punct("(")?;
        let (var, off) = self.ident("the last-action variable")?;
        if !self.mtype_vars.contains(&var) {
            return Err(self.err_at(off, format!("`{var}` is not a declared `mtype` variable")));
        }
        self.punct("==")?;
        self.label()?;
        self.punct(")")?;
        Ok(())
    }

    /// `ltl [NAME] { ... }`: skipped (the properties come from the RERS property files).
    fn ltl(&mut self) -> Result<()> {
        self.next();
        if let Tok::Ident(_) = self.peek().tok {
            self.next();
        }
        let open = self.punct("{")?;
        let mut depth = 1usize;
        while depth > 0 {
            let t = self.next();
            match t.tok {
                Tok::Punct("{") => depth += 1,
                Tok::Punct("}") => depth -= 1,
                Tok::Eof => {
                    return Err(self.err_at(
                        t.start,
                        format!(
                        "expected `}}` to close the `ltl` block opened at {}, found end of file",
                        self.location(open.start)
                    ),
                    ))
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn location(&self, offset: usize) -> String {
        let l = crate::error::Location::of_offset(self.cur.file, self.cur.text, offset);
        format!("line {}:{}", l.line, l.column)
    }

    /// `active proctype NAME ( ) { body }`; the body's first word tells the process kind.
    fn proctype(&mut self) -> Result<()> {
        self.next();
        self.word("proctype")?;
        let (name, off) = self.ident("a process name")?;
        if self.procs.iter().any(|p| p.name == name) {
            return Err(self.err_at(off, format!("process `{name}` declared twice")));
        }
        self.punct("(")?;
        self.punct(")")
            .map_err(|_| self.expected("`)`: processes of the dialect take no parameters"))?;
        let open = self.punct("{")?;
        if self.is_word("do") {
            self.environment()?;
        } else if self.is_word("atomic") {
            self.listener()?;
        } else if self.is_word("int") {
            self.state_machine(name, off)?;
        } else {
            return Err(self.expected(
                "`do` (environment), `atomic` (listener) or `int` (state machine) to start the process body",
            ));
        }
        if !self.is_punct("}") {
            let t = self.peek().clone();
            return Err(self.err_at(
                t.start,
                format!(
                    "expected `}}` to close the process opened at {}, found {}",
                    self.location(open.start),
                    self.describe(&t)
                ),
            ));
        }
        self.next();
        Ok(())
    }

    /// `do { :: CH ! CONST } od`
    fn environment(&mut self) -> Result<()> {
        self.word("do")?;
        while self.is_punct("::") {
            self.next();
            let (chan, _) = self.chan()?;
            self.punct("!")
                .map_err(|_| self.expected("`!`: the environment only sends"))?;
            let (label, _) = self.label()?;
            self.env_sends.insert((chan, label));
        }
        self.word("od").map_err(|_| self.expected("`::` or `od`"))?;
        Ok(())
    }

    /// `atomic { do :: CH ? VAR -> [NAME :] skip od }`
    fn listener(&mut self) -> Result<()> {
        self.word("atomic")?;
        self.punct("{")?;
        self.word("do")?;
        self.punct("::")?;
        let (chan, off) = self.chan()?;
        self.punct("?")?;
        let (var, var_off) = self.ident("the last-action variable")?;
        if !self.mtype_vars.contains(&var) {
            return Err(self.err_at(
                var_off,
                format!("`{var}` is not a declared `mtype` variable"),
            ));
        }
        self.punct("->")?;
        if let Tok::Ident(w) = &self.peek().tok {
            if w != "skip" {
                self.next();
                self.punct(":")
                    .map_err(|_| self.expected("`:` after the label, or `skip`"))?;
            }
        }
        self.word("skip")?;
        self.word("od")?;
        self.punct("}")?;
        self.listener_chans.insert(chan, off);
        Ok(())
    }

    /// `int VAR = NUM ; do { :: VAR == NUM -> atomic { if { :: move } fi } } od`
    fn state_machine(&mut self, name: String, offset: usize) -> Result<()> {
        self.word("int")?;
        let (var, _) = self.ident("the state variable")?;
        self.punct("=")?;
        let (init, init_offset) = self.number("the initial state (a number)")?;
        self.punct(";")?;
        self.word("do")?;
        let mut proc = Proc {
            name,
            offset,
            init,
            init_offset,
            moves: Vec::new(),
            listener_sends: Vec::new(),
        };
        let mut guards: HashMap<u64, usize> = HashMap::new();
        while self.is_punct("::") {
            self.next();
            let (v, v_off) = self.ident(&format!("`{var}`"))?;
            if v != var {
                return Err(self.err_at(
                    v_off,
                    format!("expected the state variable `{var}`, found `{v}`"),
                ));
            }
            self.punct("==")?;
            let (from, from_off) = self.number("a state number")?;
            if let Some(&first) = guards.get(&from) {
                // Promela commits to one `do` option when its guard holds, so two options for
                // one state are not their union: outside the dialect.
                return Err(self.err_at(
                    from_off,
                    format!(
                        "state {from} has a second `::` option (the first is at {}): merge them into one `if`",
                        self.location(first)
                    ),
                ));
            }
            guards.insert(from, from_off);
            self.punct("->")?;
            self.word("atomic")?;
            self.punct("{")?;
            self.word("if")?;
            if !self.is_punct("::") {
                return Err(self.expected("`::` (an `if` needs at least one option)"));
            }
            while self.is_punct("::") {
                self.next();
                self.move_option(&var, from, &mut proc)?;
            }
            self.word("fi").map_err(|_| self.expected("`::` or `fi`"))?;
            self.punct("}")?;
        }
        self.word("od").map_err(|_| self.expected("`::` or `od`"))?;
        self.procs.push(proc);
        Ok(())
    }

    /// `CH (? | !) CONST -> [ ACT ! CONST ; ] VAR = NUM [;]`
    fn move_option(&mut self, var: &str, from: u64, proc: &mut Proc) -> Result<()> {
        let (chan, offset) = self.chan()?;
        let dir = if self.is_punct("?") {
            Dir::Recv
        } else if self.is_punct("!") {
            Dir::Send
        } else {
            return Err(self.expected("`?` or `!`"));
        };
        self.next();
        let (label, label_offset) = self.label()?;
        self.punct("->")?;
        if let Tok::Ident(w) = &self.peek().tok {
            if w != var {
                let (act, act_off) = self.chan()?;
                self.punct("!")?;
                let (l, l_off) = self.label()?;
                if l != label {
                    return Err(self.err_at(
                        l_off,
                        format!(
                            "the listener must be told the move's own message `{label}`, not `{l}`"
                        ),
                    ));
                }
                self.punct(";")?;
                proc.listener_sends.push((act, act_off));
            }
        }
        let (v, v_off) = self.ident(&format!("`{var} = ...`"))?;
        if v != var {
            return Err(self.err_at(
                v_off,
                format!("expected the state variable `{var}`, found `{v}`"),
            ));
        }
        self.punct("=")?;
        let (to, _) = self.number("a state number")?;
        if self.is_punct(";") {
            self.next();
        }
        proc.moves.push(Move {
            from,
            chan,
            dir,
            label,
            to,
            offset,
            label_offset,
        });
        Ok(())
    }

    /// Checks the communication structure and builds the system.
    fn build(self) -> Result<System> {
        if self.procs.is_empty() {
            // where one would go: the end of the file
            return Err(self.err_at(
                self.cur.text.len(),
                "no state-machine process (`active proctype P() { int state = ...; do ... od }`)",
            ));
        }
        let env_chans: HashSet<&str> = self.env_sends.iter().map(|(c, _)| c.as_str()).collect();
        if let Some(c) = env_chans
            .iter()
            .find(|c| self.listener_chans.contains_key(**c))
        {
            return Err(self.err_at(
                self.listener_chans[*c],
                format!("channel `{c}` is both an environment channel and the listener's"),
            ));
        }
        // Who uses each label (other than the start message), and how.
        struct Use {
            proc: usize,
            chan: String,
            dir: Dir,
            offset: usize,
        }
        let mut uses: HashMap<&str, Vec<Use>> = HashMap::new();
        for (pi, p) in self.procs.iter().enumerate() {
            for (chan, off) in &p.listener_sends {
                if !self.listener_chans.contains_key(chan) {
                    return Err(self.err_at(
                        *off,
                        format!("no listener process receives on channel `{chan}`: this send would block"),
                    ));
                }
            }
            for m in &p.moves {
                if self.listener_chans.contains_key(&m.chan) {
                    return Err(self.err_at(
                        m.offset,
                        format!(
                            "channel `{}` is the listener's: a move cannot use it",
                            m.chan
                        ),
                    ));
                }
                let env = env_chans.contains(m.chan.as_str());
                if env && m.dir == Dir::Send {
                    return Err(self.err_at(
                        m.offset,
                        format!("process `{}` sends on `{}`, an environment channel: only the environment sends there", p.name, m.chan),
                    ));
                }
                if env && !self.env_sends.contains(&(m.chan.clone(), m.label.clone())) {
                    return Err(self.err_at(
                        m.label_offset,
                        format!(
                            "the environment never sends `{}` on `{}`: this receive could never happen",
                            m.label, m.chan
                        ),
                    ));
                }
                if m.label == START_LABEL {
                    if m.from != p.init {
                        return Err(self.err_at(
                            m.label_offset,
                            format!("`{START_LABEL}` may only be received in the initial state {} (it marks the start)", p.init),
                        ));
                    }
                    continue;
                }
                uses.entry(m.label.as_str()).or_default().push(Use {
                    proc: pi,
                    chan: m.chan.clone(),
                    dir: m.dir,
                    offset: m.offset,
                });
            }
        }
        for (label, us) in &uses {
            let first = &us[0];
            if let Some(u) = us.iter().find(|u| u.chan != first.chan) {
                return Err(self.err_at(
                    u.offset,
                    format!(
                        "message `{label}` is used on channels `{}` and `{}`: each message must belong to one channel",
                        first.chan, u.chan
                    ),
                ));
            }
            let procs_of = |d: Dir| -> BTreeSet<usize> {
                us.iter().filter(|u| u.dir == d).map(|u| u.proc).collect()
            };
            let (senders, receivers) = (procs_of(Dir::Send), procs_of(Dir::Recv));
            let name = |i: &usize| self.procs[*i].name.as_str();
            if env_chans.contains(first.chan.as_str()) {
                if receivers.len() > 1 {
                    let u = us.iter().find(|u| u.proc != first.proc).unwrap_or(first);
                    return Err(self.err_at(
                        u.offset,
                        format!(
                            "environment message `{label}` is received by two processes (`{}` and `{}`): only one of them would move",
                            name(&first.proc), name(&u.proc)
                        ),
                    ));
                }
                continue;
            }
            // An inter-process channel: one sender process, one receiver process.
            if senders.len() > 1 || receivers.len() > 1 {
                let which = if senders.len() > 1 {
                    Dir::Send
                } else {
                    Dir::Recv
                };
                let u = us.iter().rev().find(|u| u.dir == which).unwrap_or(first);
                return Err(self.err_at(
                    u.offset,
                    format!(
                        "message `{label}` on `{}` has more than one {} process: only one pair can meet at a rendezvous",
                        first.chan,
                        if which == Dir::Send { "sending" } else { "receiving" }
                    ),
                ));
            }
            match (senders.first(), receivers.first()) {
                (Some(s), Some(r)) if s != r => {}
                (Some(s), Some(_)) => {
                    return Err(self.err_at(
                        first.offset,
                        format!(
                            "process `{}` both sends and receives `{label}` on `{}`: a process cannot meet itself",
                            name(s),
                            first.chan
                        ),
                    ))
                }
                (Some(_), None) | (None, Some(_)) => {
                    return Err(self.err_at(
                        first.offset,
                        format!(
                            "message `{label}` on `{}` is {} but never {} by another process: the move could never happen",
                            first.chan,
                            if senders.is_empty() { "received" } else { "sent" },
                            if senders.is_empty() { "sent" } else { "received" },
                        ),
                    ))
                }
                (None, None) => {}
            }
        }

        let mut b = SystemBuilder::new();
        for p in &self.procs {
            let start_moves: Vec<&Move> = p.moves.iter().filter(|m| m.from == p.init).collect();
            let start = match start_moves.as_slice() {
                [m] if m.label == START_LABEL && m.dir == Dir::Recv => m.to,
                _ => {
                    return Err(self.err_at(
                        p.init_offset,
                        format!(
                            "process `{}`: the initial state {} must have exactly one move, `? {START_LABEL}`, leading to the start state",
                            p.name, p.init
                        ),
                    ))
                }
            };
            if let Some(m) = p.moves.iter().find(|m| m.to == p.init) {
                return Err(self.err_at(
                    m.label_offset,
                    format!(
                        "process `{}` returns to its initial state {}, which only marks the start",
                        p.name, p.init
                    ),
                ));
            }
            let mut states: BTreeSet<u64> = BTreeSet::new();
            for m in &p.moves {
                if m.from != p.init {
                    states.insert(m.from);
                }
                states.insert(m.to);
            }
            let c = b.add_component(&p.name);
            let mut ids: HashMap<u64, u32> = HashMap::new();
            for s in states {
                let id = b
                    .add_state(c, &s.to_string())
                    .map_err(|m| self.err_at(p.offset, m))?;
                ids.insert(s, id);
            }
            b.set_start(c, ids[&start]);
            for m in &p.moves {
                if m.from != p.init {
                    b.add_transition(c, ids[&m.from], &m.label, ids[&m.to]);
                }
            }
        }
        // checks of the whole system (the ones above are more precise): at the end of the file
        b.build().map_err(|m| self.err_at(self.cur.text.len(), m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "mtype = { nop, a, b, s };\nchan q = [0] of {mtype};\nchan p0 = [0] of {mtype};\nchan p1 = [0] of {mtype};\nactive proctype Environment() { do :: p0 ! nop :: p1 ! nop :: p0 ! a :: p1 ! b od }\nchan act = [0] of {mtype};\nmtype last = nop;\nactive proctype Listener() { atomic { do :: act ? last -> step: skip od } }\n";

    fn parse_str(text: &str) -> Result<System> {
        parse(text, Path::new("t.pml"))
    }

    fn err(text: &str) -> String {
        match parse_str(text) {
            Ok(_) => panic!("expected an error for {text:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn reads_a_small_system() {
        let text = format!(
            "{HEAD}active proctype P0() {{ int state = 0; do\n:: state == 0 -> atomic {{ if :: p0 ? nop -> state = 1; fi }}\n:: state == 1 -> atomic {{ if :: p0 ? a -> act ! a; state = 2; :: q ! s -> state = 1; fi }}\nod }}\nactive proctype P1() {{ int state = 5; do :: state == 5 -> atomic {{ if :: p1 ? nop -> state = 6; fi }} :: state == 6 -> atomic {{ if :: q ? s -> act ! s; state = 7; fi }} od }}\n#define pa (last == a)\nltl f1 {{ [] <> pa }}\n"
        );
        let sys = parse_str(&text).unwrap();
        assert_eq!(sys.components().len(), 2);
        let p0 = sys.component(0);
        assert_eq!(p0.name, "P0");
        assert_eq!(p0.states, vec!["1", "2"]);
        assert_eq!(p0.start, 0);
        assert_eq!(p0.transitions.len(), 2);
        assert_eq!(sys.component(1).states, vec!["6", "7"]);
        let s = sys.label_id("s").unwrap();
        assert_eq!(sys.label(s).components, vec![0, 1]);
        assert!(sys.label_id("b").is_none());
        assert!(sys.label_id("nop").is_none());
    }

    #[test]
    fn dialect_violations_are_located() {
        assert_eq!(
            err("mtype = { nop };\nchan c = [2] of {mtype};"),
            "t.pml:2:11: channel `c` has buffer size 2: only rendezvous channels `[0]` are supported"
        );
        assert!(err("int x;").starts_with("t.pml:1:1: expected `mtype`, `chan`"));
        let unsent = format!(
            "{HEAD}active proctype P0() {{ int state = 0; do :: state == 0 -> atomic {{ if :: p0 ? nop -> state = 1; fi }} :: state == 1 -> atomic {{ if :: q ? s -> state = 1; fi }} od }}"
        );
        assert!(err(&unsent).contains("is received but never sent"));
        let no_start = format!(
            "{HEAD}active proctype P0() {{ int state = 0; do :: state == 0 -> atomic {{ if :: p0 ? a -> state = 1; fi }} od }}"
        );
        assert!(err(&no_start).contains("must have exactly one move, `? nop`"));
    }

    /// A system with processes P0 (on p0) and P1 (on p1), both past their start move, whose
    /// bodies for state 1 / state 6 are given.
    fn two(p0_moves: &str, p1_moves: &str) -> String {
        format!(
            "{HEAD}active proctype P0() {{ int state = 0; do :: state == 0 -> atomic {{ if :: p0 ? nop -> state = 1; fi }} :: state == 1 -> atomic {{ if {p0_moves} fi }} od }}\nactive proctype P1() {{ int state = 5; do :: state == 5 -> atomic {{ if :: p1 ? nop -> state = 6; fi }} :: state == 6 -> atomic {{ if {p1_moves} fi }} od }}\n"
        )
    }

    #[test]
    fn communication_outside_the_dialect() {
        // sanity: the helper gives a valid system
        assert!(parse_str(&two(":: q ! s -> state = 1;", ":: q ? s -> state = 6;")).is_ok());
        assert!(
            err(&two(":: p0 ? a -> state = 1;", ":: p1 ? a -> state = 6;"))
                .contains("the environment never sends `a` on `p1`")
        );
        assert!(err(&two(
            ":: q ! s -> state = 1;",
            ":: q ? s -> state = 6; :: q ! s -> state = 6;"
        ))
        .contains("more than one sending process"));
        assert!(err(&two(
            ":: q ! s -> state = 1; :: q ? s -> state = 1;",
            ":: p1 ? b -> state = 6;"
        ))
        .contains("both sends and receives `s`"));
        assert!(
            err(&two(":: q ! s -> state = 1;", ":: p1 ? s -> state = 6;"))
                .contains("the environment never sends `s` on `p1`")
        );
        assert!(
            err(&two(":: p0 ! a -> state = 1;", ":: p1 ? b -> state = 6;"))
                .contains("sends on `p0`, an environment channel")
        );
        assert!(err(&two(
            ":: p0 ? a -> act ! b; state = 1;",
            ":: p1 ? b -> state = 6;"
        ))
        .contains("the listener must be told the move's own message `a`, not `b`"));
        assert!(
            err(&two(":: p0 ? a -> state = 0;", ":: p1 ? b -> state = 6;"))
                .contains("returns to its initial state 0")
        );
        assert!(
            err(&two(":: act ! a -> state = 1;", ":: p1 ? b -> state = 6;"))
                .contains("channel `act` is the listener's")
        );
        assert!(
            err(&two(":: p0 ? nop -> state = 1;", ":: p1 ? b -> state = 6;"))
                .contains("`nop` may only be received in the initial state 0")
        );
        assert!(
            err(&two(":: p0 ? a -> state = 1;", ":: p0 ? a -> state = 6;"))
                .contains("environment message `a` is received by two processes (`P0` and `P1`)")
        );
        // two guards for one state
        let dup = two(":: p0 ? a -> state = 1;", ":: p1 ? b -> state = 6;").replace(
            "od }\nactive proctype P1",
            ":: state == 1 -> atomic { if :: p0 ? a -> state = 1; fi } od }\nactive proctype P1",
        );
        assert!(err(&dup).contains("state 1 has a second `::` option"));
        // unterminated ltl block
        let ltl = format!(
            "{}ltl p {{ [] <> (a",
            two(":: p0 ? a -> state = 1;", ":: p1 ? b -> state = 6;")
        );
        assert!(err(&ltl).contains("to close the `ltl` block opened at line"));
    }
}
