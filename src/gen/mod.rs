//! Generated, scalable benchmark families (being written).
