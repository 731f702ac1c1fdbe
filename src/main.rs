//! The `ltsym` command line: parses arguments and calls the library.

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    eprintln!("ltsym: not yet wired");
    std::process::exit(2);
}
