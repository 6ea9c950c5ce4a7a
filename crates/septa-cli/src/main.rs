//! `septa`: 2D and 3D collision detection by the separating axis theorem, on the command line.
//!
//! `septa collide [FILE]` reads JSON Lines (from FILE, or stdin), one query per line: two
//! shapes, a and b. It writes one JSON line per non-blank input line, in order: the answer
//! (overlap, minimum translation vector, contact manifold) or an error naming what is wrong with
//! the line. Bad lines never stop the run; only an unreadable input does. `septa toi [FILE]`
//! does the same for two moving shapes, answering when they first touch. `septa --help` gives
//! the format. `septa decompose [FILE]` splits simple polygons into the fewest convex pieces.
//!
//! This file handles the command line and the line loop, shared by both commands; [`request`]
//! turns a line into shapes (reading JSON with [`json`]), [`response`] runs the queries and
//! writes the answer, [`help`] holds the help texts.

mod help;
mod json;
mod request;
mod request3d;
mod response;

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use request::Mode;

/// Exit status when the input cannot be read (or the output cannot be written).
const EXIT_IO: u8 = 1;
/// Exit status for a command-line error.
const EXIT_USAGE: u8 = 2;

/// What the command line asks for.
#[derive(Debug, PartialEq)]
enum Command {
    /// Print the main help.
    Help,
    /// Print the help of `septa collide` or `septa toi`.
    HelpOn(Mode),
    /// Print the version.
    Version,
    /// Answer the queries of this command from this input.
    Run(Mode, Input),
}

/// Where the queries come from.
#[derive(Debug, PartialEq)]
enum Input {
    Stdin,
    File(PathBuf),
}

fn main() -> ExitCode {
    match parse_args(std::env::args_os().skip(1)) {
        Ok(Command::Help) => print(&help::main_help()),
        Ok(Command::HelpOn(mode)) => print(&help::command_help(mode)),
        Ok(Command::Version) => print(&format!("septa {}\n", env!("CARGO_PKG_VERSION"))),
        Ok(Command::Run(mode, input)) => run(mode, input),
        Err(message) => {
            eprintln!(
                "septa: error: {message}\n\n{}\n\nRun 'septa --help' for the input format.",
                help::USAGE
            );
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// Reads the command line (without the program name).
fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Command, String> {
    let mut args = args.into_iter();
    let Some(first) = args.next() else {
        return Err("no command given".into());
    };
    match first.to_str() {
        Some("-h" | "--help") => Ok(Command::Help),
        Some("-V" | "--version") => Ok(Command::Version),
        Some("help") => {
            let topic = args.next();
            if let Some(extra) = args.next() {
                return Err(format!("unexpected argument {extra:?} after 'help'"));
            }
            match topic {
                None => Ok(Command::Help),
                Some(topic) => topic.to_str().and_then(mode).map(Command::HelpOn).ok_or_else(|| {
                    format!("no help for {topic:?}: the commands are 'collide', 'toi' and 'decompose'")
                }),
            }
        }
        Some(option) if option.starts_with('-') => Err(format!("unknown option {option:?}")),
        name => match name.and_then(mode) {
            Some(mode) => parse_command_args(mode, args),
            None => {
                Err(format!("unknown command {first:?} (the commands are 'collide', 'toi' and 'decompose')"))
            }
        },
    }
}

/// The command named `name`, if any.
fn mode(name: &str) -> Option<Mode> {
    [Mode::Collide, Mode::Toi, Mode::Decompose].into_iter().find(|m| m.name() == name)
}

/// The arguments after `collide` or `toi`: `[-h | --help] [--] [FILE]`.
fn parse_command_args(mode: Mode, args: impl Iterator<Item = OsString>) -> Result<Command, String> {
    let name = mode.name();
    let mut file: Option<OsString> = None;
    let mut options_done = false;
    for arg in args {
        let text = arg.to_str();
        if !options_done {
            match text {
                Some("-h" | "--help") => return Ok(Command::HelpOn(mode)),
                Some("--") => {
                    options_done = true;
                    continue;
                }
                Some(option) if option.starts_with('-') && option != "-" => {
                    return Err(format!("unknown option {option:?} for '{name}'"));
                }
                _ => {}
            }
        }
        if file.is_some() {
            return Err(format!("unexpected argument {arg:?}: '{name}' reads one FILE"));
        }
        file = Some(arg);
    }
    Ok(Command::Run(
        mode,
        match file {
            Some(f) if f == "-" => Input::Stdin,
            Some(f) => Input::File(PathBuf::from(f)),
            None => Input::Stdin,
        },
    ))
}

/// Prints a help text on stdout.
fn print(text: &str) -> ExitCode {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("septa: cannot write to stdout: {e}");
            ExitCode::from(EXIT_IO)
        }
    }
}

/// Why the line loop stopped before the end of the input.
enum Stop {
    Read(io::Error),
    Write(io::Error),
}

/// `septa collide` or `septa toi`: answers every line of `input` on stdout.
fn run(mode: Mode, input: Input) -> ExitCode {
    let (reader, name): (Box<dyn Read>, String) = match input {
        Input::Stdin => (Box::new(io::stdin().lock()), "stdin".into()),
        Input::File(path) => match File::open(&path) {
            Ok(file) => (Box::new(file), path.display().to_string()),
            Err(e) => {
                eprintln!("septa: cannot open {}: {e}", path.display());
                return ExitCode::from(EXIT_IO);
            }
        },
    };
    let mut reader = BufReader::with_capacity(1 << 16, reader);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match answer_lines(&mut reader, &mut out, mode) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Stop::Read(e)) => {
            // Flush the answers to the lines that were read; the read error is what matters.
            let _ = out.flush();
            eprintln!("septa: cannot read {name}: {e}");
            ExitCode::from(EXIT_IO)
        }
        // The reader of our output has gone (`septa collide | head`): nothing left to do.
        Err(Stop::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Stop::Write(e)) => {
            eprintln!("septa: cannot write to stdout: {e}");
            ExitCode::from(EXIT_IO)
        }
    }
}

