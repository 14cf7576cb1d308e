//! A small Chrome DevTools Protocol driver for the explore page's test:
//! headless Chromium started with `--remote-debugging-pipe`, which reads
//! commands on file descriptor 3 and writes replies and events on 4, each
//! message JSON ended by a NUL byte. A shell `exec` maps the child's
//! stdin and stdout to those descriptors, so std alone drives the browser:
//! no WebSocket client, no Node. Also the helpers that run the binary
//! the pages come from. Each test file declares this module `pub`, so
//! the helpers one file does not call are not taken for dead code.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::chromium::chromium;

/// How long one command or one awaited event may take.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Runs the binary from the crate's root.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// Runs the binary from the crate's root and returns its stdout; it must
/// succeed.
pub fn lab_text(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "banluck-lab {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs the binary from the crate's root; returns its stdout as JSON.
pub fn lab(args: &[&str]) -> Value {
    serde_json::from_str(&lab_text(args)).unwrap()
}

/// A headless browser with one page attached.
pub struct Browser {
    child: Child,
    commands: ChildStdin,
    replies: Receiver<Value>,
    next_id: u64,
    session: String,
    /// Every event received so far (console calls, exceptions, log entries…).
    pub events: Vec<Value>,
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Starts Chromium and opens a blank page with the Runtime, Log and
    /// Page domains on, so nothing the page does later goes unseen.
    pub fn launch() -> Browser {
        let binary = chromium();
        let profile = tempfile::tempdir().unwrap();
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(r#"exec "$0" "$@" 3<&0 4>&1 </dev/null >/dev/null"#)
            .arg(&binary)
            .args([
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--remote-debugging-pipe",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", binary.display()));
        let commands = child.stdin.take().unwrap();
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let (sender, replies) = channel();
        std::thread::spawn(move || {
            let mut message = Vec::new();
            while reader.read_until(0, &mut message).unwrap_or(0) > 0 {
                message.pop_if(|b| *b == 0);
                if let Ok(value) = serde_json::from_slice::<Value>(&message)
                    && sender.send(value).is_err()
                {
                    break;
                }
                message.clear();
            }
        });
        let mut browser = Browser {
            child,
            commands,
            replies,
            next_id: 0,
            session: String::new(),
            events: Vec::new(),
            _profile: profile,
        };
        let target = browser.call_browser("Target.createTarget", json!({ "url": "about:blank" }));
        let attached = browser.call_browser(
            "Target.attachToTarget",
            json!({ "targetId": target["targetId"], "flatten": true }),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        for domain in ["Runtime.enable", "Log.enable", "Page.enable"] {
            browser.call(domain, json!({}));
        }
        browser
    }

    fn send(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(session) = session {
            message["sessionId"] = json!(session);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.commands.write_all(&bytes).unwrap();
        self.commands.flush().unwrap();
        let reply = self.wait(|m| m["id"] == json!(id), method);
        if let Some(error) = reply.get("error") {
            panic!("{method}: {error}");
        }
        reply["result"].clone()
    }

    /// Waits for the first message `wanted` accepts, keeping the events.
    fn wait(&mut self, wanted: impl Fn(&Value) -> bool, what: &str) -> Value {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.replies.recv_timeout(left) {
                Ok(message) if wanted(&message) => return message,
                Ok(message) => {
                    if message.get("method").is_some() {
                        self.events.push(message);
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("Chromium did not answer {what}"),
                Err(RecvTimeoutError::Disconnected) => panic!("Chromium exited during {what}"),
            }
        }
    }

    fn call_browser(&mut self, method: &str, params: Value) -> Value {
        self.send(None, method, params)
    }

    /// Sends a command to the page and returns its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(Some(&session), method, params)
    }

    /// Opens `file` and waits for its load event.
    pub fn open(&mut self, file: &Path) {
        let url = format!("file://{}", file.canonicalize().unwrap().display());
        self.call("Page.navigate", json!({ "url": url }));
        if !self
            .events
            .iter()
            .any(|e| e["method"] == "Page.loadEventFired")
        {
            self.wait(|m| m["method"] == "Page.loadEventFired", "the page load");
        }
    }

    /// Evaluates `expression` in the page and returns its value.
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true }),
        );
        if let Some(exception) = result.get("exceptionDetails") {
            panic!("{expression}: {exception}");
        }
        result["result"]["value"].clone()
    }

    /// Types `text` into the focused element, key by key, as a user would.
    pub fn type_text(&mut self, text: &str) {
        for c in text.chars() {
            let key = c.to_string();
            self.call(
                "Input.dispatchKeyEvent",
                json!({ "type": "keyDown", "key": key, "text": key }),
            );
            self.call(
                "Input.dispatchKeyEvent",
                json!({ "type": "keyUp", "key": key }),
            );
        }
    }

    /// Presses a named key (`Enter`, `Tab`, ` `) with its key code.
    pub fn press(&mut self, key: &str, code: &str, key_code: u32, text: Option<&str>) {
        let mut down = json!({ "type": "keyDown", "key": key, "code": code, "windowsVirtualKeyCode": key_code });
        if let Some(text) = text {
            down["text"] = json!(text);
        }
        self.call("Input.dispatchKeyEvent", down);
        self.call(
            "Input.dispatchKeyEvent",
            json!({ "type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": key_code }),
        );
    }

    /// Fails the calling test when the page logged any console error,
    /// uncaught exception or error log entry ([`Browser::errors`]).
    #[track_caller]
    pub fn assert_no_errors(&mut self) {
        let errors = self.errors();
        assert!(errors.is_empty(), "console errors: {errors:?}");
    }

    /// Every console error, uncaught exception and error log entry seen.
    pub fn errors(&mut self) -> Vec<String> {
        // A round trip, so that events sent before it have arrived.
        self.eval("1");
        self.events
            .iter()
            .filter(|e| match e["method"].as_str() {
                Some("Runtime.consoleAPICalled") => {
                    matches!(e["params"]["type"].as_str(), Some("error" | "assert"))
                }
                Some("Runtime.exceptionThrown") => true,
                Some("Log.entryAdded") => e["params"]["entry"]["level"] == "error",
                _ => false,
            })
            .map(Value::to_string)
            .collect()
    }
}

impl Drop for Browser {
    /// Asks Chromium to close, and kills it if it has not within 5 s.
    fn drop(&mut self) {
        let _ = self
            .commands
            .write_all(b"{\"id\":0,\"method\":\"Browser.close\"}\0");
        let _ = self.commands.flush();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
