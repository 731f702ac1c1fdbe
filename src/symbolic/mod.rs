//! The symbolic (BDD) engine (being written).
