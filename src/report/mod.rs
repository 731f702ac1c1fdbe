//! Verdicts and statistics as text, JSON and RERS CSV (being written).
