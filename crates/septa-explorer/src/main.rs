//! `septa-explorer [--port N]`: serves the interactive SAT explorer on 127.0.0.1.

use std::process::ExitCode;

const USAGE: &str = "usage: septa-explorer [--port N]

Serves the interactive separating-axis-test explorer on http://127.0.0.1:N/ (default 7878;
0 picks a free port) and prints the URL. Open it in a browser; Ctrl-C stops the server.";

fn main() -> ExitCode {
    let mut port: u16 = 7878;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = match arg.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--port" | "-p" => args.next(),
            other => match other.strip_prefix("--port=") {
                Some(v) => Some(v.to_string()),
                None => {
                    eprintln!("septa-explorer: unknown argument {other:?}\n\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
        };
        match value.as_deref().map(str::parse) {
            Some(Ok(p)) => port = p,
            _ => {
                eprintln!("septa-explorer: --port needs a number from 0 to 65535\n\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let listener = match septa_explorer::server::bind(port) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("septa-explorer: cannot listen on 127.0.0.1:{port}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let addr = listener.local_addr().expect("a bound listener has an address");
    println!("septa explorer: http://{addr}/");
    if let Err(e) = septa_explorer::server::serve(listener) {
        eprintln!("septa-explorer: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
