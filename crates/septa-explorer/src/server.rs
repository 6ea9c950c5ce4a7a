//! A small HTTP/1.1 server on `std::net`: one thread per connection, one request per
//! connection (`Connection: close`), bound to the loopback interface only.
//!
//! Routes: `GET /` (the page), `GET /app.js`, `GET /style.css`, `GET /favicon.svg` (the icon,
//! also at `/favicon.ico`, where browsers look when a page declares none), `POST /api/trace` and
//! `POST /api/toi` (see [`crate::api`]). [`handle`] maps a request to a response without any
//! socket, so the routing is tested directly.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddrV4, TcpListener, TcpStream};
use std::time::Duration;

use crate::api;

/// The page.
pub const INDEX_HTML: &str = include_str!("../assets/index.html");
/// The page's script: drawing and input only.
pub const APP_JS: &str = include_str!("../assets/app.js");
/// The page's style sheet.
pub const STYLE_CSS: &str = include_str!("../assets/style.css");
/// The page's icon. A browser asks for one on every page load and logs a console error when the
/// answer is 404, so there is one.
pub const FAVICON_SVG: &str = include_str!("../assets/favicon.svg");

/// Request bodies larger than this are refused (shapes are small).
pub const MAX_BODY: usize = 1 << 20;

/// An HTTP response.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: String,
}

impl Response {
    fn new(status: u16, content_type: &'static str, body: impl Into<String>) -> Response {
        Response { status, content_type, body: body.into() }
    }

    fn json(status: u16, value: &serde_json::Value) -> Response {
        Response::new(status, "application/json; charset=utf-8", value.to_string())
    }

    fn reason(&self) -> &'static str {
        match self.status {
            200 => "OK",
            400 => "Bad Request",
            404 => "Not Found",
            405 => "Method Not Allowed",
            413 => "Payload Too Large",
            _ => "Error",
        }
    }
}

/// The response to one request. `path` may carry a query string (ignored: the page reads it).
pub fn handle(method: &str, path: &str, body: &str) -> Response {
    let path = path.split(['?', '#']).next().unwrap_or("");
    let api = |f: fn(&str) -> Result<serde_json::Value, api::ApiError>| match f(body) {
        Ok(value) => Response::json(200, &value),
        Err(e) => Response::json(400, &serde_json::json!({ "error": e.0 })),
    };
    match (method, path) {
        ("GET" | "HEAD", "/" | "/index.html") => Response::new(200, "text/html; charset=utf-8", INDEX_HTML),
        ("GET" | "HEAD", "/app.js") => Response::new(200, "text/javascript; charset=utf-8", APP_JS),
        ("GET" | "HEAD", "/style.css") => Response::new(200, "text/css; charset=utf-8", STYLE_CSS),
        ("GET" | "HEAD", "/favicon.svg" | "/favicon.ico") => Response::new(200, "image/svg+xml", FAVICON_SVG),
        ("POST", "/api/trace") => api(api::trace),
        ("POST", "/api/toi") => api(api::toi),
        (
            _,
            "/" | "/index.html" | "/app.js" | "/style.css" | "/favicon.svg" | "/favicon.ico" | "/api/trace"
            | "/api/toi",
        ) => Response::new(405, "text/plain; charset=utf-8", "method not allowed\n"),
        _ => Response::new(404, "text/plain; charset=utf-8", "not found\n"),
    }
}

/// Reads one request from the stream; `Err` with a response for a malformed one.
fn read_request(stream: &TcpStream) -> std::io::Result<Result<(String, String, String), Response>> {
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let mut parts = line.split_whitespace();
    let (Some(method), Some(path)) = (parts.next(), parts.next()) else {
        return Ok(Err(Response::new(400, "text/plain", "bad request\n")));
    };
    let (method, path) = (method.to_string(), path.to_string());
    let mut length = 0usize;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 || header.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                match value.trim().parse() {
                    Ok(n) => length = n,
                    Err(_) => return Ok(Err(Response::new(400, "text/plain", "bad content-length\n"))),
                }
            }
        }
    }
    if length > MAX_BODY {
        return Ok(Err(Response::new(413, "text/plain", "request too large\n")));
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    Ok(Ok((method, path, String::from_utf8_lossy(&body).into_owned())))
}

fn serve_connection(mut stream: TcpStream) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let (response, head_only) = match read_request(&stream)? {
        Ok((method, path, body)) => (handle(&method, &path, &body), method == "HEAD"),
        Err(response) => (response, false),
    };
    let header = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        response.status,
        response.reason(),
        response.content_type,
        response.body.len()
    );
    stream.write_all(header.as_bytes())?;
    if !head_only {
        stream.write_all(response.body.as_bytes())?;
    }
    stream.flush()
}

/// Binds `127.0.0.1:port` (0 picks a free port).
pub fn bind(port: u16) -> std::io::Result<TcpListener> {
    TcpListener::bind(SocketAddrV4::new(Ipv4Addr::LOCALHOST, port))
}

/// Serves requests from `listener` until the process ends, a thread per connection.
pub fn serve(listener: TcpListener) -> std::io::Result<()> {
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        std::thread::spawn(move || {
            let _ = serve_connection(stream);
        });
    }
    Ok(())
}