/// The line loop: one output line per non-blank input line, in order, each line read as a
/// query of `mode`.
///
/// Output is buffered, and flushed whenever the reader has no more input buffered, that is
/// before it may wait for more: a stream fed line by line gets each answer at once, and a file
/// is written in large blocks.
fn answer_lines<R: Read, W: Write>(reader: &mut BufReader<R>, out: &mut W, mode: Mode) -> Result<(), Stop> {
    let mut line = Vec::new();
    let mut first = true;
    loop {
        if reader.buffer().is_empty() {
            out.flush().map_err(Stop::Write)?;
        }
        line.clear();
        if reader.read_until(b'\n', &mut line).map_err(Stop::Read)? == 0 {
            break;
        }
        let mut bytes = line.strip_suffix(b"\n").unwrap_or(&line);
        if first {
            // A UTF-8 byte order mark, as some editors write at the start of a file.
            bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
            first = false;
        }
        if bytes.trim_ascii().is_empty() {
            continue;
        }
        let answer = response::respond(&request::parse_line(bytes, mode));
        out.write_all(answer.as_bytes()).and_then(|()| out.write_all(b"\n")).map_err(Stop::Write)?;
    }
    out.flush().map_err(Stop::Write)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Result<Command, String> {
        parse_args(words.iter().map(OsString::from))
    }

    #[test]
    fn command_lines() {
        assert_eq!(args(&["--help"]), Ok(Command::Help));
        assert_eq!(args(&["help"]), Ok(Command::Help));
        assert_eq!(args(&["help", "collide"]), Ok(Command::HelpOn(Mode::Collide)));
        assert_eq!(args(&["collide", "-h"]), Ok(Command::HelpOn(Mode::Collide)));
        assert_eq!(args(&["help", "toi"]), Ok(Command::HelpOn(Mode::Toi)));
        assert_eq!(args(&["toi", "--help"]), Ok(Command::HelpOn(Mode::Toi)));
        assert_eq!(args(&["collide"]), Ok(Command::Run(Mode::Collide, Input::Stdin)));
        assert_eq!(args(&["collide", "-"]), Ok(Command::Run(Mode::Collide, Input::Stdin)));
        assert_eq!(
            args(&["collide", "q.jsonl"]),
            Ok(Command::Run(Mode::Collide, Input::File("q.jsonl".into())))
        );
        assert_eq!(args(&["collide", "--", "-q"]), Ok(Command::Run(Mode::Collide, Input::File("-q".into()))));
        assert_eq!(args(&["toi"]), Ok(Command::Run(Mode::Toi, Input::Stdin)));
        assert_eq!(args(&["toi", "s.jsonl"]), Ok(Command::Run(Mode::Toi, Input::File("s.jsonl".into()))));
        assert!(args(&["toi", "a", "b"]).unwrap_err().contains("'toi' reads one FILE"));
        assert!(args(&["toi", "--fast"]).unwrap_err().contains("for 'toi'"));
        assert_eq!(args(&["-V"]), Ok(Command::Version));
        assert!(args(&[]).is_err());
        assert!(args(&["colide"]).unwrap_err().contains("unknown command"));
        assert!(args(&["collide", "a", "b"]).is_err());
        assert!(args(&["collide", "--fast"]).is_err());
        assert!(args(&["help", "nope"]).is_err());
    }

    #[test]
    fn lines_blank_crlf_and_bom() {
        let input = "\u{feff}{}\r\n\n   \t\r\n[1]\n{\"a\":1}";
        let mut out = Vec::new();
        assert!(answer_lines(&mut BufReader::new(input.as_bytes()), &mut out, Mode::Collide).is_ok());
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        assert!(lines[0].contains("missing key \\\"a\\\""), "{out}");
        assert!(lines[1].contains("got an array"), "{out}");
        assert!(lines[2].starts_with(r#"{"id":null,"error":"a: expected a shape object"#), "{out}");
    }
}
