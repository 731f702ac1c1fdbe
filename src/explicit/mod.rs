//! The explicit-state engine: the test oracle for everything symbolic (being written).
